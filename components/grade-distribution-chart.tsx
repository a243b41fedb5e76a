import { GRADES, type Grade } from "@/lib/core/grades";

const W = 400;
const H = 200;
const PAD = { top: 24, bottom: 28, left: 8, right: 8 };

/**
 * How many listed servers hold each grade, as SVG bars with the count above
 * each bar and the letter below it: the numbers are text, not colour.
 */
export function GradeDistributionChart({ distribution }: { distribution: Record<Grade, number> }) {
  const max = Math.max(1, ...GRADES.map((g) => distribution[g] ?? 0));
  const slot = (W - PAD.left - PAD.right) / GRADES.length;
  const barW = slot * 0.6;
  const innerH = H - PAD.top - PAD.bottom;
  const summary = GRADES.map((g) => `${g}: ${distribution[g] ?? 0}`).join(", ");
  return (
    <figure className="chart chart-grades">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Servers per grade. ${summary}.`}>
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} className="chart-grid" />
        {GRADES.map((g, i) => {
          const count = distribution[g] ?? 0;
          const h = (count / max) * innerH;
          const cx = PAD.left + slot * i + slot / 2;
          return (
            <g key={g}>
              <rect x={cx - barW / 2} y={H - PAD.bottom - h} width={barW} height={h} className={`chart-bar grade-fill-${g}`} />
              <text x={cx} y={H - PAD.bottom - h - 6} textAnchor="middle" className="chart-value">
                {count}
              </text>
              <text x={cx} y={H - 8} textAnchor="middle" className="chart-axis-label chart-grade-letter">
                {g}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>Listed servers per grade: {summary}.</figcaption>
    </figure>
  );
}
