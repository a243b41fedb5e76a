import type { Finding } from "../findings";
import type { DistributionEvidence } from "../packages/package-evidence";
import { gradeForScore, labelForScore, worseGrade, worseLabel, type Grade } from "../grades";
import { hasTag } from "../scanning/rules/rule-catalogue";
import { plainHit, toFinding } from "../scanning/rules/rule-hit";
import { dedupeFindings, runRules } from "../scanning/rules/run-rules";
import type { Discovery, NetworkEvidence, RegistryContext, ScanStatus, ScoreResult, ToolChanges } from "../scanning/scan-outcome";
import { detectRugPull } from "../scanning/rug-pull";
import { servedOnLoopback } from "../scanning/rules/transport-rules";
import { scoreFactors } from "./factor-table";
import { FACTOR_KEYS } from "./factors";
import { summarizeFindings } from "./summarize-findings";
import { summarizeTrust } from "./summarize-trust";

export { SCORING_VERSION } from "./scoring-version";

export interface AssessScanInput {
  discovery: Discovery | null;
  network: NetworkEvidence | null;
  status: ScanStatus;
  context: RegistryContext;
  transportFailure: string | null;
}

export interface AssessScanResult {
  findings: Finding[];
  score: ScoreResult | null;
  toolHashes: Record<string, string>;
  toolsHash: string | null;
  changes: ToolChanges | null;
}

/**
 * Goes further than the grade rules on purpose (docs/scoring.md#caps): a server that lies to the model or hides
 * what it does (a high-severity threat-text, obfuscation or annotation-lie
 * finding) must never pass the "refuse D or F" gate, whatever its other
 * factors earn. Risky but honest capabilities (a shell tool, raw SQL) and
 * hygiene problems (a leaked secret, weak TLS) are not capped: they cost
 * points and the findings say so.
 */
function isHighDeception(finding: Finding): boolean {
  return finding.severity === "high" && hasTag(finding.id, "deception");
}

/**
 * Score, grade, label and summaries from findings (docs/scoring.md). The score is always
 * the sum of the factor points; caps only lower the grade (a critical
 * finding to F and the label to dangerous, plain HTTP to C), and the
 * uncapped grade and the reason are kept so the report can show both.
 */
export function scoreFindings(findings: readonly Finding[], network: NetworkEvidence | null, distribution: DistributionEvidence | null = null): ScoreResult {
  const factors = scoreFactors(findings, network, distribution);
  const trustScore = FACTOR_KEYS.reduce((sum, key) => sum + factors[key].points, 0);
  const uncappedGrade = gradeForScore(trustScore);
  const critical = findings.find((f) => f.severity === "critical");
  const deception = findings.find(isHighDeception);
  // The contract caps a remote server on plain HTTP; the scanner's own loopback is not remote (docs/scoring.md#caps).
  const plainHttp = network?.scheme === "http" && !servedOnLoopback(network);
  let grade: Grade = uncappedGrade;
  const reasons: string[] = [];
  if (critical) {
    grade = "F";
    reasons.push(`a critical finding (${critical.id} at ${critical.location}) caps the grade at F`);
  } else if (deception) {
    grade = worseGrade(grade, "D");
    reasons.push(`a high-severity deception finding (${deception.id} at ${deception.location}) caps the grade at D`);
  }
  if (plainHttp) {
    grade = worseGrade(grade, "C");
    reasons.push("plain HTTP caps the grade at C");
  }
  // Named whenever a cap applies, even if the score alone already gives that grade or worse.
  const capReason = reasons.length > 0 ? reasons.join("; ").replace(/^./, (c) => c.toUpperCase()) : null;
  return {
    trustScore,
    grade,
    uncappedGrade,
    trustLabel: critical ? "dangerous" : deception ? worseLabel(labelForScore(trustScore), "caution") : labelForScore(trustScore),
    capReason,
    factors,
    trustSummary: summarizeTrust({ grade, uncappedGrade, factors, findings, plainHttp }),
    findingsSummary: summarizeFindings(findings),
  };
}

/** What an unreachable scan gets (docs/findings-and-scans.md#statuses): no score, a finding that says why. */
function unreachable(failure: string | null): AssessScanResult {
  const why = failure ?? "No MCP handshake.";
  const finding = toFinding(plainHit("SCAN-UNREACHABLE", "info", "transport", why, why));
  return { findings: [finding], score: null, toolHashes: {}, toolsHash: null, changes: null };
}

/** The rules over a discovery, the rug-pull diff against the last completed scan, and findings from elsewhere, scored. */
function assessFindings(
  input: Pick<AssessScanInput, "discovery" | "network" | "context">,
  subject: "remote" | "package",
  extraFindings: readonly Finding[],
  distribution: DistributionEvidence | null,
): AssessScanResult {
  const ruleFindings = runRules({ discovery: input.discovery, network: input.network, context: input.context, subject });
  const tools = input.discovery?.tools ?? [];
  const rugPull = detectRugPull({
    tools,
    previousToolHashes: input.context.previousToolHashes,
    findings: ruleFindings,
    toolsListingComplete: input.discovery !== null && !input.discovery.listingProblems.some((p) => p.listing === "tools"),
  });
  const findings = dedupeFindings([...ruleFindings, ...rugPull.findings, ...extraFindings]);
  return {
    findings,
    score: scoreFindings(findings, input.network, distribution),
    toolHashes: rugPull.toolHashes,
    toolsHash: rugPull.toolsHash,
    changes: rugPull.changes,
  };
}

/**
 * The single entry point the scanner calls: findings, score, tool hashes
 * and the rug-pull diff from a scan's evidence. Pure and synchronous. An
 * unreachable server gets no score (docs/findings-and-scans.md#statuses), only a finding that says why.
 */
export function assessScan(input: AssessScanInput): AssessScanResult {
  if (input.status === "unreachable") return unreachable(input.transportFailure);
  return assessFindings(input, "remote", [], null);
}

export interface AssessPackageInput {
  /** What the sandboxed server listed over stdio, or null when it never answered. */
  discovery: Discovery | null;
  status: ScanStatus;
  context: RegistryContext;
  distribution: DistributionEvidence | null;
  /** Findings of the fetch, the static reading and the sandboxed run. */
  packageFindings: readonly Finding[];
  failure: string | null;
}

/**
 * A package assessment (docs/package-assessment.md#from-evidence-to-a-verdict) through the same rules, factors and caps as a
 * remote scan: the listing the sandboxed server gave is read like a remote
 * one, and what the package itself showed joins it as findings.
 */
export function assessPackageScan(input: AssessPackageInput): AssessScanResult {
  if (input.status === "unreachable") return unreachable(input.failure);
  return assessFindings({ discovery: input.discovery, network: null, context: input.context }, "package", input.packageFindings, input.distribution);
}
