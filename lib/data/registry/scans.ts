import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { scans, servers } from "@/db/schema";
import type { RegistryStore } from "@/lib/core/registry/registry-store";
import { UNKNOWN_SERVER_CONTEXT } from "@/lib/core/scanning/scan-outcome";
import { toScanRecord, toScanSummary, toServerRecord } from "../row-mappers";

type ScanRecords = Pick<RegistryStore, "listScans" | "getScan" | "getRegistryContext" | "recordScan">;

/**
 * Scans: their history, what a new scan needs to know, and recording one.
 * `findServerByUrl` is the server reads' (servers.ts), passed in so both
 * read a server the same way.
 */
export function createScanRecords(db: Database, findServerByUrl: RegistryStore["findServerByUrl"]): ScanRecords {
  async function previousCompletedScan(serverId: string) {
    const [row] = await db
      .select()
      .from(scans)
      .where(and(eq(scans.serverId, serverId), eq(scans.status, "completed")))
      .orderBy(desc(scans.scannedAt))
      .limit(1);
    return row ? toScanRecord(row) : null;
  }

  return {
    async listScans(serverId, limit) {
      const rows = await db
        .select({
          id: scans.id,
          scannedAt: scans.scannedAt,
          status: scans.status,
          trigger: scans.trigger,
          trustScore: scans.trustScore,
          grade: scans.grade,
          toolCount: scans.toolCount,
          resourceCount: scans.resourceCount,
          toolsHash: scans.toolsHash,
          changes: scans.changes,
        })
        .from(scans)
        .where(eq(scans.serverId, serverId))
        .orderBy(desc(scans.scannedAt), desc(scans.id))
        .limit(limit);
      return rows.map(toScanSummary);
    },

    async getScan(scanId) {
      const [row] = await db.select().from(scans).where(eq(scans.id, scanId)).limit(1);
      return row ? toScanRecord(row) : null;
    },

    async getRegistryContext(url) {
      const server = await findServerByUrl(url);
      if (!server) return UNKNOWN_SERVER_CONTEXT;
      const [[publisher], previous] = await Promise.all([
        db
          .select({ n: count(), avg: sql<string | null>`avg(${servers.trustScore})` })
          .from(servers)
          .where(and(sql`${servers.listed}`, eq(servers.publisherName, server.publisherName), ne(servers.id, server.id))),
        previousCompletedScan(server.id),
      ]);
      return {
        name: server.name,
        publisherName: server.publisherName,
        repositoryUrl: server.repositoryUrl,
        packageName: server.packageName,
        certificationStatus: server.certificationStatus,
        publisherServerCount: Number(publisher.n),
        publisherAverageScore: publisher.avg === null ? null : Number(publisher.avg),
        previousToolHashes: previous ? previous.toolHashes : null,
      };
    },

    async recordScan(outcome, meta, decide) {
      return db.transaction(async (tx) => {
        // The scan may be the server's first appearance (docs/findings-and-scans.md#a-scan-of-a-server-the-registry-does-not-know).
        await tx
          .insert(servers)
          .values({ url: outcome.serverUrl, name: meta.fallbackName, publisherName: meta.fallbackPublisher, source: "scan" })
          .onConflictDoNothing({ target: servers.url });
        // Locked, so two recorders of one server take turns and each decides on what the other wrote.
        const [serverRow] = await tx.select().from(servers).where(eq(servers.url, outcome.serverUrl)).for("update");
        const server = toServerRecord(serverRow);
        const [latestRow] = server.latestScanId ? await tx.select().from(scans).where(eq(scans.id, server.latestScanId)).limit(1) : [];
        const decision = decide({ server, createdByScan: serverRow.source === "scan", latestScan: latestRow ? toScanRecord(latestRow) : null });
        const score = outcome.score;
        const [scanRow] = await tx
          .insert(scans)
          .values({
            serverId: server.id,
            serverUrl: outcome.serverUrl,
            status: outcome.status,
            trigger: meta.trigger,
            startedAt: outcome.startedAt,
            scannedAt: decision.scannedAt,
            durationMs: outcome.durationMs,
            scoringVersion: outcome.scoringVersion,
            trustScore: score?.trustScore ?? null,
            grade: score?.grade ?? null,
            uncappedGrade: score?.uncappedGrade ?? null,
            trustLabel: score?.trustLabel ?? null,
            capReason: score?.capReason ?? null,
            trustSummary: score?.trustSummary ?? null,
            findingsSummary: score?.findingsSummary ?? null,
            factors: score?.factors ?? null,
            findings: outcome.findings,
            discovery: outcome.discovery,
            network: outcome.network,
            packageEvidence: outcome.packageEvidence ?? null,
            toolHashes: outcome.toolHashes,
            toolsHash: outcome.toolsHash,
            changes: outcome.changes,
            toolCount: outcome.discovery?.tools.length ?? 0,
            resourceCount: outcome.discovery?.resources.length ?? 0,
            flagged: decision.flagged,
          })
          .returning();
        const verdict = decision.verdict ? { ...decision.verdict, latestScanId: scanRow.id } : {};
        const [updated] = await tx
          .update(servers)
          .set({ ...verdict, scanCount: sql`${servers.scanCount} + 1`, updatedAt: new Date() })
          .where(eq(servers.id, server.id))
          .returning();
        return { server: toServerRecord(updated), scan: toScanRecord(scanRow) };
      });
    },
  };
}
