import type { FactorKey } from "./scoring/factors";

export const SEVERITIES = ["critical", "high", "medium", "low", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];

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
