import { AppError } from "../errors";
import { SYSTEM_ACTOR, type CertificationApplication } from "./certification-application";
import type { CertificationDeps } from "./certification-deps";
import { nextApplicationStatus } from "./certification-transitions";
import { documentProvesToken, verificationUrlFor } from "./verification-document";

/** However often the status page is polled, the origin is fetched at most this often per application. */
const VERIFICATION_RECHECK_MS = 30_000;

export interface VerificationCheck {
  application: CertificationApplication;
  /** Whether a fetch was made now (false: throttled, or nothing to check). */
  checked: boolean;
  verified: boolean;
  detail: string;
}

/**
 * Looks for the token at the server's origin and, when it is there, moves
 * the application to verified (docs/certification.md#verification). Runs on the publisher's re-intake, on
 * the status page and from `npm run certify -- verify` (force: skips the
 * throttle). Anything but pending_verification is left alone.
 */
export async function checkApplicationVerification(
  deps: CertificationDeps,
  application: CertificationApplication,
  options: { force?: boolean } = {},
): Promise<VerificationCheck> {
  const now = (deps.now ?? (() => new Date()))();
  if (application.status !== "pending_verification") {
    return { application, checked: false, verified: application.verifiedAt !== null, detail: `the application is ${application.status}` };
  }
  const claimed = await deps.store.claimVerificationAttempt(application.id, now, options.force ? 0 : VERIFICATION_RECHECK_MS);
  if (!claimed) {
    return { application, checked: false, verified: false, detail: "checked less than 30 seconds ago" };
  }
  const url = verificationUrlFor(application.serverUrl);
  const fetched = await deps.fetchVerification(url);
  if (!fetched.ok) {
    const current = (await deps.store.getApplication(application.id)) ?? application;
    return { application: current, checked: true, verified: false, detail: fetched.reason };
  }
  if (!documentProvesToken(fetched.body, application.verificationToken)) {
    const current = (await deps.store.getApplication(application.id)) ?? application;
    return { application: current, checked: true, verified: false, detail: `${url} does not contain the token on a line of its own` };
  }
  const updated = await deps.store.changeApplication(
    application.id,
    ({ application: current }) => {
      // A concurrent check (or an operator's reject) got there first: nothing to do.
      if (current.status !== "pending_verification") return null;
      return {
        status: nextApplicationStatus(current.status, "verify"),
        set: { verifiedAt: now },
        audit: { actor: SYSTEM_ACTOR, reason: `token found at ${url}` },
      };
    },
    now,
  );
  if (!updated) throw new AppError("not_found", "The application no longer exists.");
  return { application: updated, checked: true, verified: updated.verifiedAt !== null, detail: `token found at ${url}` };
}
