import { AppError } from "../errors";
import type { ApplicationStatus } from "./certification-application";

/**
 * The state machine of an application (docs/certification.md#states-and-transitions), as a table:
 *
 *   pending_verification --verify--> verified --approve--> approved --expire--> expired
 *   pending_verification | verified --reject--> rejected     approved --revoke--> revoked
 *
 * The product decision draws reject from verified only; we also allow it
 * from pending_verification, because an application that never verifies (spam, abandoned) would
 * otherwise hold the server's one open slot for that tier for ever.
 * rejected, expired and revoked are final: a publisher applies again.
 */
export const CERTIFICATION_EVENTS = ["verify", "approve", "reject", "revoke", "expire"] as const;
export type CertificationEvent = (typeof CERTIFICATION_EVENTS)[number];

export const CERTIFICATION_TRANSITIONS: Readonly<Record<CertificationEvent, { from: readonly ApplicationStatus[]; to: ApplicationStatus }>> = {
  verify: { from: ["pending_verification"], to: "verified" },
  approve: { from: ["verified"], to: "approved" },
  reject: { from: ["pending_verification", "verified"], to: "rejected" },
  revoke: { from: ["approved"], to: "revoked" },
  expire: { from: ["approved"], to: "expired" },
};

const WHY_NOT: Partial<Record<CertificationEvent, Partial<Record<ApplicationStatus, string>>>> = {
  approve: {
    pending_verification: "the publisher has not proven control of the server's origin yet (verification pending)",
    approved: "it is already approved",
  },
  verify: { verified: "it is already verified" },
  revoke: {
    pending_verification: "only an approved certification can be revoked; reject an open application instead",
    verified: "only an approved certification can be revoked; reject an open application instead",
    revoked: "it is already revoked",
  },
  reject: { approved: "an approved certification is revoked, not rejected", rejected: "it is already rejected" },
  expire: { expired: "it has already expired" },
};

/**
 * The status an event moves an application to, or AppError `conflict`
 * (409) naming why not. Pure, so every transition and every refusal is
 * tested without a database, and every writer applies the same table.
 */
export function nextApplicationStatus(from: ApplicationStatus, event: CertificationEvent): ApplicationStatus {
  const rule = CERTIFICATION_TRANSITIONS[event];
  if (rule.from.includes(from)) return rule.to;
  const why = WHY_NOT[event]?.[from] ?? `it is ${from.replace("_", " ")}${isFinal(from) ? ", which is final" : ""}`;
  throw new AppError("conflict", `Cannot ${event} this application: ${why}.`, { from, event });
}

function isFinal(status: ApplicationStatus): boolean {
  return status === "rejected" || status === "expired" || status === "revoked";
}
