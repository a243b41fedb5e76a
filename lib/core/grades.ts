/**
 * Grade and label from the score (docs/scoring.md#grade-and-label). The gating rule "refuse D or F"
 * means "refuse below 60".
 */
export const GRADES = ["A", "B", "C", "D", "F"] as const;
export type Grade = (typeof GRADES)[number];

export const TRUST_LABELS = ["trusted", "moderate", "caution", "warning", "dangerous"] as const;
export type TrustLabel = (typeof TRUST_LABELS)[number];

export const CERTIFICATION_STATUSES = ["none", "standard", "premium"] as const;
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];

export function gradeForScore(score: number): Grade {
  if (score >= 90) return "A";
  if (score >= 80) return "B";
  if (score >= 60) return "C";
  if (score >= 40) return "D";
  return "F";
}

export function labelForScore(score: number): TrustLabel {
  if (score >= 80) return "trusted";
  if (score >= 60) return "moderate";
  if (score >= 40) return "caution";
  if (score >= 20) return "warning";
  return "dangerous";
}

const GRADE_RANK: Record<Grade, number> = { A: 4, B: 3, C: 2, D: 1, F: 0 };

/** The worse of two grades: caps only ever lower a grade. */
export function worseGrade(a: Grade, b: Grade): Grade {
  return GRADE_RANK[a] <= GRADE_RANK[b] ? a : b;
}

/** The worse of two labels (TRUST_LABELS runs from best to worst). */
export function worseLabel(a: TrustLabel, b: TrustLabel): TrustLabel {
  return TRUST_LABELS.indexOf(a) >= TRUST_LABELS.indexOf(b) ? a : b;
}

/** True when `grade` is at least `floor` (A best). */
export function gradeAtLeast(grade: Grade, floor: Grade): boolean {
  return GRADE_RANK[grade] >= GRADE_RANK[floor];
}

/** The trust-gating rule: refuse D and F (docs/scoring.md#grade-and-label). */
export function recommendationForGrade(grade: Grade): "allow" | "refuse" {
  return gradeAtLeast(grade, "C") ? "allow" : "refuse";
}
