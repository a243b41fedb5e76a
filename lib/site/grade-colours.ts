import type { Grade } from "@/lib/core/grades";

/**
 * Grade colours, the same as the badges' (lib/badges/render-badge.ts), for
 * places CSS cannot reach (the OpenGraph image). Each pair passes WCAG AA;
 * the grade letter is always written out too, so colour is never the only cue.
 */
export const GRADE_COLOURS: Record<Grade, { background: string; text: string }> = {
  A: { background: "#1a7f37", text: "#ffffff" },
  B: { background: "#4d7c0f", text: "#ffffff" },
  C: { background: "#f2c12e", text: "#1f2328" },
  D: { background: "#c2410c", text: "#ffffff" },
  F: { background: "#b91c1c", text: "#ffffff" },
};
