import { and, asc, count, desc, eq, gt, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { scans, servers } from "@/db/schema";
import { GRADES, type CertificationStatus, type Grade } from "@/lib/core/grades";
import type {
  ImportedServer,
  ImportRunCounts,
  RecordScanMeta,
  RegistryStore,
  SearchQuery,
  StatsSnapshot,
  UpsertResult,
} from "@/lib/core/registry/registry-store";
import { UNKNOWN_SERVER_CONTEXT, type RegistryContext, type ScanOutcome } from "@/lib/core/scanning/scan-outcome";
import { shouldFlagScan } from "@/lib/core/registry/flag-scan";
import { importRuns } from "@/db/schema";
import { toListedServerRecord, toScanRecord, toScanSummary, toServerRecord } from "./row-mappers";

const WORD_SIMILARITY_THRESHOLD = 0.45;
/** Totals are counted up to this many matches, so a popular word costs the same at any registry size. */
export const SEARCH_TOTAL_CAP = 10_000;
const FLAG_WINDOW_MS = 7 * 24 * 3600 * 1000;

/** Up to five words of at least one character; more words add cost, not precision. */
function searchTokens(q: string): string[] {
  return q.split(/\s+/).filter(Boolean).slice(0, 5);
}

/**
 * The query's words as a tsquery ('acme' & 'weath':*). Only letters, digits
 * and the punctuation of names, hosts and packages survive, and each word is
 * quoted, so no input can change the query's structure. Only the last word,
 * when it is a plain word, matches as a prefix (the one still being typed):
 * a prefix is a partial match in the GIN index, which gathers every row of
 * every word it covers, while exact words let the index skip ahead through
 * frequent entries and cost what the rarest word costs.
 */
function wordPrefixQuery(q: string): string | null {
  const words = searchTokens(q)
    .map((token) => token.replace(/[^\p{L}\p{N}@._/:-]/gu, ""))
    .filter((token) => /[\p{L}\p{N}]/u.test(token));
  if (words.length === 0) return null;
  return words
    .map((word, i) => (i === words.length - 1 && /^[\p{L}\p{N}]{2,}$/u.test(word) ? `'${word}':*` : `'${word}'`))
    .join(" & ");
}

/** Escapes LIKE wildcards so a user's `%` or `_` is matched literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** The drizzle implementation of the registry's storage port. */
export function createDrizzleRegistryStore(db: Database): RegistryStore {
  /** Filters every search applies: listed, grade, certification. */
  function filterConditions(query: SearchQuery): SQL[] {
    const parts: SQL[] = [sql`${servers.listed}`];
    if (query.grade) parts.push(eq(servers.grade, query.grade));
    if (query.certified === "true") parts.push(ne(servers.certificationStatus, "none"));
    else if (query.certified) parts.push(eq(servers.certificationStatus, query.certified));
    return parts;
  }

  /**
   * Every word of the query starts a word of name, URL, publisher or package
   * (tsvector GIN): the cheap first pass, whose cost follows the rarest word
   * rather than the registry's size.
   */
  function wordPrefixCondition(q: string): SQL | null {
    const tsquery = wordPrefixQuery(q);
    return tsquery ? sql`${servers.searchVector} @@ to_tsquery('simple', ${tsquery})` : null;
  }

  /** Every word of the query occurs anywhere in name, URL, publisher or package (trigram GIN on search_text). */
  function substringConditions(q: string): SQL[] {
    return searchTokens(q).map((token) => sql`${servers.searchText} ilike ${likePattern(token)}`);
  }

  /** Typo tolerance: the query is similar to a word run of the name (`<%`, trigram GIN on lower(name)). */
  function fuzzyCondition(q: string): SQL {
    return sql`${q} <% lower(${servers.name})`;
  }

  function searchOrder(query: SearchQuery, q: string | null, fuzzy: boolean): SQL[] {
    switch (query.sort) {
      case "score-high":
        return [desc(servers.trustScore), asc(servers.id)];
      case "score-low":
        return [asc(servers.trustScore), desc(servers.id)];
      case "recent":
        return [desc(servers.lastScannedAt), asc(servers.id)];
      case "name":
        return [asc(servers.name), asc(servers.id)];
      case "relevance":
        if (!q) return [desc(servers.trustScore), asc(servers.id)];
        // Match quality first (exact name, name prefix, name contains, elsewhere), then trust score (D7).
        return [
          ...(fuzzy ? [sql`word_similarity(${q}, lower(${servers.name})) desc`] : []),
          sql`(lower(${servers.name}) = ${q}) desc`,
          sql`(lower(${servers.name}) like ${`${escapeLike(q)}%`}) desc`,
          sql`(lower(${servers.name}) like ${likePattern(q)}) desc`,
          desc(servers.trustScore),
          asc(servers.id),
        ];
    }
  }

  /** One page and a total counted up to SEARCH_TOTAL_CAP, under the given match condition. */
  async function searchPage(executor: Database, query: SearchQuery, q: string | null, match: SQL[], fuzzy: boolean) {
    const where = and(...filterConditions(query), ...match)!;
    const [rows, [{ total }]] = await Promise.all([
      executor
        .select()
        .from(servers)
        .where(where)
        .orderBy(...searchOrder(query, q, fuzzy))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      executor
        .select({ total: count() })
        .from(executor.select({ one: sql`1` }).from(servers).where(where).limit(SEARCH_TOTAL_CAP).as("matches")),
    ]);
    return { total: Number(total), rows: rows.map(toListedServerRecord) };
  }

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
    async searchServers(query) {
      const q = query.q?.trim().toLowerCase() || null;
      if (!q) return searchPage(db, query, null, [], false);
      const words = wordPrefixCondition(q);
      if (words) {
        const byWords = await searchPage(db, query, q, [words], false);
        if (byWords.total > 0) return byWords;
      }
      // No word starts with the query's words: look for them inside words (URL fragments, packages).
      const exact = await searchPage(db, query, q, substringConditions(q), false);
      if (exact.total > 0 || q.length < 3) return exact;
      // Nothing contains the words as typed: try names that are similar (typos). pg_trgm's default
      // threshold (0.6) misses one-letter typos in short words ("wether"), so lower it for this
      // transaction only; the operator stays index-backed.
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`);
        return searchPage(tx as unknown as Database, query, q, [fuzzyCondition(q)], true);
      });
    },

    async findServerByUrl(url) {
      const [row] = await db.select().from(servers).where(eq(servers.url, url)).limit(1);
      return row ? toServerRecord(row) : null;
    },

    async findListedServersByPackage(packageName, limit) {
      const rows = await db
        .select()
        .from(servers)
        .where(and(sql`${servers.listed}`, eq(servers.packageName, packageName)))
        .orderBy(desc(servers.trustScore), asc(servers.id))
        .limit(limit);
      return rows.map(toListedServerRecord);
    },

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
        db.select().from(servers).where(listed).orderBy(desc(servers.lastScannedAt), asc(servers.id)).limit(listLimit),
        db
          .select()
          .from(servers)
          .where(listed)
          .orderBy(desc(servers.trustScore), desc(servers.lastScannedAt), asc(servers.id))
          .limit(listLimit),
        db
          .select({ server: servers })
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
        recentlyScanned: recentRows.map(toListedServerRecord),
        highestRated: topRows.map(toListedServerRecord),
        recentlyFlagged: flaggedRows.map((r) => toListedServerRecord(r.server)),
      };
      return snapshot;
    },

    async getRegistryContext(url) {
      const server = await this.findServerByUrl(url);
      if (!server) {
        return UNKNOWN_SERVER_CONTEXT;
      }
      const [[publisher], previous] = await Promise.all([
        db
          .select({ n: count(), avg: sql<string | null>`avg(${servers.trustScore})` })
          .from(servers)
          .where(
            and(sql`${servers.listed}`, eq(servers.publisherName, server.publisherName), ne(servers.id, server.id)),
          ),
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

    async recordScan(outcome: ScanOutcome, meta: RecordScanMeta) {
      return db.transaction(async (tx) => {
        // Create the server if the scan is its first appearance (D3); lock it so two recorders serialise.
        await tx
          .insert(servers)
          .values({
            url: outcome.serverUrl,
            name: meta.fallbackName,
            publisherName: meta.fallbackPublisher,
            source: "scan",
          })
          .onConflictDoNothing({ target: servers.url });
        const [serverRow] = await tx.select().from(servers).where(eq(servers.url, outcome.serverUrl)).for("update");
        const server = toServerRecord(serverRow);
        const previousScan = server.latestScanId
          ? (await tx.select().from(scans).where(eq(scans.id, server.latestScanId)).limit(1))[0]
          : undefined;
        const flagged = shouldFlagScan(
          outcome,
          previousScan ? { grade: server.grade, findings: toScanRecord(previousScan).findings } : null,
          server.certificationStatus,
        );
        const score = outcome.score;
        const scannedAt = new Date(outcome.startedAt.getTime() + outcome.durationMs);
        const [scanRow] = await tx
          .insert(scans)
          .values({
            serverId: server.id,
            serverUrl: outcome.serverUrl,
            status: outcome.status,
            trigger: meta.trigger,
            startedAt: outcome.startedAt,
            scannedAt,
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
            toolHashes: outcome.toolHashes,
            toolsHash: outcome.toolsHash,
            changes: outcome.changes,
            toolCount: outcome.discovery?.tools.length ?? 0,
            resourceCount: outcome.discovery?.resources.length ?? 0,
            flagged,
          })
          .returning();
        const verdict = score
          ? {
              trustScore: score.trustScore,
              grade: score.grade,
              trustLabel: score.trustLabel,
              trustSummary: score.trustSummary,
              findingsSummary: score.findingsSummary,
              lastScannedAt: scannedAt,
              latestScanId: scanRow.id,
              scanType: "remote",
              transportType: outcome.discovery?.transport ?? server.transportType,
              listed: server.registryStatus !== "deleted",
              // A server first seen by a scan takes the name it announces for itself.
              ...(serverRow.source === "scan" && outcome.discovery?.serverInfo?.name
                ? { name: outcome.discovery.serverInfo.title || outcome.discovery.serverInfo.name }
                : {}),
            }
          : {};
        const [updated] = await tx
          .update(servers)
          .set({ ...verdict, scanCount: sql`${servers.scanCount} + 1`, updatedAt: new Date() })
          .where(eq(servers.id, server.id))
          .returning();
        return { server: toServerRecord(updated), scan: toScanRecord(scanRow) };
      });
    },

    async upsertImportedServer(entry: ImportedServer, importHash: string): Promise<UpsertResult> {
      return db.transaction(async (tx) => {
        const [byName] = await tx
          .select()
          .from(servers)
          .where(eq(servers.registryName, entry.registryName))
          .for("update");
        const [byUrl] = entry.url
          ? await tx.select().from(servers).where(eq(servers.url, entry.url)).for("update")
          : [];
        if (byUrl && byUrl.registryName && byUrl.registryName !== entry.registryName) {
          return { kind: "skipped", reason: `URL already registered by ${byUrl.registryName}` };
        }
        const existing = byName ?? byUrl;
        if (byName && byUrl && byName.id !== byUrl.id) {
          return { kind: "skipped", reason: `URL already registered by another server` };
        }
        const values = {
          registryName: entry.registryName,
          url: entry.url,
          name: entry.title || entry.name,
          title: entry.title,
          description: entry.description,
          version: entry.version,
          publisherName: entry.publisherName,
          packageName: entry.packageName,
          packageRegistry: entry.packageRegistry,
          repositoryUrl: entry.repositoryUrl,
          websiteUrl: entry.websiteUrl,
          transportType: entry.transportType,
          registryStatus: entry.registryStatus,
          importHash,
        };
        if (!existing) {
          if (entry.registryStatus === "deleted") return { kind: "skipped", reason: "deleted upstream and never imported" };
          await tx.insert(servers).values({ ...values, source: "import" });
          return { kind: "added" };
        }
        if (existing.importHash === importHash) return { kind: "unchanged" };
        await tx
          .update(servers)
          .set({
            ...values,
            source: "import",
            // Deleted upstream: out of public view; otherwise visible again once it has a verdict.
            listed: entry.registryStatus !== "deleted" && existing.latestScanId !== null,
            updatedAt: new Date(),
          })
          .where(eq(servers.id, existing.id));
        return { kind: entry.registryStatus === "deleted" && existing.registryStatus !== "deleted" ? "removed" : "updated" };
      });
    },

    async recordImportRun(run: ImportRunCounts) {
      await db.insert(importRuns).values({
        source: run.source,
        startedAt: run.startedAt,
        finishedAt: run.finishedAt,
        added: run.added,
        updated: run.updated,
        unchanged: run.unchanged,
        removed: run.removed,
        skipped: run.skipped,
        skippedReasons: run.skippedReasons.slice(0, 1000),
        pages: run.pages,
        error: run.error,
      });
    },

    async listServersToScan({ staleBefore, limit }) {
      const rows = await db
        .select({ id: servers.id, url: servers.url })
        .from(servers)
        .where(
          and(
            isNotNull(servers.url),
            ne(servers.registryStatus, "deleted"),
            or(sql`${servers.lastScannedAt} is null`, sql`${servers.lastScannedAt} < ${staleBefore.toISOString()}`),
          ),
        )
        .orderBy(sql`${servers.lastScannedAt} asc nulls first`)
        .limit(limit);
      return rows.map((r) => ({ id: r.id, url: r.url! }));
    },

    async setCertificationStatus(serverId: string, status: CertificationStatus) {
      await db.update(servers).set({ certificationStatus: status, updatedAt: new Date() }).where(eq(servers.id, serverId));
    },
  };
}
