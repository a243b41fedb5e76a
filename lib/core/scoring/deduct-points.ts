import type { Finding, Severity } from "../findings";
import { findRule, hasTag } from "../scanning/rules/rule-catalogue";
import { FACTOR_MAX, type FactorKey } from "./factors";

/**
 * The one way findings cost points (a factor loses points only through
 * findings: docs/scoring.md#score). Each distinct rule costs its factor once, at its worst
 * severity, as a share of the factor's maximum (critical and high all of it,
 * medium half, low 15%, info nothing), unless the catalogue fixes the cost.
 * High costs as much as critical on purpose: one significant problem fails
 * its factor; what critical adds is the cap to F (docs/scoring.md#caps).
 * A high or critical finding also costs the second factor its rule names
 * (`alsoAffects`). Repeats of one rule in more places cost nothing extra:
 * the score measures kinds of problems, the findings list every place.
 */
const SHARE: Record<Severity, number> = { critical: 1, high: 1, medium: 0.5, low: 0.15, info: 0 };
const RANK: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1, info: 0 };

export interface Deductions {
  points: number;
  /** Rule ids that cost points (or explain a zero-point shortfall), in descending cost. */
  findingIds: string[];
  /** "TM-HIDDEN-INSTRUCTIONS (critical, -15)" parts for the rationale. */
  parts: string[];
  /** The finding that cost the most, for summaries. */
  worst: Finding | null;
}

function costFor(finding: Finding, factor: FactorKey): number {
  const rule = findRule(finding.id);
  const max = FACTOR_MAX[factor];
  if (!rule) return 0;
  // An amplifier at low severity is a signal, not a problem: it costs nothing until it
  // escalates another finding (and then the escalated findings cost as critical).
  if (finding.severity === "low" && rule.tags.includes("amplifier")) return 0;
  if (rule.factor === factor && rule.deduction !== undefined) return rule.deduction;
  const share = SHARE[finding.severity];
  return share === 0 ? 0 : Math.ceil(share * max);
}

/** What each capability after the costliest one costs: a second kind of reach adds little to the first. */
const FURTHER_CAPABILITY_COST = 2;

/**
 * Honest capabilities share one budget: the costliest counts in full and
 * each further one FURTHER_CAPABILITY_COST, so a shell and an interpreter on
 * one server cost a little more than either, not the whole factor.
 */
function capabilityDiscount(charged: readonly { f: Finding; cost: number }[]): number {
  const capabilities = charged.filter((c) => hasTag(c.f.id, "capability"));
  return capabilities.slice(1).reduce((sum, c) => sum + Math.max(0, c.cost - FURTHER_CAPABILITY_COST), 0);
}

function affects(finding: Finding, factor: FactorKey): boolean {
  if (finding.factor === factor) return true;
  const rule = findRule(finding.id);
  return rule?.alsoAffects === factor && RANK[finding.severity] >= RANK.high;
}

/** Points a factor loses to the findings, and which findings say why. */
export function deductPoints(factor: FactorKey, findings: readonly Finding[]): Deductions {
  const worstByRule = new Map<string, Finding>();
  for (const f of findings) {
    if (!affects(f, factor)) continue;
    const prev = worstByRule.get(f.id);
    if (!prev || costFor(f, factor) > costFor(prev, factor)) worstByRule.set(f.id, f);
  }
  const costed = [...worstByRule.values()]
    .map((f) => ({ f, cost: costFor(f, factor) }))
    .sort((a, b) => b.cost - a.cost || RANK[b.f.severity] - RANK[a.f.severity] || a.f.id.localeCompare(b.f.id));
  const charged = costed.filter((c) => c.cost > 0);
  const points = Math.min(FACTOR_MAX[factor], charged.reduce((sum, c) => sum + c.cost, 0) - capabilityDiscount(charged));
  return {
    points,
    findingIds: charged.map((c) => c.f.id),
    parts: charged.map((c) => `${c.f.id} (${c.f.severity}, -${c.cost})`),
    worst: charged[0]?.f ?? null,
  };
}
