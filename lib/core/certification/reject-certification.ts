import type { CertificationApplication } from "./certification-application";
import type { CertificationStore } from "./certification-store";
import { closeWithReason } from "./close-with-reason";

/** Operator action (docs/certification.md#states-and-transitions): closes an open application with a reason the publisher sees on the status page. */
export function rejectCertification(
  store: CertificationStore,
  id: string,
  actor: string,
  reason: unknown,
  now: Date = new Date(),
): Promise<CertificationApplication> {
  return closeWithReason(store, id, "reject", actor, reason, now);
}
