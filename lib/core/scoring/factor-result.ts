import type { Finding } from "../findings";
import { deductPoints } from "./deduct-points";
import { FACTOR_MAX, type FactorKey, type FactorResult } from "./factors";

/**
 * Shared shape of the seven factor functions: maximum minus deductions,
 * with a rationale that says what was checked, what was not, and what cost
 * points. Each factor supplies its own wording for the first two.
 */
export interface FactorWording {
  /** What a full score means, e.g. "No known malicious pattern matched". */
  clean: string;
  /** What this factor could not verify, stated plainly (or null). */
  notVerified: string | null;
}

/** One implementation of "maximum minus findings" so the seven factors cannot score inconsistently. */
export function factorResult(factor: FactorKey, findings: readonly Finding[], wording: FactorWording): FactorResult {
  const max = FACTOR_MAX[factor];
  const d = deductPoints(factor, findings);
  const points = Math.max(0, Math.min(max, Math.round(max - d.points)));
  const verdict = d.parts.length === 0 ? `${wording.clean}.` : `Lost ${max - points} of ${max}: ${d.parts.join(", ")}.`;
  const rationale = wording.notVerified ? `${verdict} ${wording.notVerified}` : verdict;
  return { points, max, rationale, findingIds: d.findingIds };
}
