import { SEVERITIES } from "@/lib/core/findings";
import { FACTOR_KEYS } from "@/lib/core/scoring/factors";
import type { ScanOutcome } from "@/lib/core/scanning/scan-outcome";

/** A scan as a readable report for a terminal: verdict, factor table, findings by severity. */
export function formatScanTable(outcome: ScanOutcome): string {
  const lines: string[] = [];
  lines.push(`Server   ${outcome.serverUrl}`);
  lines.push(`Status   ${outcome.status} (${outcome.durationMs} ms)`);
  const score = outcome.score;
  if (score) {
    const cap = score.capReason ? ` (capped from ${score.uncappedGrade}: ${score.capReason})` : "";
    lines.push(`Verdict  ${score.grade} ${score.trustScore}/100, ${score.trustLabel}${cap}`);
    lines.push(`Summary  ${score.trustSummary}`);
    lines.push("");
    lines.push(`${"factor".padEnd(22)} ${"points".padStart(7)}  rationale`);
    for (const key of FACTOR_KEYS) {
      const f = score.factors[key];
      lines.push(`${key.padEnd(22)} ${`${f.points}/${f.max}`.padStart(7)}  ${f.rationale}`);
    }
  }
  if (outcome.discovery) {
    const d = outcome.discovery;
    lines.push("");
    lines.push(`Exposes  ${d.tools.length} tools, ${d.resources.length} resources, ${d.resourceTemplates.length} templates, ${d.prompts.length} prompts over ${d.transport}`);
  }
  lines.push("");
  if (outcome.findings.length === 0) lines.push("No findings.");
  for (const severity of SEVERITIES) {
    const findings = outcome.findings.filter((f) => f.severity === severity);
    if (findings.length === 0) continue;
    lines.push(`${severity.toUpperCase()} (${findings.length})`);
    for (const f of findings) {
      lines.push(`  ${f.id}  ${f.title}`);
      lines.push(`    at ${f.location}${f.evidence ? `: ${f.evidence}` : ""}`);
    }
  }
  return lines.join("\n");
}
