import { GRADES, type Grade } from "@/lib/core/grades";
import { SEVERITIES, type Finding, type Severity } from "@/lib/core/findings";
import type { ScanOutcome, ScanStatus } from "@/lib/core/scanning/scan-outcome";

/**
 * From scan outcomes to detection figures and their report: pure, no I/O.
 *
 * - A malicious server is caught when it is graded D or F AND has at least one
 *   critical or high finding (unreachable or not scored: missed).
 * - A benign server is a false positive when it has any critical or high
 *   finding, or is graded D or F.
 */

export type Verdict = "malicious" | "benign";
/** A scan's status, or `error` when the scan itself threw. */
type RecordStatus = ScanStatus | "error";

export interface FindingRecord {
  id: string;
  severity: Severity;
  location: string;
  evidence: string;
}

/** One server's result: what the report and `--json` show. */
export interface ServerRecord {
  id: string;
  serverName: string;
  verdict: Verdict;
  attack: string | null;
  grade: Grade | null;
  score: number | null;
  status: RecordStatus;
  findings: FindingRecord[];
  /** Why the scan threw (status `error`); null otherwise. */
  error: string | null;
  /** Rug pulls: the first scan (the record's grade, score and findings are the second's). */
  firstScan?: { grade: Grade | null; score: number | null; status: RecordStatus } | null;
}

interface Ratio {
  count: number;
  total: number;
  /** count / total, or null when total is 0. */
  rate: number | null;
}

interface AttackRecall extends Ratio {
  attack: string;
}

type GradeDistribution = Record<Grade | "none", number>;

export interface DetectionFigures {
  servers: number;
  malicious: number;
  benign: number;
  /** Malicious caught / malicious. */
  recall: Ratio;
  /** Benign flagged / benign. */
  falsePositives: Ratio;
  /** Recall per attack category, sorted by category. */
  perAttack: AttackRecall[];
  grades: { malicious: GradeDistribution; benign: GradeDistribution };
  /** Servers that could not be scored (unreachable or error). */
  notScored: number;
  /** Malicious records that were not caught, in input order. */
  misses: ServerRecord[];
  /** Benign records that were flagged, in input order. */
  falsePositiveRecords: ServerRecord[];
}

const SEVERITY_RANK = new Map<Severity, number>(SEVERITIES.map((s, i) => [s, i]));
const UNSPECIFIED_ATTACK = "(unspecified)";
const EVIDENCE_CHARS = 120;

function findingRecord(finding: Pick<Finding, "id" | "severity" | "location" | "evidence">): FindingRecord {
  return { id: finding.id, severity: finding.severity, location: finding.location, evidence: finding.evidence };
}

/** The record of one scan outcome (for rug pulls, the second scan's, with the first's grade in `firstScan`). */
export function recordFromOutcome(
  def: { id: string; serverName: string; verdict: Verdict; attack: string | null },
  outcome: Pick<ScanOutcome, "status" | "score" | "findings">,
  firstScan?: Pick<ScanOutcome, "status" | "score"> | null,
): ServerRecord {
  return {
    id: def.id,
    serverName: def.serverName,
    verdict: def.verdict,
    attack: def.attack,
    grade: outcome.score?.grade ?? null,
    score: outcome.score?.trustScore ?? null,
    status: outcome.status,
    findings: outcome.findings.map(findingRecord),
    error: null,
    ...(firstScan !== undefined
      ? { firstScan: firstScan ? { grade: firstScan.score?.grade ?? null, score: firstScan.score?.trustScore ?? null, status: firstScan.status } : null }
      : {}),
  };
}

export function isSevere(finding: Pick<FindingRecord, "severity">): boolean {
  return finding.severity === "critical" || finding.severity === "high";
}

function isFailingGrade(grade: Grade | null): boolean {
  return grade === "D" || grade === "F";
}

/** A malicious server is caught: graded D or F and at least one critical/high finding. */
export function isCaught(record: ServerRecord): boolean {
  return record.grade !== null && isFailingGrade(record.grade) && record.findings.some(isSevere);
}

/** A benign server is flagged: any critical/high finding, or graded D or F. */
export function isFalsePositive(record: ServerRecord): boolean {
  return record.findings.some(isSevere) || isFailingGrade(record.grade);
}

function ratio(count: number, total: number): Ratio {
  return { count, total, rate: total === 0 ? null : count / total };
}

function emptyDistribution(): GradeDistribution {
  return { A: 0, B: 0, C: 0, D: 0, F: 0, none: 0 };
}

export function measureDetection(records: readonly ServerRecord[]): DetectionFigures {
  const malicious = records.filter((r) => r.verdict === "malicious");
  const benign = records.filter((r) => r.verdict === "benign");
  const misses = malicious.filter((r) => !isCaught(r));
  const falsePositiveRecords = benign.filter(isFalsePositive);

  const byAttack = new Map<string, { caught: number; total: number }>();
  for (const r of malicious) {
    const key = r.attack ?? UNSPECIFIED_ATTACK;
    const entry = byAttack.get(key) ?? { caught: 0, total: 0 };
    entry.total += 1;
    if (isCaught(r)) entry.caught += 1;
    byAttack.set(key, entry);
  }
  const perAttack = [...byAttack.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([attack, { caught, total }]) => ({ attack, ...ratio(caught, total) }));

  const distribution = (list: readonly ServerRecord[]): GradeDistribution => {
    const d = emptyDistribution();
    for (const r of list) d[r.grade ?? "none"] += 1;
    return d;
  };

  return {
    servers: records.length,
    malicious: malicious.length,
    benign: benign.length,
    recall: ratio(malicious.length - misses.length, malicious.length),
    falsePositives: ratio(falsePositiveRecords.length, benign.length),
    perAttack,
    grades: { malicious: distribution(malicious), benign: distribution(benign) },
    notScored: records.filter((r) => r.grade === null).length,
    misses,
    falsePositiveRecords,
  };
}

