import { AppError } from "../errors";
import { assertApprovable } from "./assert-approvable";
import { CERTIFICATION_VALIDITY_MS, type CertificationApplication } from "./certification-application";
import type { CertificationStore } from "./certification-store";
import { nextApplicationStatus } from "./certification-transitions";

/**
 * Operator action (docs/certification.md#approval): verified, paid and at or above the tier's floor ->
 * approved for 365 days; the server's certificationStatus becomes the tier
 * (in the same transaction).
 */
export async function approveCertification(
  store: CertificationStore,
  id: string,
  actor: string,
  now: Date = new Date(),
): Promise<CertificationApplication> {
  const updated = await store.changeApplication(
    id,
    ({ application, server }) => {
      const status = nextApplicationStatus(application.status, "approve");
      assertApprovable(application, server);
      return {
        status,
        set: { approvedAt: now, expiresAt: new Date(now.getTime() + CERTIFICATION_VALIDITY_MS), decisionReason: null },
        audit: { actor, reason: `approved at grade ${server.grade}` },
      };
    },
    now,
  );
  if (!updated) throw new AppError("not_found", "There is no certification application with this id.");
  return updated;
}
