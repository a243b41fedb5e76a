import type { FactorKey } from "./scoring/factors";

export const SEVERITIES = ["critical", "high", "medium", "low", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Worst first: a sort comparator over severities (SEVERITIES is in that order). */
export function bySeverity(a: Severity, b: Severity): number {
  return SEVERITIES.indexOf(a) - SEVERITIES.indexOf(b);
}

/** Whether `severity` is `floor` or worse. */
export function severityAtLeast(severity: Severity, floor: Severity): boolean {
  return bySeverity(severity, floor) <= 0;
}

/**
 * A finding (docs/findings-and-scans.md#findings). `id` is a rule id from the rule catalogue, stable across
 * scans and servers; `evidence` is at most 200 characters with control, bidi
 * and invisible characters shown escaped, never raw.
 */
export interface Finding {
  id: string;
  factor: FactorKey;
  severity: Severity;
  title: string;
  detail: string;
  location: string;
  evidence: string;
  remediation: string;
}
