import type { Grade, TrustLabel } from "../grades";
import type { ScanOutcome } from "../scanning/scan-outcome";
import { parsePurl } from "./purl";
import type { RecordScanMeta, RegistryStore } from "./registry-store";
import type { ScanRecord, ServerRecord } from "./server-record";
import { shouldFlagScan } from "./should-flag-scan";

/** What the store read, under the server's row lock, before it writes a scan. */
export interface ScanRecordingContext {
  server: ServerRecord;
  /** The server was created by a scan and nothing (an import, a certification intake) has claimed it since. */
  createdByScan: boolean;
  /** The scan the server's current verdict came from, if it has one. */
  latestScan: ScanRecord | null;
}

/** The verdict fields a scored scan writes onto its server. */
interface ServerVerdictUpdate {
  trustScore: number;
  grade: Grade;
  trustLabel: TrustLabel;
  trustSummary: string;
  findingsSummary: string;
  lastScannedAt: Date;
  scanType: "remote" | "package";
  transportType: string | null;
  listed: boolean;
  /** Only when the server takes the name it announces for itself. */
  name?: string;
}

export interface ScanRecordingDecision {
  scannedAt: Date;
  flagged: boolean;
  /** Null when the scan has no score (unreachable, refused): the server keeps its verdict and only counts the scan. */
  verdict: ServerVerdictUpdate | null;
}

export type DecideScanRecording = (context: ScanRecordingContext) => ScanRecordingDecision;

/**
 * What recording a scan changes (docs/findings-and-scans.md#what-a-scan-records-and-where-in-the-code).
 * Pure: the store calls it with what it read under the row lock and writes what it returns.
 */
export function decideScanRecording(outcome: ScanOutcome, context: ScanRecordingContext): ScanRecordingDecision {
  const { server, latestScan } = context;
  const scannedAt = new Date(outcome.startedAt.getTime() + outcome.durationMs);
  const flagged = shouldFlagScan(
    outcome,
    latestScan ? { grade: server.grade, findings: latestScan.findings } : null,
    server.certificationStatus,
  );
  const score = outcome.score;
  if (!score) return { scannedAt, flagged, verdict: null };
  const announced = outcome.discovery?.serverInfo;
  return {
    scannedAt,
    flagged,
    verdict: {
      trustScore: score.trustScore,
      grade: score.grade,
      trustLabel: score.trustLabel,
      trustSummary: score.trustSummary,
      findingsSummary: score.findingsSummary,
      lastScannedAt: scannedAt,
      // A purl is a package assessed in the sandbox (docs/package-assessment.md); anything else was reached over the network.
      scanType: parsePurl(outcome.serverUrl) ? "package" : "remote",
      transportType: outcome.discovery?.transport ?? server.transportType,
      // A server deleted upstream keeps its history but stays out of public view (docs/identity.md#listed-versus-assessed).
      listed: server.registryStatus !== "deleted",
      // A server first seen by a scan takes the name it announces for itself.
      ...(context.createdByScan && announced?.name ? { name: announced.title || announced.name } : {}),
    },
  };
}

/** Records a scan through the store, with the core deciding what it changes. Every recorder comes through here. */
export function recordScanOutcome(store: RegistryStore, outcome: ScanOutcome, meta: RecordScanMeta) {
  return store.recordScan(outcome, meta, (context) => decideScanRecording(outcome, context));
}
