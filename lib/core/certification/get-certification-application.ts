import { AppError } from "../errors";
import type { CertificationApplication, CertificationAuditEntry } from "./certification-application";
import type { CertificationDeps } from "./certification-deps";
import { checkApplicationVerification } from "./check-application-verification";
import { expireCertification } from "./expire-certification";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One application by id, brought up to date first: expired if its date has
 * passed, and, when still pending, its verification checked again
 * (throttled). This is what the publisher's return page shows.
 */
export async function getCertificationApplication(
  deps: CertificationDeps,
  id: string,
  options: { recheck?: boolean } = {},
): Promise<CertificationApplication> {
  const now = (deps.now ?? (() => new Date()))();
  let application = UUID.test(id) ? await deps.store.getApplication(id) : null;
  if (!application) throw new AppError("not_found", "There is no certification application with this id.");
  if (application.status === "approved" && application.expiresAt && application.expiresAt <= now) {
    application = (await expireCertification(deps.store, application.id, now)) ?? application;
  }
  if (options.recheck !== false && application.status === "pending_verification") {
    application = (await checkApplicationVerification(deps, application)).application;
  }
  return application;
}

/** What an operator reads of one application: as it stands (not rechecked: reading must not write a check), and its audit trail. */
export async function getApplicationForOperator(
  deps: CertificationDeps,
  id: string,
): Promise<{ application: CertificationApplication; audit: CertificationAuditEntry[] }> {
  const application = await getCertificationApplication(deps, id, { recheck: false });
  return { application, audit: await deps.store.listAudit(application.id) };
}
