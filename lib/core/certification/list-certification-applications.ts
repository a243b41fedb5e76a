import { AppError } from "../errors";
import { APPLICATION_STATUSES, type ApplicationStatus, type CertificationApplication } from "./certification-application";
import type { CertificationStore } from "./certification-store";
import { expireDueCertifications } from "./expire-due-certifications";

/**
 * The operator's queue, newest first, optionally by status. Due expiries are
 * applied first so the list never shows an approval that has lapsed.
 */
export async function listCertificationApplications(
  store: CertificationStore,
  filter: { status?: string | null; limit?: number } = {},
  now: Date = new Date(),
): Promise<CertificationApplication[]> {
  const status = filter.status ?? undefined;
  if (status !== undefined && !APPLICATION_STATUSES.includes(status as ApplicationStatus)) {
    throw new AppError("invalid_parameter", `status: must be one of ${APPLICATION_STATUSES.join(", ")}.`, { parameter: "status" });
  }
  const limit = filter.limit ?? 100;
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
    throw new AppError("invalid_parameter", "limit: an integer from 1 to 500.", { parameter: "limit" });
  }
  await expireDueCertifications(store, now);
  return store.listApplications({ status: status as ApplicationStatus | undefined, limit });
}
