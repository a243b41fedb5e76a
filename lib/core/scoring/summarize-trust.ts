import type { Finding } from "../findings";
import type { Grade } from "../grades";
import { findRule, hasTag } from "../scanning/rules/rule-catalogue";
import { describeLocation } from "./describe-location";
import { FACTOR_KEYS, type FactorBreakdown } from "./factors";

/**
 * trustSummary (docs/search-and-stats.md#the-reply): what most affected the result, in one line a
 * person can act on. A cap is named first, because it overrides the score;
 * otherwise the threat picture and the largest loss of points.
 */
const WORD: Record<Grade, string> = { A: "Strong", B: "Good", C: "Fair", D: "Weak", F: "Poor" };

function shortName(f: Finding): string {
  return findRule(f.id)?.shortName ?? f.title.toLowerCase();
}

export interface TrustSummaryInput {
  grade: Grade;
  uncappedGrade: Grade;
  factors: FactorBreakdown;
  findings: readonly Finding[];
  plainHttp: boolean;
}

function largestLoss(factors: FactorBreakdown, findings: readonly Finding[]): string {
  let best: { lost: number; ids: string[] } | null = null;
  for (const key of FACTOR_KEYS) {
    const f = factors[key];
    const lost = f.max - f.points;
    if (lost > 0 && (!best || lost > best.lost)) best = { lost, ids: f.findingIds };
  }
  if (!best) return "no points lost";
  const cause = findings.find((f) => f.id === best.ids[0]);
  return `${best.lost} points lost to ${cause ? shortName(cause) : "findings"}`;
}

/** One line naming the cap, or the threats and the largest loss. */
export function summarizeTrust(input: TrustSummaryInput): string {
  const critical = input.findings.filter((f) => f.severity === "critical");
  if (critical.length > 0) {
    const first = critical[0];
    const more = critical.length > 1 ? ` (and ${critical.length - 1} more critical finding${critical.length > 2 ? "s" : ""})` : "";
    return `Capped at F: ${shortName(first)} in ${describeLocation(first.location)}${more}`;
  }
  const loss = largestLoss(input.factors, input.findings);
  if (input.plainHttp && input.grade !== input.uncappedGrade) {
    return `Capped at C: served over plain HTTP (otherwise ${input.uncappedGrade}); ${loss}`;
  }
  const threats = input.findings.filter((f) => hasTag(f.id, "threat") && (f.severity === "high" || f.severity === "medium"));
  const threatPart =
    threats.length === 0
      ? "no threats found"
      : `${threats.length} threat finding${threats.length > 1 ? "s" : ""}, worst: ${shortName(threats[0])} in ${describeLocation(threats[0].location)}`;
  return `${WORD[input.grade]}: ${threatPart}; ${loss}`;
}
