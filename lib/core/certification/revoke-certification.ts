import { AppError } from "../errors";
import type { CertificationApplication } from "./certification-application";
import type { CertificationStore } from "./certification-store";
import { nextApplicationStatus } from "./certification-transitions";
import { operatorNote } from "./operator-note";

/**
 * Operator action (D8): withdraws an approval; the server's
 * certificationStatus falls back to none, or to the tier of another live
 * approval of the same server.
 */
export async function revokeCertification(
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
      status: nextApplicationStatus(application.status, "revoke"),
      set: { decisionReason: why },
      audit: { actor, reason: why },
    }),
    now,
  );
  if (!updated) throw new AppError("not_found", "There is no certification application with this id.");
  return updated;
}
