import { apiRoute, methodsNotAllowed } from "@/lib/http/api-route";
import { agentCard } from "@/lib/http/discovery-documents";
import { jsonResponse } from "@/lib/http/responses";

export const dynamic = "force-dynamic";

export const GET = apiRoute("unmetered", async ({ services }) =>
  jsonResponse(agentCard(services.config.BASE_URL), { headers: { "cache-control": "public, max-age=3600" } }),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
