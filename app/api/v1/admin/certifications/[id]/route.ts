import { toAdminApplication } from "@/lib/core/certification/application-views";
import { getApplicationForOperator } from "@/lib/core/certification/get-certification-application";
import { methodsNotAllowed } from "@/lib/http/api-route";
import { apiRoute } from "@/lib/services/api-route";
import { requireAdmin } from "@/lib/http/require-admin";
import { jsonResponse } from "@/lib/http/responses";

export const dynamic = "force-dynamic";

/** GET /api/v1/admin/certifications/{id}: one application with its contact data and audit trail (operator only). */
export const GET = apiRoute("admin", async ({ url, services, gate }) => {
  requireAdmin(gate);
  const id = decodeURIComponent(url.pathname.split("/").pop() ?? "");
  const { application, audit } = await getApplicationForOperator(services.certification, id);
  return jsonResponse(toAdminApplication(application, audit), { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
