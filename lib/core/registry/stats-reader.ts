import type { Grade } from "../grades";
import type { RegistryStore } from "./registry-store";
import { createResultCache } from "@/lib/core/result-cache";
import { toServerSummary, type ServerSummaryView } from "./server-views";

/** Registry-wide numbers and lists; lib/schemas/stats.ts describes them on the wire (StatsResponse) and checks that the two agree. */
export interface RegistryStats {
  stats: {
    totalServers: number;
    certifiedServers: number;
    avgTrustScore: number;
    recentlyFlagged: number;
    gradeDistribution: Record<Grade, number>;
    totalScans: number;
    scansLast24h: number;
  };
  recentlyScanned: ServerSummaryView[];
  highestRated: ServerSummaryView[];
  recentlyFlagged: ServerSummaryView[];
}

const STATS_LIST_LIMIT = 10;
const STATS_TTL_MS = 10_000;

/**
 * Registry-wide numbers (docs/search-and-stats.md#stats). They are aggregates over the whole
 * table, so they are computed at most once per TTL per store and shared by
 * every caller in between; a scan recorded here clears the memo.
 */
export function createStatsReader(store: RegistryStore, now: () => Date = () => new Date()) {
  const memo = createResultCache<RegistryStats>({ ttlMs: STATS_TTL_MS, maxEntries: 1, now: () => now().getTime() });
  return {
    get: (): Promise<RegistryStats> => memo.get("stats", () => computeStats(store, now())),
    invalidate: (): void => memo.clear(),
  };
}

export type StatsReader = ReturnType<typeof createStatsReader>;

async function computeStats(store: RegistryStore, at: Date): Promise<RegistryStats> {
  const snapshot = await store.getStats(at, STATS_LIST_LIMIT);
  return {
    stats: {
      totalServers: snapshot.totalServers,
      certifiedServers: snapshot.certifiedServers,
      avgTrustScore: snapshot.avgTrustScore,
      recentlyFlagged: snapshot.recentlyFlaggedCount,
      gradeDistribution: snapshot.gradeDistribution,
      totalScans: snapshot.totalScans,
      scansLast24h: snapshot.scansLast24h,
    },
    recentlyScanned: snapshot.recentlyScanned.map(toServerSummary),
    highestRated: snapshot.highestRated.map(toServerSummary),
    recentlyFlagged: snapshot.recentlyFlagged.map(toServerSummary),
  };
}
