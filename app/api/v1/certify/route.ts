import { toIntakeReply } from "@/lib/core/certification/application-views";
import { openCertificationApplication } from "@/lib/core/certification/open-certification-application";
import { methodsNotAllowed, readJsonBody } from "@/lib/http/api-route";
import { apiRoute } from "@/lib/services/api-route";
import { jsonResponse } from "@/lib/http/responses";
import { parseCertificationRequest } from "@/lib/schemas/certify";

export const dynamic = "force-dynamic";

/** POST /api/v1/certify (docs/certification.md#applying): opens a certification application, or answers the open one. */
export const POST = apiRoute("certify", async ({ request, services }) => {
  const intake = parseCertificationRequest(await readJsonBody(request));
  const { application } = await openCertificationApplication(services.certification, intake);
  return jsonResponse(toIntakeReply(application, services.config.BASE_URL), { headers: { "cache-control": "no-store" } });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
