import { AppError } from "../errors";
import type { CertificationApplication } from "./certification-application";
import type { CertificationStore } from "./certification-store";
import { nextApplicationStatus } from "./certification-transitions";
import { operatorNote } from "./operator-note";

/**
 * Reject and revoke are the same operator move on different states: end the
 * application with a reason the publisher sees, audited. The transitions
 * table decides which states allow which.
 */
export async function closeWithReason(
  store: CertificationStore,
  id: string,
  action: "reject" | "revoke",
  actor: string,
  reason: unknown,
  now: Date,
): Promise<CertificationApplication> {
  const why = operatorNote(reason, "reason");
  const updated = await store.changeApplication(
    id,
    ({ application }) => ({
      status: nextApplicationStatus(application.status, action),
      set: { decisionReason: why },
      audit: { actor, reason: why },
    }),
    now,
  );
  if (!updated) throw new AppError("not_found", "There is no certification application with this id.");
  return updated;
}
