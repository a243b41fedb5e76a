import type { CertificationStatus, Grade, TrustLabel } from "../grades";
import type { ScanStatus, ToolChanges } from "../scanning/scan-outcome";
import type { ListedServerRecord, ScanSummary, ServerSummaryRecord } from "./server-record";

/**
 * The public shapes, as the core produces them. lib/schemas/server.ts
 * describes the same shapes on the wire (ServerSummary, ScanHistoryEntry,
 * ServerDetail) and checks at compile time that the two agree.
 */
export interface ServerSummaryView {
  url: string;
  name: string;
  publisherName: string;
  trustScore: number;
  grade: Grade;
  trustLabel: TrustLabel;
  trustSummary: string;
  certificationStatus: CertificationStatus;
  lastScanned: string;
}

export interface ScanHistoryEntryView {
  scanId: string;
  scannedAt: string;
  status: ScanStatus;
  trustScore: number | null;
  grade: Grade | null;
  toolCount: number;
  resourceCount: number;
  toolsHash: string | null;
  changes: ToolChanges | null;
}

export interface ServerDetailView extends ServerSummaryView {
  findingsSummary: string;
  scanCount: number;
  transportType: string;
  scanType: string;
  packageName?: string;
  repositoryUrl?: string;
  lastScanHistory: ScanHistoryEntryView[];
}

/**
 * Projections of stored records to the public shapes (docs/search-and-stats.md#the-reply,
 * docs/findings-and-scans.md#the-profile-and-its-scan-history).
 * The only place that decides what a public read shows: the contact email,
 * registry internals and unlisted servers never get here.
 */
export function toServerSummary(server: ServerSummaryRecord): ServerSummaryView {
  return {
    url: server.url,
    name: server.name,
    publisherName: server.publisherName,
    trustScore: server.trustScore,
    grade: server.grade,
    trustLabel: server.trustLabel,
    trustSummary: server.trustSummary ?? "",
    certificationStatus: server.certificationStatus,
    lastScanned: server.lastScannedAt.toISOString(),
  };
}

export function toScanHistoryEntry(scan: ScanSummary): ScanHistoryEntryView {
  return {
    scanId: scan.id,
    scannedAt: scan.scannedAt.toISOString(),
    status: scan.status,
    trustScore: scan.trustScore,
    grade: scan.grade,
    toolCount: scan.toolCount,
    resourceCount: scan.resourceCount,
    toolsHash: scan.toolsHash,
    changes: scan.changes,
  };
}

export function toServerDetail(server: ListedServerRecord, history: ScanSummary[]): ServerDetailView {
  return {
    ...toServerSummary(server),
    findingsSummary: server.findingsSummary ?? "",
    scanCount: server.scanCount,
    transportType: server.transportType ?? "http",
    scanType: server.scanType ?? "remote",
    ...(server.packageName ? { packageName: server.packageName } : {}),
    ...(server.repositoryUrl ? { repositoryUrl: server.repositoryUrl } : {}),
    lastScanHistory: history.map(toScanHistoryEntry),
  };
}
