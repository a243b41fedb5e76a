import { AppError } from "@/lib/core/errors";
import { getVersion, listVersions, parseServerPath } from "@/lib/core/registry/subregistry/subregistry-api";
import { parseQuery } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/responses";
import { officialError, readOnly, subregistryContext } from "@/lib/http/subregistry-route";
import { subregistryRoute } from "@/lib/services/api-route";
import { detailParamsSchema } from "@/lib/schemas/registry-api";

export const dynamic = "force-dynamic";

const PREFIX = "/v0.1/servers/";

/**
 * GET /v0.1/servers/{serverName}/versions and /versions/{version}. The
 * name is read from the raw path (its slash percent-encoded, or decoded by
 * a proxy), not from route params, so it is decoded exactly once.
 */
export const GET = subregistryRoute(async ({ url, services }) => {
  const target = url.pathname.startsWith(PREFIX) ? parseServerPath(url.pathname.slice(PREFIX.length)) : null;
  if (!target) throw new AppError("not_found", "Not found: use /v0.1/servers/{serverName}/versions[/{version}] with the name percent-encoded.");
  const q = parseQuery(url, detailParamsSchema);
  const params = { includeDeleted: q.include_deleted, minGrade: q.min_grade };
  const context = subregistryContext(services);
  if (target.version === undefined) return jsonResponse(await listVersions(context, target.name, params));
  return jsonResponse(await getVersion(context, target.name, target.version, params));
});

// The specification's optional write endpoints: this registry is read-only.
export const PUT = readOnly("Updates", "GET");
export const DELETE = readOnly("Deletion", "GET");
export const PATCH = readOnly("Status updates", "GET");
export const POST = async () => officialError(405, "This endpoint supports GET.", { allow: "GET" });