/** Findings, most severe first (stable within a severity). */
export function bySeverity(findings: readonly FindingRecord[]): FindingRecord[] {
  return findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => (SEVERITY_RANK.get(a.f.severity)! - SEVERITY_RANK.get(b.f.severity)!) || a.i - b.i)
    .map(({ f }) => f);
}

function formatRatio(r: Ratio): string {
  return `${r.count}/${r.total} (${r.rate === null ? "n/a" : `${(r.rate * 100).toFixed(1)}%`})`;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function formatDistribution(d: GradeDistribution): string {
  return [...GRADES.map((g) => `${g} ${d[g]}`), `none ${d.none}`].join("  ");
}

function gradeText(record: ServerRecord): string {
  if (record.grade === null) return `no grade (${record.status}${record.error ? `: ${truncate(record.error, EVIDENCE_CHARS)}` : ""})`;
  return `grade ${record.grade} (score ${record.score})`;
}

export interface ReportHeader {
  files: readonly string[];
  split?: string | null;
  only?: readonly string[];
  exclude?: readonly string[];
  durationMs?: number;
}

export interface FormatOptions {
  /** Leave out the list of misses (their count stays). */
  quietMisses?: boolean;
}

/** The text report. */
export function formatDetectionReport(figures: DetectionFigures, header: ReportHeader, options: FormatOptions = {}): string {
  const lines: string[] = [];
  const selection = [
    header.split ? `split ${header.split}` : null,
    header.only && header.only.length > 0 ? `only ${header.only.join(",")}` : null,
    header.exclude && header.exclude.length > 0 ? `exclude ${header.exclude.join(",")}` : null,
  ].filter((s): s is string => s !== null);
  lines.push(`Detection evaluation of ${header.files.join(", ")}${selection.length > 0 ? ` [${selection.join("; ")}]` : ""}`);
  lines.push(
    `Servers: ${figures.servers} (${figures.malicious} malicious, ${figures.benign} benign)` +
      `${figures.notScored > 0 ? `, ${figures.notScored} not scored` : ""}` +
      `${header.durationMs !== undefined ? `, ${(header.durationMs / 1000).toFixed(1)} s` : ""}`,
  );
  lines.push("");
  lines.push(`Recall (malicious graded D/F with a critical/high finding): ${formatRatio(figures.recall)}`);
  lines.push(`False positives (benign with a critical/high finding or graded D/F): ${formatRatio(figures.falsePositives)}`);
  lines.push("");
  lines.push("Recall per attack:");
  if (figures.perAttack.length === 0) lines.push("  (no malicious servers)");
  const width = Math.max(0, ...figures.perAttack.map((a) => a.attack.length));
  for (const a of figures.perAttack) lines.push(`  ${a.attack.padEnd(width)}  ${formatRatio(a)}`);
  lines.push("");
  lines.push("Grades:");
  lines.push(`  malicious  ${formatDistribution(figures.grades.malicious)}`);
  lines.push(`  benign     ${formatDistribution(figures.grades.benign)}`);
  lines.push("");
  lines.push(`Misses (${figures.misses.length}):`);
  if (options.quietMisses) {
    if (figures.misses.length > 0) lines.push("  (not listed: --quiet-misses)");
  } else {
    if (figures.misses.length === 0) lines.push("  none");
    for (const r of figures.misses) {
      const top = bySeverity(r.findings)
        .slice(0, 3)
        .map((f) => `${f.severity} ${f.id}@${f.location}`);
      lines.push(`  ${r.id}  [${r.attack ?? UNSPECIFIED_ATTACK}]  ${gradeText(r)}  ${top.length > 0 ? top.join(", ") : "no findings"}`);
    }
  }
  lines.push("");
  lines.push(`False positives (${figures.falsePositiveRecords.length}):`);
  if (figures.falsePositiveRecords.length === 0) lines.push("  none");
  for (const r of figures.falsePositiveRecords) {
    lines.push(`  ${r.id}  ${gradeText(r)}`);
    for (const f of bySeverity(r.findings).filter(isSevere)) {
      lines.push(`    ${f.severity} ${f.id}@${f.location}: ${truncate(f.evidence, EVIDENCE_CHARS)}`);
    }
  }
  return lines.join("\n");
}

/** The `--json` form: the figures, the selection and every server's record. */
export function detectionJson(figures: DetectionFigures, header: ReportHeader, records: readonly ServerRecord[]): Record<string, unknown> {
  return {
    files: header.files,
    split: header.split ?? null,
    only: header.only ?? [],
    exclude: header.exclude ?? [],
    durationMs: header.durationMs ?? null,
    servers: figures.servers,
    malicious: figures.malicious,
    benign: figures.benign,
    notScored: figures.notScored,
    recall: figures.recall,
    falsePositives: figures.falsePositives,
    perAttack: figures.perAttack,
    grades: figures.grades,
    misses: figures.misses.map((r) => r.id),
    falsePositiveIds: figures.falsePositiveRecords.map((r) => r.id),
    records,
  };
}
