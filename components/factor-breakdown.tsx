import { FACTOR_KEYS, FACTOR_MAX, type FactorBreakdown as Breakdown } from "@/lib/core/scoring/factors";
import { FACTOR_LABELS } from "@/lib/site/factor-labels";
import { Untrusted } from "./untrusted-text";

const BAR_WIDTH = 200;
const BAR_HEIGHT = 14;

/**
 * The seven factors as bars of points out of their maximum. Each row is the
 * factor's name, an SVG bar and the numbers in text, so it reads without
 * colour and without the chart; the SVG has a fixed box, so nothing moves
 * when it paints. The rationale says why points were lost.
 */
export function FactorBreakdown({ factors }: { factors: Breakdown }) {
  return (
    <ol className="factor-list">
      {FACTOR_KEYS.map((key) => {
        const factor = factors[key];
        const max = factor?.max ?? FACTOR_MAX[key];
        const points = Math.max(0, Math.min(max, factor?.points ?? 0));
        const filled = max > 0 ? (points / max) * BAR_WIDTH : 0;
        const full = points === max;
        return (
          <li key={key} className="factor-row">
            <div className="factor-head">
              <span className="factor-name">{FACTOR_LABELS[key].name}</span>
              <span className="factor-points">
                <strong>{points}</strong> of {max} points{full ? "" : <span className="factor-lost"> (−{max - points})</span>}
              </span>
            </div>
            <svg
              className="factor-bar"
              viewBox={`0 0 ${BAR_WIDTH} ${BAR_HEIGHT}`}
              preserveAspectRatio="none"
              role="img"
              aria-label={`${FACTOR_LABELS[key].name}: ${points} of ${max} points`}
            >
              <rect x="0.5" y="0.5" width={BAR_WIDTH - 1} height={BAR_HEIGHT - 1} className="factor-bar-track" />
              <rect x="0" y="0" width={filled} height={BAR_HEIGHT} className={full ? "factor-bar-fill factor-bar-full" : "factor-bar-fill"} />
            </svg>
            {factor?.rationale ? (
              <p className="factor-rationale">
                <Untrusted text={factor.rationale} max={400} block />
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
