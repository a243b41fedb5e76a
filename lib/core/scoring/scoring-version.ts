/**
 * The version of the rules and weights that produced a score (the report's
 * scan.scoringVersion: docs/findings-and-scans.md#the-report). Bump it whenever a rule, a deduction or a cap
 * changes, so that scores from different versions are never compared as if
 * they were the same measurement.
 */
export const SCORING_VERSION = "2026.11.25.5";
