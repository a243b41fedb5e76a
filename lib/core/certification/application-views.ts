import type { CertificationApplication, CertificationAuditEntry } from "./certification-application";
import { verificationUrlFor } from "./verification-document";

/**
 * The shapes applications are shown in. Public shapes (the intake reply and
 * the status page) are built here and only here, field by field, and never
 * carry the contact email or the publisher name: they are read by anyone
 * who has the application id.
 */

const PAYMENT_NOTE =
  "Standard and premium certification are paid through the payment processor in the publisher workflow, outside this API. The application records the payment; approval needs it.";

function instructions(application: CertificationApplication): string {
  return (
    `Serve the token as the body of ${verificationUrlFor(application.serverUrl)} (HTTP 200, text/plain; ` +
    `it may also be one line of a longer file). Then send the same request to POST /api/v1/certify again, ` +
    `or open the status URL: the check runs again (at most every 30 seconds).`
  );
}

function statusUrl(baseUrl: string, id: string): string {
  return `${baseUrl}/api/v1/certify/${id}`;
}

/** The intake reply (docs/certification.md#applying): what to do next, never the contact email. */
export function toIntakeReply(application: CertificationApplication, baseUrl: string) {
  return {
    applicationId: application.id,
    status: application.status,
    server_url: application.serverUrl,
    tier: application.tier,
    verification: {
      method: "well-known" as const,
      url: verificationUrlFor(application.serverUrl),
      token: application.verificationToken,
      instructions: instructions(application),
      verified: application.verifiedAt !== null,
    },
    payment: { required: true, paid: application.paid, note: PAYMENT_NOTE },
    next: {
      statusUrl: statusUrl(baseUrl, application.id),
      steps: [
        application.verifiedAt ? "Verification done." : "Publish the verification token (see verification.instructions).",
        application.paid ? "Payment recorded." : "Pay in the publisher workflow.",
        "An operator reviews the application once it is verified and paid; the server's latest grade must meet the tier's floor (standard C, premium B).",
      ],
    },
  };
}

/** The publisher's status page (GET /api/v1/certify/{id}): public, so no contact data. */
export function toPublicApplication(application: CertificationApplication, baseUrl: string) {
  const pending = application.status === "pending_verification";
  return {
    applicationId: application.id,
    status: application.status,
    server_url: application.serverUrl,
    tier: application.tier,
    createdAt: application.createdAt.toISOString(),
    verification: {
      method: "well-known" as const,
      url: verificationUrlFor(application.serverUrl),
      verified: application.verifiedAt !== null,
      verifiedAt: application.verifiedAt?.toISOString() ?? null,
      lastCheckedAt: application.lastVerificationAttemptAt?.toISOString() ?? null,
      ...(pending ? { token: application.verificationToken, instructions: instructions(application) } : {}),
    },
    payment: { required: true, paid: application.paid, note: PAYMENT_NOTE },
    approvedAt: application.approvedAt?.toISOString() ?? null,
    expiresAt: application.expiresAt?.toISOString() ?? null,
    reason: application.status === "rejected" || application.status === "revoked" ? application.decisionReason : null,
    statusUrl: statusUrl(baseUrl, application.id),
  };
}

/** The operator's view (admin API only): everything, including the contact email and the audit trail. */
export function toAdminApplication(application: CertificationApplication, audit?: CertificationAuditEntry[]) {
  return {
    id: application.id,
    serverId: application.serverId,
    serverUrl: application.serverUrl,
    tier: application.tier,
    status: application.status,
    contactEmail: application.contactEmail,
    publisherName: application.publisherName,
    verifiedAt: application.verifiedAt?.toISOString() ?? null,
    lastVerificationAttemptAt: application.lastVerificationAttemptAt?.toISOString() ?? null,
    paid: application.paid,
    paidAt: application.paidAt?.toISOString() ?? null,
    paymentReference: application.paymentReference,
    approvedAt: application.approvedAt?.toISOString() ?? null,
    expiresAt: application.expiresAt?.toISOString() ?? null,
    decisionReason: application.decisionReason,
    version: application.version,
    createdAt: application.createdAt.toISOString(),
    updatedAt: application.updatedAt.toISOString(),
    ...(audit
      ? {
          audit: audit.map((a) => ({ version: a.applicationVersion, actor: a.actor, at: a.at.toISOString(), from: a.fromStatus, to: a.toStatus, reason: a.reason })),
        }
      : {}),
  };
}
