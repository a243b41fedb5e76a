import { SYSTEM_ACTOR, type CertificationApplication } from "./certification-application";
import type { CertificationStore } from "./certification-store";
import { nextApplicationStatus } from "./certification-transitions";

/**
 * Moves one approved application past its expiry to expired (365 days:
 * docs/certification.md#expiry),
 * as "system". Called lazily wherever an application is read and in bulk by
 * expireDueCertifications; a no-op when it is not due or no longer approved
 * (an operator revoked it meanwhile).
 */
export async function expireCertification(store: CertificationStore, id: string, now: Date): Promise<CertificationApplication | null> {
  return store.changeApplication(
    id,
    ({ application }) => {
      if (application.status !== "approved" || !application.expiresAt || application.expiresAt > now) return null;
      return {
        status: nextApplicationStatus(application.status, "expire"),
        audit: { actor: SYSTEM_ACTOR, reason: `expired on ${application.expiresAt.toISOString()}` },
      };
    },
    now,
  );
}
