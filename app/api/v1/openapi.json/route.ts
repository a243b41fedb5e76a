import { apiRoute, methodsNotAllowed } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/responses";
import { buildOpenApiDocument } from "@/lib/schemas/openapi";

export const dynamic = "force-dynamic";

export const GET = apiRoute("unmetered", async ({ services }) =>
  jsonResponse(buildOpenApiDocument(services.config.BASE_URL), { headers: { "cache-control": "public, max-age=3600" } }),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
