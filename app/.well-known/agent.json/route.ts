import { methodsNotAllowed } from "@/lib/http/api-route";
import { apiRoute } from "@/lib/services/api-route";
import { discoveryDocument } from "@/lib/http/discovery-documents";
import { jsonResponse } from "@/lib/http/responses";

export const dynamic = "force-dynamic";

export const GET = apiRoute("unmetered", async ({ services }) =>
  jsonResponse(discoveryDocument(services.config.BASE_URL), { headers: { "cache-control": "public, max-age=3600" } }),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
