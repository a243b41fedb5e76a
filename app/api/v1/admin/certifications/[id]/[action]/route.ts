import { toAdminApplication } from "@/lib/core/certification/application-views";
import { getApplicationForOperator } from "@/lib/core/certification/get-certification-application";
import { approveCertification } from "@/lib/core/certification/approve-certification";
import { markCertificationPaid } from "@/lib/core/certification/mark-certification-paid";
import { rejectCertification } from "@/lib/core/certification/reject-certification";
import { revokeCertification } from "@/lib/core/certification/revoke-certification";
import { AppError } from "@/lib/core/errors";
import { methodsNotAllowed, readJsonBody } from "@/lib/http/api-route";
import { apiRoute } from "@/lib/services/api-route";
import { requireAdmin } from "@/lib/http/require-admin";
import { jsonResponse } from "@/lib/http/responses";

export const dynamic = "force-dynamic";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The body of an action, where it has one ({ reason } or { paymentReference }). */
async function field(request: Request, name: string): Promise<unknown> {
  const body = await readJsonBody(request);
  return body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
}

/**
 * POST /api/v1/admin/certifications/{id}/{approve|reject|revoke|mark-paid}
 * (operator only: docs/certification.md#who-may-do-what). Refused transitions are 409 `conflict` with the reason.
 */
export const POST = apiRoute("admin", async ({ request, url, services, gate }) => {
  const actor = requireAdmin(gate);
  const [id, action] = url.pathname.split("/").slice(-2).map(decodeURIComponent);
  if (!UUID.test(id)) throw new AppError("not_found", "There is no certification application with this id.");
  const store = services.certification.store;
  switch (action) {
    case "approve":
      await approveCertification(store, id, actor);
      break;
    case "reject":
      await rejectCertification(store, id, actor, await field(request, "reason"));
      break;
    case "revoke":
      await revokeCertification(store, id, actor, await field(request, "reason"));
      break;
    case "mark-paid":
      await markCertificationPaid(store, id, actor, await field(request, "paymentReference"));
      break;
    default:
      throw new AppError("not_found", "Unknown action: use approve, reject, revoke or mark-paid.");
  }
  const { application, audit } = await getApplicationForOperator(services.certification, id);
  return jsonResponse(toAdminApplication(application, audit), { headers: { "cache-control": "no-store" } });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
