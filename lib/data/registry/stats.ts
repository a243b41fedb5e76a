import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { scans, servers } from "@/db/schema";
import { GRADES, type Grade } from "@/lib/core/grades";
import type { RegistryStore, StatsSnapshot } from "@/lib/core/registry/registry-store";
import { serverSummaryColumns, toServerSummaryRecord } from "../row-mappers";

/** How long a flagged scan stays in recentlyFlagged (docs/search-and-stats.md#recently-flagged). */
const FLAG_WINDOW_MS = 7 * 24 * 3600 * 1000;

/** The registry's statistics (docs/search-and-stats.md), read in parallel statements over listed servers. */
export function createStatsQuery(db: Database): Pick<RegistryStore, "getStats"> {
  return {
    async getStats(now, listLimit) {
      const listed = sql`${servers.listed}`;
      const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
      const flagSince = new Date(now.getTime() - FLAG_WINDOW_MS);
      const flaggedWhere = and(listed, eq(scans.flagged, true), gt(scans.scannedAt, flagSince));
      const [
        [totals],
        gradeRows,
        [scanTotals],
        recentRows,
        topRows,
        flaggedRows,
        [flaggedCount],
      ] = await Promise.all([
        db
          .select({
            total: count(),
            certified: sql<number>`count(*) filter (where ${servers.certificationStatus} <> 'none')`,
            avg: sql<string | null>`avg(${servers.trustScore})`,
          })
          .from(servers)
          .where(listed),
        db.select({ grade: servers.grade, n: count() }).from(servers).where(listed).groupBy(servers.grade),
        db
          .select({
            total: count(),
            last24h: sql<number>`count(*) filter (where ${scans.scannedAt} > ${dayAgo.toISOString()})`,
          })
          .from(scans),
        db.select(serverSummaryColumns).from(servers).where(listed).orderBy(desc(servers.lastScannedAt), asc(servers.id)).limit(listLimit),
        db
          .select(serverSummaryColumns)
          .from(servers)
          .where(listed)
          .orderBy(desc(servers.trustScore), desc(servers.lastScannedAt), asc(servers.id))
          .limit(listLimit),
        db
          .select({ server: serverSummaryColumns })
          .from(servers)
          .innerJoin(scans, eq(scans.id, servers.latestScanId))
          .where(flaggedWhere)
          .orderBy(desc(scans.scannedAt))
          .limit(listLimit),
        db
          .select({ n: count() })
          .from(servers)
          .innerJoin(scans, eq(scans.id, servers.latestScanId))
          .where(flaggedWhere),
      ]);
      const gradeDistribution = Object.fromEntries(GRADES.map((g) => [g, 0])) as Record<Grade, number>;
      for (const row of gradeRows) if (row.grade) gradeDistribution[row.grade as Grade] = Number(row.n);
      const snapshot: StatsSnapshot = {
        totalServers: Number(totals.total),
        certifiedServers: Number(totals.certified),
        avgTrustScore: totals.avg === null ? 0 : Math.round(Number(totals.avg) * 10) / 10,
        gradeDistribution,
        totalScans: Number(scanTotals.total),
        scansLast24h: Number(scanTotals.last24h),
        recentlyFlaggedCount: Number(flaggedCount.n),
        recentlyScanned: recentRows.map(toServerSummaryRecord),
        highestRated: topRows.map(toServerSummaryRecord),
        recentlyFlagged: flaggedRows.map((r) => toServerSummaryRecord(r.server)),
      };
      return snapshot;
    },
  };
}
