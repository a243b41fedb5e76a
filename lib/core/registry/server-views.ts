import type { ScanHistoryEntry, ServerDetail, ServerSummary } from "@/lib/schemas/server";
import type { ListedServerRecord, ScanSummary, ServerSummaryRecord } from "./server-record";

/**
 * Projections of stored records to the public shapes (docs/search-and-stats.md#the-reply,
 * docs/findings-and-scans.md#the-profile-and-its-scan-history).
 * The only place that decides what a public read shows: the contact email,
 * registry internals and unlisted servers never get here.
 */
export function toServerSummary(server: ServerSummaryRecord): ServerSummary {
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

export function toScanHistoryEntry(scan: ScanSummary): ScanHistoryEntry {
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

export function toServerDetail(server: ListedServerRecord, history: ScanSummary[]): ServerDetail {
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
