import type { ListedServerRecord, ScanRecord, ScanSummary, ServerRecord, ServerSummaryRecord } from "@/lib/core/registry/server-record";
import { servers, type scans } from "@/db/schema";

type ScanRow = typeof scans.$inferSelect;

/**
 * The server columns a record is made of: every read selects these rather
 * than the whole row, so the search columns (a tsvector and the text it is
 * made from) never leave the database.
 */
export const serverRecordColumns = {
  id: servers.id,
  url: servers.url,
  registryName: servers.registryName,
  name: servers.name,
  description: servers.description,
  publisherName: servers.publisherName,
  packageName: servers.packageName,
  packageRegistry: servers.packageRegistry,
  repositoryUrl: servers.repositoryUrl,
  websiteUrl: servers.websiteUrl,
  transportType: servers.transportType,
  registryStatus: servers.registryStatus,
  certificationStatus: servers.certificationStatus,
  trustScore: servers.trustScore,
  grade: servers.grade,
  trustLabel: servers.trustLabel,
  trustSummary: servers.trustSummary,
  findingsSummary: servers.findingsSummary,
  scanType: servers.scanType,
  lastScannedAt: servers.lastScannedAt,
  latestScanId: servers.latestScanId,
  scanCount: servers.scanCount,
  listed: servers.listed,
};

export type ServerRecordRow = { [K in keyof typeof serverRecordColumns]: (typeof servers.$inferSelect)[K] };

/** The database stores enums as text; the core's types are narrower. Values are only written by this layer. */
export function toServerRecord(row: ServerRecordRow): ServerRecord {
  return {
    id: row.id,
    url: row.url,
    registryName: row.registryName,
    name: row.name,
    description: row.description,
    publisherName: row.publisherName,
    packageName: row.packageName,
    packageRegistry: row.packageRegistry,
    repositoryUrl: row.repositoryUrl,
    websiteUrl: row.websiteUrl,
    transportType: row.transportType,
    registryStatus: row.registryStatus as ServerRecord["registryStatus"],
    certificationStatus: row.certificationStatus as ServerRecord["certificationStatus"],
    trustScore: row.trustScore,
    grade: row.grade as ServerRecord["grade"],
    trustLabel: row.trustLabel as ServerRecord["trustLabel"],
    trustSummary: row.trustSummary,
    findingsSummary: row.findingsSummary,
    scanType: row.scanType,
    lastScannedAt: row.lastScannedAt,
    latestScanId: row.latestScanId,
    scanCount: row.scanCount,
    listed: row.listed,
  };
}

/** Rows selected with `listed` in the WHERE clause always carry a verdict. */
export function toListedServerRecord(row: ServerRecordRow): ListedServerRecord {
  return toServerRecord(row) as ListedServerRecord;
}

/**
 * The columns a list of servers shows (search results, the stats lists):
 * fewer than half of a record's, so a page of results costs the database
 * and the driver less to encode and decode.
 */
const { url, name, publisherName, trustScore, grade, trustLabel, trustSummary, certificationStatus, lastScannedAt } = serverRecordColumns;
export const serverSummaryColumns = { url, name, publisherName, trustScore, grade, trustLabel, trustSummary, certificationStatus, lastScannedAt };

export type ServerSummaryRow = { [K in keyof typeof serverSummaryColumns]: (typeof servers.$inferSelect)[K] };

/** A summary row selected with `listed` in the WHERE clause (so it has a URL and a verdict). */
export function toServerSummaryRecord(row: ServerSummaryRow): ServerSummaryRecord {
  return {
    url: row.url as string,
    name: row.name,
    publisherName: row.publisherName,
    trustScore: row.trustScore as number,
    grade: row.grade as ServerSummaryRecord["grade"],
    trustLabel: row.trustLabel as ServerSummaryRecord["trustLabel"],
    trustSummary: row.trustSummary,
    certificationStatus: row.certificationStatus as ServerSummaryRecord["certificationStatus"],
    lastScannedAt: row.lastScannedAt as Date,
  };
}

export function toScanRecord(row: ScanRow): ScanRecord {
  return {
    id: row.id,
    serverId: row.serverId,
    serverUrl: row.serverUrl,
    status: row.status as ScanRecord["status"],
    trigger: row.trigger as ScanRecord["trigger"],
    startedAt: row.startedAt,
    scannedAt: row.scannedAt,
    durationMs: row.durationMs,
    scoringVersion: row.scoringVersion,
    trustScore: row.trustScore,
    grade: row.grade as ScanRecord["grade"],
    uncappedGrade: row.uncappedGrade as ScanRecord["uncappedGrade"],
    trustLabel: row.trustLabel as ScanRecord["trustLabel"],
    capReason: row.capReason,
    trustSummary: row.trustSummary,
    findingsSummary: row.findingsSummary,
    factors: row.factors as ScanRecord["factors"],
    findings: (row.findings ?? []) as ScanRecord["findings"],
    discovery: row.discovery as ScanRecord["discovery"],
    network: row.network as ScanRecord["network"],
    packageEvidence: (row.packageEvidence ?? null) as ScanRecord["packageEvidence"],
    toolHashes: (row.toolHashes ?? {}) as ScanRecord["toolHashes"],
    toolsHash: row.toolsHash,
    changes: row.changes as ScanRecord["changes"],
    toolCount: row.toolCount,
    resourceCount: row.resourceCount,
    flagged: row.flagged,
  };
}

/** A history line, selected without the scan's evidence columns. */
export function toScanSummary(row: Pick<ScanRow, ScanSummaryColumn>): ScanSummary {
  return {
    id: row.id,
    scannedAt: row.scannedAt,
    status: row.status as ScanSummary["status"],
    trigger: row.trigger as ScanSummary["trigger"],
    trustScore: row.trustScore,
    grade: row.grade as ScanSummary["grade"],
    toolCount: row.toolCount,
    resourceCount: row.resourceCount,
    toolsHash: row.toolsHash,
    changes: row.changes as ScanSummary["changes"],
  };
}

type ScanSummaryColumn = keyof ScanSummary;
