import type { ScanHistoryEntry } from "@/lib/schemas/server";
import { formatDateTime } from "@/lib/site/format-time";

function changeWords(changes: ScanHistoryEntry["changes"]): string {
  if (!changes) return "";
  const parts = [
    changes.added.length ? `${changes.added.length} added` : "",
    changes.removed.length ? `${changes.removed.length} removed` : "",
    changes.changed.length ? `${changes.changed.length} changed` : "",
  ].filter(Boolean);
  return parts.length ? `Tools ${parts.join(", ")}` : "";
}

/** The scan history in numbers, newest first (D4): the chart's data for every reader. */
export function ScanHistoryTable({ history }: { history: ScanHistoryEntry[] }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Scan history table">
      <table className="history-table">
        <caption className="visually-hidden">Scans of this server, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Scanned</th>
            <th scope="col">Status</th>
            <th scope="col">Score</th>
            <th scope="col">Grade</th>
            <th scope="col">Tools</th>
            <th scope="col">Changes</th>
          </tr>
        </thead>
        <tbody>
          {history.map((h) => (
            <tr key={h.scanId}>
              <td>{formatDateTime(h.scannedAt)}</td>
              <td>{h.status}</td>
              <td>{h.trustScore ?? "—"}</td>
              <td>{h.grade ?? "—"}</td>
              <td>{h.toolCount}</td>
              <td>{changeWords(h.changes) || "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
