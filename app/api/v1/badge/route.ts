import { AppError } from "@/lib/core/errors";
import { methodsNotAllowed } from "@/lib/http/api-route";
import { apiRoute } from "@/lib/services/api-route";
import { badgeResponse, parseBadgeOptions } from "@/lib/http/badge-response";

export const dynamic = "force-dynamic";

export const GET = apiRoute("unmetered", async ({ request, url, services }) => {
  const serverUrl = url.searchParams.get("url");
  if (!serverUrl) throw new AppError("invalid_parameter", "url: the server URL is required.", { parameter: "url" });
  return badgeResponse(services, request, serverUrl, parseBadgeOptions(url, "flat"));
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
