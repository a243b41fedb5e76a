import type { CertificationApplication } from "./certification-application";
import type { CertificationStore } from "./certification-store";
import { closeWithReason } from "./close-with-reason";

/**
 * Operator action (docs/certification.md#states-and-transitions): withdraws an approval; the server's
 * certificationStatus falls back to none, or to the tier of another live
 * approval of the same server.
 */
export function revokeCertification(
  store: CertificationStore,
  id: string,
  actor: string,
  reason: unknown,
  now: Date = new Date(),
): Promise<CertificationApplication> {
  return closeWithReason(store, id, "revoke", actor, reason, now);
}
