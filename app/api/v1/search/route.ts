import { searchServers } from "@/lib/core/registry/search-servers";
import { methodsNotAllowed, parseQuery } from "@/lib/http/api-route";
import { apiRoute } from "@/lib/services/api-route";
import { jsonResponse } from "@/lib/http/responses";
import { searchParamsSchema } from "@/lib/schemas/search";

export const dynamic = "force-dynamic";

export const GET = apiRoute("read", async ({ url, services }) => {
  const query = parseQuery(url, searchParamsSchema);
  return jsonResponse(await searchServers(services.store, query));
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
