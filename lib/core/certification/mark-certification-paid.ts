import { AppError } from "../errors";
import { OPEN_APPLICATION_STATUSES, type CertificationApplication } from "./certification-application";
import type { CertificationStore } from "./certification-store";
import { operatorNote } from "./operator-note";

/**
 * Records the payment taken by the processor (docs/certification.md#payment: the
 * application records whether it was paid). Not a status transition, but audited like one
 * (from = to). Idempotent for the same reference, so a retried webhook or a
 * double click is harmless; a different reference on a paid application is
 * a conflict an operator should look at.
 */
export async function markCertificationPaid(
  store: CertificationStore,
  id: string,
  actor: string,
  paymentReference: unknown,
  now: Date = new Date(),
): Promise<CertificationApplication> {
  const reference = operatorNote(paymentReference, "paymentReference", 200);
  const updated = await store.changeApplication(
    id,
    ({ application }) => {
      if (!OPEN_APPLICATION_STATUSES.includes(application.status)) {
        throw new AppError("conflict", `Cannot record a payment: the application is ${application.status}, which is closed.`);
      }
      if (application.paid) {
        if (application.paymentReference === reference) return null;
        throw new AppError("conflict", `The application is already marked paid (reference ${application.paymentReference}).`);
      }
      return {
        status: application.status,
        set: { paid: true, paidAt: now, paymentReference: reference },
        audit: { actor, reason: `payment recorded: ${reference}` },
      };
    },
    now,
  );
  if (!updated) throw new AppError("not_found", "There is no certification application with this id.");
  return updated;
}
