import type { CertificationStatus, Grade } from "../grades";

/**
 * A certification application (docs/certification.md) as the core sees it. The contact email
 * is here because the operator needs it; every public view is built by
 * application-views.ts, which leaves it out.
 */
export const CERTIFICATION_TIERS = ["standard", "premium"] as const;
export type CertificationTier = (typeof CERTIFICATION_TIERS)[number];

export const APPLICATION_STATUSES = ["pending_verification", "verified", "approved", "rejected", "expired", "revoked"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Statuses in which an application is open: at most one per server and tier (index cert_apps_open_key). */
export const OPEN_APPLICATION_STATUSES: readonly ApplicationStatus[] = ["pending_verification", "verified"];

/** How long an approval holds (docs/certification.md#expiry). */
export const CERTIFICATION_VALIDITY_MS = 365 * 24 * 3600 * 1000;

export interface CertificationApplication {
  id: string;
  serverId: string;
  serverUrl: string;
  tier: CertificationTier;
  contactEmail: string;
  publisherName: string | null;
  status: ApplicationStatus;
  verificationToken: string;
  verifiedAt: Date | null;
  lastVerificationAttemptAt: Date | null;
  paid: boolean;
  paidAt: Date | null;
  paymentReference: string | null;
  approvedAt: Date | null;
  expiresAt: Date | null;
  decisionReason: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface CertificationAuditEntry {
  id: string;
  applicationId: string;
  actor: string;
  at: Date;
  fromStatus: ApplicationStatus | null;
  toStatus: ApplicationStatus;
  reason: string | null;
  /** The application's version after the change (null on rows written before it was recorded). */
  applicationVersion: number | null;
}

/** What a transition may look at of the server: its latest grade and current certification. */
export interface ServerCertificationView {
  id: string;
  url: string | null;
  grade: Grade | null;
  certificationStatus: CertificationStatus;
}

/** The actor of automatic transitions (expiry, verification checks). */
export const SYSTEM_ACTOR = "system";
