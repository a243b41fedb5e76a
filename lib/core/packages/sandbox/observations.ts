import { keepText } from "../../scanning/untrusted-text";
import type { SandboxObservations } from "../package-evidence";

/**
 * Reads the monitor's lines (monitor-source.ts) into observations. The lines
 * come from inside the sandbox, so they are untrusted like anything else a
 * package sends: malformed lines are skipped, strings are kept through
 * untrusted-text, and the lists are bounded and deduplicated. A DNS lookup
 * of a host that was also connected to by port is the same attempt.
 */

export type MonitorFindings = Pick<SandboxObservations, "refusedConnections" | "refusedWrites" | "spawnedProcesses">;

const MAX_LISTED = 50;
const MAX_HOST_CHARS = 255;
const MAX_PATH_CHARS = 500;

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function portOf(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 65535 ? value : null;
}

export function parseMonitorEvents(text: string): MonitorFindings {
  const connections = new Map<string, { host: string; port: number | null }>();
  const writes = new Set<string>();
  let spawnedProcesses = 0;
  for (const line of text.split("\n")) {
    let event: Record<string, unknown> | null;
    try {
      event = record(JSON.parse(line));
    } catch {
      continue;
    }
    if (!event) continue;
    if ((event.t === "connect" || event.t === "dns" || event.t === "http" || event.t === "fetch") && typeof event.host === "string") {
      const host = keepText(event.host, MAX_HOST_CHARS).text;
      const port = portOf(event.port);
      connections.set(`${host} ${port ?? ""}`, { host, port });
    } else if (event.t === "write" && typeof event.path === "string") {
      writes.add(keepText(event.path, MAX_PATH_CHARS).text);
    } else if (event.t === "spawn") {
      spawnedProcesses++;
    }
  }
  const all = [...connections.values()];
  const withPort = new Set(all.filter((c) => c.port !== null).map((c) => c.host));
  return {
    refusedConnections: all.filter((c) => c.port !== null || !withPort.has(c.host)).slice(0, MAX_LISTED),
    refusedWrites: [...writes].slice(0, MAX_LISTED),
    spawnedProcesses,
  };
}
