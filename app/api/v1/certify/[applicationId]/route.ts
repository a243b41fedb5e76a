import { toPublicApplication } from "@/lib/core/certification/application-views";
import { getCertificationApplication } from "@/lib/core/certification/get-certification-application";
import { methodsNotAllowed } from "@/lib/http/api-route";
import { apiRoute } from "@/lib/services/api-route";
import { jsonResponse } from "@/lib/http/responses";

export const dynamic = "force-dynamic";

/** GET /api/v1/certify/{applicationId}: the publisher's status page; re-checks verification while pending. */
export const GET = apiRoute("read", async ({ url, services }) => {
  const id = decodeURIComponent(url.pathname.split("/").pop() ?? "");
  const application = await getCertificationApplication(services.certification, id);
  return jsonResponse(toPublicApplication(application, services.config.BASE_URL), { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
