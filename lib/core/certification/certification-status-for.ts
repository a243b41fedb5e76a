import type { CertificationStatus } from "../grades";
import type { CertificationTier } from "./certification-application";

/**
 * A server's certificationStatus from the tiers of its live approvals
 * (docs/certification.md#states-and-transitions):
 * the highest one, or none. Recomputed after every transition instead of
 * set from the one application that moved, so revoking a standard
 * certification leaves a premium one standing.
 */
export function certificationStatusFor(liveApprovedTiers: readonly CertificationTier[]): CertificationStatus {
  if (liveApprovedTiers.includes("premium")) return "premium";
  if (liveApprovedTiers.includes("standard")) return "standard";
  return "none";
}
