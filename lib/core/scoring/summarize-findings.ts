import { SEVERITIES, type Finding } from "../findings";

/** ScanResponse/ServerDetail findingsSummary: "2 critical, 1 high, 3 low" or "No findings". */
export function summarizeFindings(findings: readonly Finding[]): string {
  const counts = SEVERITIES.map((s) => [s, findings.filter((f) => f.severity === s).length] as const).filter(([, n]) => n > 0);
  return counts.length === 0 ? "No findings" : counts.map(([s, n]) => `${n} ${s}`).join(", ");
}
