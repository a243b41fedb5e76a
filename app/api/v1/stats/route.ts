import { methodsNotAllowed } from "@/lib/http/api-route";
import { apiRoute } from "@/lib/services/api-route";
import { jsonResponse } from "@/lib/http/responses";

export const dynamic = "force-dynamic";

export const GET = apiRoute("read", async ({ services }) => jsonResponse(await services.stats.get()));

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
