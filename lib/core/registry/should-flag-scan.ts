import type { Finding } from "../findings";
import { gradeAtLeast, type CertificationStatus, type Grade } from "../grades";
import type { ScanOutcome } from "../scanning/scan-outcome";
import { CERTIFICATION_FLOOR } from "./certification-floor";

export interface PreviousVerdict {
  grade: Grade | null;
  findings: Finding[];
}

/**
 * Whether a scan belongs in recentlyFlagged
 * (docs/search-and-stats.md#recently-flagged): it lowered the grade,
 * added a critical or high finding, changed tool definitions, or put a
 * certified server below its tier's floor. Decided once, when the scan is
 * recorded, so the stats query stays an index scan.
 */
export function shouldFlagScan(
  outcome: ScanOutcome,
  previous: PreviousVerdict | null,
  certificationStatus: CertificationStatus,
): boolean {
  if (!outcome.score) return false;
  const grade = outcome.score.grade;
  if (previous?.grade && !gradeAtLeast(grade, previous.grade)) return true;
  const changes = outcome.changes;
  if (changes && changes.added.length + changes.removed.length + changes.changed.length > 0) return true;
  if (certificationStatus !== "none" && !gradeAtLeast(grade, CERTIFICATION_FLOOR[certificationStatus])) return true;
  const seen = new Set((previous?.findings ?? []).map(findingKey));
  return outcome.findings.some(
    (f) => (f.severity === "critical" || f.severity === "high") && !seen.has(findingKey(f)),
  );
}

function findingKey(f: Finding): string {
  return `${f.id}@${f.location}`;
}
