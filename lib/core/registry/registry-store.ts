import type { CertificationStatus, Grade } from "../grades";
import type { RegistryContext, ScanOutcome } from "../scanning/scan-outcome";
import type { ImportDecision, ImportMatches } from "./import/decide-import";
import type { DecideScanRecording } from "./record-scan";
import type { ListedServerRecord, ScanRecord, ScanSummary, ScanTrigger, ServerRecord, ServerSummaryRecord } from "./server-record";

export const SEARCH_SORTS = ["relevance", "score-high", "score-low", "recent", "name"] as const;
type SearchSort = (typeof SEARCH_SORTS)[number];
export const CERTIFIED_FILTERS = ["true", "standard", "premium"] as const;
type CertifiedFilter = (typeof CERTIFIED_FILTERS)[number];

export interface SearchQuery {
  q?: string;
  sort: SearchSort;
  page: number;
  limit: number;
  certified?: CertifiedFilter;
  grade?: Grade;
}

export interface StatsSnapshot {
  totalServers: number;
  certifiedServers: number;
  avgTrustScore: number;
  gradeDistribution: Record<Grade, number>;
  totalScans: number;
  scansLast24h: number;
  /** Servers currently in recentlyFlagged, before the list is cut to its limit. */
  recentlyFlaggedCount: number;
  recentlyScanned: ServerSummaryRecord[];
  highestRated: ServerSummaryRecord[];
  recentlyFlagged: ServerSummaryRecord[];
}

/** A server entry as mapped from the official registry's format. */
export interface ImportedServer {
  registryName: string;
  url: string | null;
  name: string;
  title: string | null;
  description: string | null;
  version: string | null;
  publisherName: string;
  packageName: string | null;
  packageRegistry: string | null;
  repositoryUrl: string | null;
  websiteUrl: string | null;
  transportType: string | null;
  registryStatus: "active" | "deprecated" | "deleted";
}

export type UpsertResult =
  | { kind: "added" | "updated" | "unchanged" | "removed" }
  | { kind: "skipped"; reason: string };

export interface ImportRunCounts {
  source: string;
  startedAt: Date;
  finishedAt: Date;
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
  skipped: number;
  /** `page` (from 1) and `index` (from 0, within the page) find the entry in its source. */
  skippedReasons: { entry: string; reason: string; page?: number; index?: number }[];
  pages: number;
  error: string | null;
}

export interface RecordScanMeta {
  trigger: ScanTrigger;
  /** Used only when the scan creates the server (docs/findings-and-scans.md#a-scan-of-a-server-the-registry-does-not-know). */
  fallbackName: string;
  fallbackPublisher: string;
}

/**
 * The port the registry's use cases need from storage. lib/data implements it
 * with drizzle; the core never sees SQL. A write that depends on what is
 * stored takes a `decide` function from the core: the store reads under a
 * row lock, calls it, and writes what it returns, so the rules live in the
 * core (record-scan.ts, import/decide-import.ts) and the adapter only
 * locks, maps and writes.
 */
export interface RegistryStore {
  searchServers(query: SearchQuery): Promise<{ total: number; rows: ServerSummaryRecord[] }>;
  /** Any server with this normalized URL, listed or not. */
  findServerByUrl(url: string): Promise<ServerRecord | null>;
  findListedServersByPackage(packageName: string, limit: number): Promise<ListedServerRecord[]>;
  /** Newest first, without evidence; getScan reads one scan whole. */
  listScans(serverId: string, limit: number): Promise<ScanSummary[]>;
  getScan(scanId: string): Promise<ScanRecord | null>;
  getStats(now: Date, listLimit: number): Promise<StatsSnapshot>;
  getRegistryContext(url: string): Promise<RegistryContext>;
  /** Creates the server if the URL is new, then locks it and writes the scan and what `decide` returns. Use recordScanOutcome. */
  recordScan(outcome: ScanOutcome, meta: RecordScanMeta, decide: DecideScanRecording): Promise<{ server: ServerRecord; scan: ScanRecord }>;
  /** Locks the servers the entry matches by name and by URL and applies `decide`. Use importServerEntry. */
  upsertImportedServer(entry: ImportedServer, importHash: string, decide: (matches: ImportMatches) => ImportDecision): Promise<UpsertResult>;
  recordImportRun(run: ImportRunCounts): Promise<void>;
  listServersToScan(options: { staleBefore: Date; limit: number }): Promise<{ id: string; url: string }[]>;
  setCertificationStatus(serverId: string, status: CertificationStatus): Promise<void>;
}
