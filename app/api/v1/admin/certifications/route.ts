import { toAdminApplication } from "@/lib/core/certification/application-views";
import { listCertificationApplications } from "@/lib/core/certification/list-certification-applications";
import { AppError } from "@/lib/core/errors";
import { methodsNotAllowed } from "@/lib/http/api-route";
import { apiRoute } from "@/lib/services/api-route";
import { requireAdmin } from "@/lib/http/require-admin";
import { jsonResponse } from "@/lib/http/responses";

export const dynamic = "force-dynamic";

/** GET /api/v1/admin/certifications?status=&limit= (operator only: an admin API key; in the OpenAPI document under the admin tag). */
export const GET = apiRoute("admin", async ({ url, services, gate }) => {
  requireAdmin(gate);
  const rawLimit = url.searchParams.get("limit");
  if (rawLimit !== null && !/^\d{1,4}$/.test(rawLimit)) throw new AppError("invalid_parameter", "limit: an integer from 1 to 500.", { parameter: "limit" });
  const applications = await listCertificationApplications(services.certification.store, {
    status: url.searchParams.get("status"),
    limit: rawLimit === null ? undefined : Number(rawLimit),
  });
  return jsonResponse({ applications: applications.map((a) => toAdminApplication(a)) }, { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
