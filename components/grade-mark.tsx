import type { Grade } from "@/lib/core/grades";

/**
 * The grade as a coloured box with its letter, and the score beside it.
 * Colour is a second cue only: the letter, the number and an accessible
 * name carry the meaning.
 */
export function GradeMark({ grade, score, size = "small" }: { grade: Grade; score: number; size?: "small" | "large" }) {
  const rounded = Math.round(score);
  return (
    <span className={`grade-mark grade-mark-${size}`}>
      <span className={`grade-box grade-${grade}`} role="img" aria-label={`Grade ${grade}`}>
        {grade}
      </span>
      <span className="grade-score">
        <span className="grade-score-value">{rounded}</span>
        <span className="grade-score-max">/100</span>
      </span>
    </span>
  );
}
