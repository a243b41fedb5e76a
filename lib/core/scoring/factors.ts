/**
 * The seven trust factors (docs/scoring.md#score) and their maxima. The score is always
 * the sum of the factor points, so these maxima add up to 100.
 */
export const FACTOR_MAX = {
  declarationAccuracy: 20,
  permissionMinimality: 15,
  networkBehavior: 20,
  codeTransparency: 10,
  publisherReputation: 10,
  transportSecurity: 10,
  threatMatch: 15,
} as const;

export type FactorKey = keyof typeof FACTOR_MAX;
export const FACTOR_KEYS = Object.keys(FACTOR_MAX) as FactorKey[];

/** Points per factor, each an integer between 0 and its maximum. */
export type FactorPoints = Record<FactorKey, number>;

/** One factor's share of the report (docs/findings-and-scans.md#the-report). */
export interface FactorResult {
  points: number;
  max: number;
  rationale: string;
  findingIds: string[];
}
export type FactorBreakdown = Record<FactorKey, FactorResult>;
