import { AppError } from "../errors";
import { gradeAtLeast } from "../grades";
import { CERTIFICATION_FLOOR } from "../registry/certification-floor";
import type { CertificationApplication, ServerCertificationView } from "./certification-application";

/**
 * The conditions of approval beyond the status (docs/certification.md#approval): paid, and the server's
 * latest grade at or above the tier's floor (standard C, premium B). Checked
 * inside the same locked transaction as the status change, so a rescan that
 * lands at the same moment cannot slip a failing grade past it.
 */
export function assertApprovable(application: CertificationApplication, server: ServerCertificationView): void {
  if (!application.paid) {
    throw new AppError("conflict", "Cannot approve this application: payment has not been recorded (mark it paid first).");
  }
  const floor = CERTIFICATION_FLOOR[application.tier];
  if (!server.grade) {
    throw new AppError("conflict", `Cannot approve this application: the server has no grade yet (scan it first; ${application.tier} needs ${floor} or better).`);
  }
  if (!gradeAtLeast(server.grade, floor)) {
    throw new AppError(
      "conflict",
      `Cannot approve this application: the server's latest grade is ${server.grade}; ${application.tier} needs ${floor} or better.`,
    );
  }
}
