import type { ScanCoordinator } from "../scanning/scan-coordinator";
import type { RunScanOptions } from "../scanning/run-scan";
import type { RegistryContext, ScanOutcome } from "../scanning/scan-outcome";
import { normalizeServerUrl } from "./normalize-url";
import { recordScanOutcome } from "./record-scan";
import type { RegistryStore } from "./registry-store";
import type { ScanRecord, ScanTrigger, ServerRecord } from "./server-record";

export interface ScanServerDeps {
  store: RegistryStore;
  coordinator: ScanCoordinator;
  runScan: (url: string, context: RegistryContext, options: RunScanOptions) => Promise<ScanOutcome>;
  scanOptions: RunScanOptions;
  /** Called after a scan is recorded (caches of stats and badges listen). */
  onRecorded?: (server: ServerRecord) => void;
}

export interface ScanServerResult {
  outcome: ScanOutcome;
  server: ServerRecord;
  scan: ScanRecord;
}

/** More evidence joined to a scan before it is recorded (a job adds the server's package: docs/package-assessment.md). Pure. */
export type JoinEvidence = (outcome: ScanOutcome) => ScanOutcome;

/**
 * Scans a server and records the result
 * (docs/findings-and-scans.md#what-a-scan-records-and-where-in-the-code): the REST endpoint, the MCP
 * tool, the site, the certification intake and the assessment jobs all
 * come through here (`npm run scan` does not: it scans without recording).
 * Two concurrent requests for the same URL share one scan; a forbidden
 * target throws before anything is recorded.
 */
export async function scanServer(deps: ScanServerDeps, rawUrl: string, trigger: ScanTrigger, joinEvidence?: JoinEvidence): Promise<ScanServerResult> {
  const url = normalizeServerUrl(rawUrl);
  return deps.coordinator.run(url, async () => {
    const context = await deps.store.getRegistryContext(url);
    const scanned = await deps.runScan(url, context, deps.scanOptions);
    const outcome = joinEvidence ? joinEvidence(scanned) : scanned;
    const host = new URL(url).hostname;
    const { server, scan } = await recordScanOutcome(deps.store, outcome, {
      trigger,
      fallbackName: outcome.discovery?.serverInfo?.title || outcome.discovery?.serverInfo?.name || host,
      fallbackPublisher: host,
    });
    deps.onRecorded?.(server);
    return { outcome, server, scan };
  });
}
