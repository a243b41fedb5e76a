import { listServers } from "@/lib/core/registry/subregistry/subregistry-api";
import { parseQuery } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/responses";
import { officialError, subregistryContext } from "@/lib/http/subregistry-route";
import { subregistryRoute } from "@/lib/services/api-route";
import { listServersParamsSchema } from "@/lib/schemas/registry-api";

export const dynamic = "force-dynamic";

/** GET /v0.1/servers: the official MCP Registry's list, over this registry's imported servers (docs/subregistry.md). */
export const GET = subregistryRoute(async ({ url, services }) => {
  const q = parseQuery(url, listServersParamsSchema);
  const list = await listServers(subregistryContext(services), {
    cursor: q.cursor,
    limit: q.limit,
    search: q.search,
    updatedSince: q.updated_since,
    version: q.version,
    includeDeleted: q.include_deleted,
    minGrade: q.min_grade,
  });
  return jsonResponse(list);
});

const notAllowed = async () => officialError(405, "This endpoint supports GET.", { allow: "GET" });
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
