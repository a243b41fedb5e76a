import { isAppError, type ErrorCode } from "@/lib/core/errors";
import type { AssessRequest, AssessTrigger } from "@/lib/core/registry/rescan-servers";
import type { JoinEvidence } from "@/lib/core/registry/scan-server";

/**
 * The contract of the assessment jobs (docs/jobs.md): the queue, its data,
 * what a handler returns, and which failures are worth another attempt.
 */
export const ASSESS_QUEUE = "assess-server";

export type AssessJobData = AssessRequest;

/** Works one job. Resolves with the assessment's status (completed, partial or unreachable: docs/findings-and-scans.md#statuses); a throw fails the attempt. */
export type AssessHandler = (job: AssessJobData) => Promise<{ status: string }>;

/** The package assessment of one `pkg:` server (lib/services wires it: docs/package-assessment.md). */
export type AssessPackage = (url: string, trigger: AssessTrigger) => Promise<{ status: string }>;

/** For a remote server that names an npm package: assesses the package and answers the step that joins it to the remote scan. */
export type AssessPackageOfRemote = (url: string) => Promise<JoinEvidence | undefined>;

/** How a queue retries and bounds its jobs (pg-boss queue options, in seconds). */
export interface RetryPolicy {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  retryDelayMax: number;
  /** A job still running after this is failed (and retried, if attempts are left); its signal aborts. */
  expireInSeconds: number;
}

/**
 * Three more attempts, after 10-20 s, 20-40 s and 40-80 s (pg-boss's jittered backoff),
 * for what may pass: a database restart, the scan cap reached, a network
 * error. Five minutes bound one attempt: a scan has its own deadline of at
 * most two minutes (SCAN_DEADLINE_MS), a package assessment about one.
 */
export const ASSESS_RETRY: RetryPolicy = { retryLimit: 3, retryDelay: 10, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 300 };

/** Refusals about the target itself: the same job would be refused again. */
const PERMANENT_CODES: ReadonlySet<ErrorCode> = new Set(["target_forbidden", "invalid_url", "bad_request", "invalid_parameter", "not_found"]);

export function isRetryable(error: unknown): boolean {
  return !(isAppError(error) && PERMANENT_CODES.has(error.code));
}

/** What a failed job keeps as its output: the reason, and the code of a domain error. */
export function failureOutput(error: unknown): { reason: string; code?: string } {
  const reason = error instanceof Error ? error.message : String(error);
  return isAppError(error) ? { reason, code: error.code } : { reason };
}
