import { methodsNotAllowed } from "@/lib/http/api-route";
import { apiRoute } from "@/lib/services/api-route";
import { jsonResponse } from "@/lib/http/responses";
import { buildOpenApiDocument, type OpenApiDocument } from "@/lib/schemas/openapi";

export const dynamic = "force-dynamic";

/** The document depends on BASE_URL alone; building it (zod to JSON Schema for every component) takes tens of milliseconds. */
const built = new Map<string, OpenApiDocument>();

function openApiDocument(baseUrl: string): OpenApiDocument {
  let doc = built.get(baseUrl);
  if (!doc) {
    doc = buildOpenApiDocument(baseUrl);
    built.set(baseUrl, doc);
  }
  return doc;
}

export const GET = apiRoute("unmetered", async ({ services }) =>
  jsonResponse(openApiDocument(services.config.BASE_URL), { headers: { "cache-control": "public, max-age=3600" } }),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
