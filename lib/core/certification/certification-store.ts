import type {
  ApplicationStatus,
  CertificationApplication,
  CertificationAuditEntry,
  CertificationTier,
  ServerCertificationView,
} from "./certification-application";

/**
 * The port the certification use cases need from storage. The one subtle
 * method is changeApplication: the store locks the server row, then the
 * application row, runs the core's pure `decide` on what it read under the
 * locks, writes the change, its audit row and the server's recomputed
 * certificationStatus in the same transaction. Two operators racing
 * (approve vs revoke) are thereby serialised per server, and the loser's
 * `decide` sees the winner's result.
 */

interface NewApplication {
  serverId: string;
  serverUrl: string;
  tier: CertificationTier;
  contactEmail: string;
  publisherName: string | null;
  verificationToken: string;
}

interface AuditNote {
  actor: string;
  reason: string | null;
}

type ApplicationPatch = Partial<
  Pick<CertificationApplication, "verifiedAt" | "paid" | "paidAt" | "paymentReference" | "approvedAt" | "expiresAt" | "decisionReason">
>;

interface ApplicationChange {
  /** The new status; equal to the current one for changes that are not transitions (payment recorded). */
  status: ApplicationStatus;
  set?: ApplicationPatch;
  audit: AuditNote;
}

interface TransitionContext {
  application: CertificationApplication;
  server: ServerCertificationView;
}

export interface CertificationStore {
  /** The server with this normalized URL, created unlisted (source 'certify') if the registry does not have it. */
  ensureServer(url: string, fallback: { name: string; publisherName: string }): Promise<{ id: string; created: boolean }>;
  /**
   * Opens an application, or answers the open one of the same server and
   * tier (created: false). Safe under concurrent intakes: the partial
   * unique index decides, not a read-then-write.
   */
  openApplication(input: NewApplication, audit: AuditNote): Promise<{ application: CertificationApplication; created: boolean }>;
  getApplication(id: string): Promise<CertificationApplication | null>;
  listApplications(filter: { status?: ApplicationStatus; limit: number }): Promise<CertificationApplication[]>;
  listAudit(applicationId: string): Promise<CertificationAuditEntry[]>;
  /**
   * Applies `decide` under row locks (see above). `decide` may throw (the
   * transaction is rolled back) or answer null (nothing to change). Answers
   * the application as it is afterwards, or null when there is none.
   */
  changeApplication(
    id: string,
    decide: (context: TransitionContext) => ApplicationChange | null,
    now: Date,
  ): Promise<CertificationApplication | null>;
  /**
   * Records a verification attempt unless one was made less than
   * `minIntervalMs` ago; answers whether this caller may fetch. Throttles
   * outbound fetches however many clients poll the status page.
   */
  claimVerificationAttempt(id: string, now: Date, minIntervalMs: number): Promise<boolean>;
  /** Ids of approved applications whose expiry has passed. */
  listDueExpirations(now: Date, limit: number): Promise<string[]>;
}
