import { AppError } from "../errors";
import type { CertificationApplication } from "./certification-application";
import type { CertificationStore } from "./certification-store";
import { nextApplicationStatus } from "./certification-transitions";
import { operatorNote } from "./operator-note";

/** Operator action (D8): closes an open application with a reason the publisher sees on the status page. */
export async function rejectCertification(
  store: CertificationStore,
  id: string,
  actor: string,
  reason: unknown,
  now: Date = new Date(),
): Promise<CertificationApplication> {
  const why = operatorNote(reason, "reason");
  const updated = await store.changeApplication(
    id,
    ({ application }) => ({
      status: nextApplicationStatus(application.status, "reject"),
      set: { decisionReason: why },
      audit: { actor, reason: why },
    }),
    now,
  );
  if (!updated) throw new AppError("not_found", "There is no certification application with this id.");
  return updated;
}
