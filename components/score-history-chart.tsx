import type { ScanHistoryEntry } from "@/lib/schemas/server";
import { formatDate } from "@/lib/site/format-time";

const W = 480;
const H = 160;
const PAD = { left: 36, right: 12, top: 12, bottom: 28 };

/**
 * The score over the last scans as a small line chart, oldest on the left.
 * Unreachable scans have no score and leave a gap in the line. Fixed
 * viewBox and CSS aspect ratio: the box is reserved before it paints. The
 * numbers are in the table beside it, for readers who cannot see the chart.
 */
export function ScoreHistoryChart({ history }: { history: ScanHistoryEntry[] }) {
  const entries = [...history].reverse();
  const scored = entries.filter((e) => e.trustScore !== null);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (entries.length <= 1 ? innerW / 2 : (i / (entries.length - 1)) * innerW);
  const y = (score: number) => PAD.top + innerH - (score / 100) * innerH;

  // Split the line at unreachable scans.
  const segments: string[] = [];
  let current: string[] = [];
  entries.forEach((e, i) => {
    if (e.trustScore === null) {
      if (current.length) segments.push(current.join(" "));
      current = [];
    } else current.push(`${x(i).toFixed(1)},${y(e.trustScore).toFixed(1)}`);
  });
  if (current.length) segments.push(current.join(" "));

  const first = entries[0];
  const last = entries.at(-1);
  const summary =
    scored.length === 0
      ? "No scored scans yet."
      : `Trust score over ${entries.length} scan${entries.length === 1 ? "" : "s"}: from ${scored[0].trustScore} to ${scored.at(-1)!.trustScore}.`;

  return (
    <figure className="chart chart-history">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary}>
        {[0, 50, 100].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="chart-grid" />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" className="chart-axis-label">
              {v}
            </text>
          </g>
        ))}
        {segments.map((points, i) => (
          <polyline key={i} points={points} className="chart-line" fill="none" />
        ))}
        {entries.map((e, i) =>
          e.trustScore === null ? (
            <text key={e.scanId} x={x(i)} y={PAD.top + innerH - 2} textAnchor="middle" className="chart-axis-label">
              ×
            </text>
          ) : (
            <circle key={e.scanId} cx={x(i)} cy={y(e.trustScore)} r="3.5" className="chart-point" />
          ),
        )}
        {first ? (
          <text x={PAD.left} y={H - 8} className="chart-axis-label">
            {formatDate(first.scannedAt)}
          </text>
        ) : null}
        {last && entries.length > 1 ? (
          <text x={W - PAD.right} y={H - 8} textAnchor="end" className="chart-axis-label">
            {formatDate(last.scannedAt)}
          </text>
        ) : null}
      </svg>
      <figcaption>
        {summary}
        {entries.length > scored.length ? " × marks a scan that could not reach the server." : ""}
      </figcaption>
    </figure>
  );
}
