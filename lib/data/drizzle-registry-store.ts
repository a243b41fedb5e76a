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
import { shouldFlagScan } from "@/lib/core/registry/should-flag-scan";
import { parsePurl } from "@/lib/core/registry/purl";
import { importRuns } from "@/db/schema";
import { searchTsquery } from "./search-lexemes";
import {
  serverRecordColumns,
  serverSummaryColumns,
  type ServerSummaryRow,
  toListedServerRecord,
  toScanRecord,
  toScanSummary,
  toServerRecord,
  toServerSummaryRecord,
} from "./row-mappers";

const WORD_SIMILARITY_THRESHOLD = 0.45;
/** Totals are counted up to this many matches, so a popular word costs the same at any registry size. */
const SEARCH_TOTAL_CAP = 10_000;
const FLAG_WINDOW_MS = 7 * 24 * 3600 * 1000;

/** Up to five words of at least one character; more words add cost, not precision. */
function searchTokens(q: string): string[] {
  return q.split(/\s+/).filter(Boolean).slice(0, 5);
}

/** Escapes LIKE wildcards so a user's `%` or `_` is matched literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** What a search statement's SQL depends on; everything else is a placeholder value. */
interface SearchShape {
  match: "all" | "words" | "substring" | "fuzzy";
  /** Words of a substring pass (one ILIKE each). */
  tokens: number;
  sort: SearchQuery["sort"];
  grade: boolean;
  certified: "any" | "tier" | null;
}

interface PreparedSearch {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/**
 * The drizzle implementation of the registry's storage port. `genericPlans`
 * is the database on connections that keep one plan per prepared statement
 * (DatabaseHandle.genericPlans); by default the same as `db`.
 */
export function createDrizzleRegistryStore(db: Database, genericPlans: Database = db): RegistryStore {
  /**
   * Search statements are prepared once per shape (which pass, how many
   * words, which sort and filters) with the values as placeholders: a hot
   * search then neither rebuilds its SQL here nor has PostgreSQL parse it
   * again on that connection.
   */
  const preparedSearches = new Map<string, { page: PreparedSearch; count: PreparedSearch }>();

  /** Filters every search applies: listed, grade, certification. */
  function filterConditions(shape: SearchShape): SQL[] {
    const parts: SQL[] = [sql`${servers.listed}`];
    if (shape.grade) parts.push(eq(servers.grade, sql.placeholder("grade")));
    if (shape.certified === "any") parts.push(ne(servers.certificationStatus, "none"));
    else if (shape.certified === "tier") parts.push(eq(servers.certificationStatus, sql.placeholder("certified")));
    return parts;
  }

  /**
   * The pass's match condition:
   * - words: every word of the query is a word of name, URL, publisher or
   *   package (the last one may be a prefix), looked up in the tsvector GIN;
   *   the cheap first pass, whose cost follows the rarest word rather than
   *   the registry's size;
   * - substring: every word occurs anywhere in those fields (trigram GIN on search_text);
   * - fuzzy: typo tolerance, the query is similar to a word run of the name
   *   (`<%`, trigram GIN on lower(name)).
   */
  function matchConditions(shape: SearchShape): SQL[] {
    switch (shape.match) {
      case "all":
        return [];
      case "words":
        return [sql`${servers.searchVector} @@ ${sql.placeholder("tsquery")}::tsquery`];
      case "substring":
        return Array.from({ length: shape.tokens }, (_, i) => sql`${servers.searchText} ilike ${sql.placeholder(`like${i}`)}`);
      case "fuzzy":
        return [sql`${sql.placeholder("q")} <% lower(${servers.name})`];
    }
  }

  function searchOrder(shape: SearchShape): SQL[] {
    switch (shape.sort) {
      case "score-high":
        return [desc(servers.trustScore), asc(servers.id)];
      case "score-low":
        return [asc(servers.trustScore), desc(servers.id)];
      case "recent":
        return [desc(servers.lastScannedAt), asc(servers.id)];
      case "name":
        return [asc(servers.name), asc(servers.id)];
      case "relevance":
        if (shape.match === "all") return [desc(servers.trustScore), asc(servers.id)];
        // Match quality first (exact name, name prefix, name contains, elsewhere), then trust score (docs/search-and-stats.md#sorting).
        return [
          ...(shape.match === "fuzzy" ? [sql`word_similarity(${sql.placeholder("q")}, lower(${servers.name})) desc`] : []),
          sql`(lower(${servers.name}) = ${sql.placeholder("q")}) desc`,
          sql`(lower(${servers.name}) like ${sql.placeholder("qPrefix")}) desc`,
          sql`(lower(${servers.name}) like ${sql.placeholder("qInside")}) desc`,
          desc(servers.trustScore),
          asc(servers.id),
        ];
    }
  }

  /**
   * A search's page and count statements. The page of an unfiltered word
   * search in relevance order may run on `pageExecutor` with a fixed
   * (generic) plan: its plan is the same for every query (the words' GIN
   * index, then a sort, since no index gives that order). Filters or
   * another order make the best plan depend on the values (a common word
   * sorted by score is best read down the score index), so those, and the
   * count, are planned for their values.
   */
  function searchStatements(executor: Database, shape: SearchShape, pageExecutor: Database = executor) {
    const where = and(...filterConditions(shape), ...matchConditions(shape))!;
    const page = pageExecutor
      .select(serverSummaryColumns)
      .from(servers)
      .where(where)
      .orderBy(...searchOrder(shape))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"));
    const total = executor
      .select({ total: count() })
      .from(executor.select({ one: sql`1` }).from(servers).where(where).limit(SEARCH_TOTAL_CAP).as("matches"));
    return { page, count: total };
  }

  function hasValueIndependentPlan(shape: SearchShape): boolean {
    return shape.match === "words" && shape.sort === "relevance" && !shape.grade && shape.certified === null;
  }

  function preparedSearch(shape: SearchShape) {
    const key = `${shape.match}|${shape.tokens}|${shape.sort}|${shape.grade}|${shape.certified}`;
    let statements = preparedSearches.get(key);
    if (!statements) {
      const { page, count: total } = searchStatements(db, shape, hasValueIndependentPlan(shape) ? genericPlans : db);
      const name = `search_${preparedSearches.size}`;
      statements = { page: page.prepare(`${name}_page`), count: total.prepare(`${name}_count`) };
      preparedSearches.set(key, statements);
    }
    return statements;
  }

  /**
   * One page and a total counted up to SEARCH_TOTAL_CAP, for one pass. A page
   * that is not full and not past the end already tells the total, so the
   * count query runs only when it would say more (the common narrow query
   * then costs one statement). `inTransaction` runs unprepared statements on
   * that transaction instead.
   */
  async function searchPage(query: SearchQuery, shape: SearchShape, values: Record<string, unknown>, inTransaction?: Database) {
    const statements = inTransaction ? searchStatements(inTransaction, shape) : preparedSearch(shape);
    const offset = (query.page - 1) * query.limit;
    const rows = ((await statements.page.execute({ ...values, limit: query.limit, offset })) as ServerSummaryRow[]).map(toServerSummaryRecord);
    if (rows.length < query.limit && (rows.length > 0 || offset === 0)) return { total: offset + rows.length, rows };
    const [{ total }] = (await statements.count.execute(values)) as { total: number }[];
    return { total: Number(total), rows };
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

  // A plain function, not `this.findServerByUrl`: the store's methods work however they are called.
  async function findServerByUrl(url: string): ReturnType<RegistryStore["findServerByUrl"]> {
    const [row] = await db.select(serverRecordColumns).from(servers).where(eq(servers.url, url)).limit(1);
    return row ? toServerRecord(row) : null;
  }

  return {
    async searchServers(query) {
      const q = query.q?.trim().toLowerCase() || null;
      const shape = (match: SearchShape["match"], tokens = 0): SearchShape => ({
        match,
        tokens,
        sort: query.sort,
        grade: query.grade !== undefined,
        certified: query.certified === "true" ? "any" : query.certified ? "tier" : null,
      });
      const filters = { grade: query.grade, certified: query.certified };
      if (!q) return searchPage(query, shape("all"), filters);
      const relevance = { ...filters, q, qPrefix: `${escapeLike(q)}%`, qInside: likePattern(q) };
      const tsquery = searchTsquery(q);
      if (tsquery) {
        const byWords = await searchPage(query, shape("words"), { ...relevance, tsquery });
        if (byWords.total > 0) return byWords;
      }
      // Not every word of the query is a word of the server's: look for them inside words (URL fragments, packages).
      const tokens = searchTokens(q);
      const likes = Object.fromEntries(tokens.map((token, i) => [`like${i}`, likePattern(token)]));
      const exact = await searchPage(query, shape("substring", tokens.length), { ...relevance, ...likes });
      if (exact.total > 0 || q.length < 3) return exact;
      // Nothing contains the words as typed: try names that are similar (typos). pg_trgm's default
      // threshold (0.6) misses one-letter typos in short words ("wether"), so lower it for this
      // transaction only; the operator stays index-backed.
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`);
        return searchPage(query, shape("fuzzy"), relevance, tx as unknown as Database);
      });
    },

    findServerByUrl,

    async findListedServersByPackage(packageName, limit) {
      const rows = await db
        .select(serverRecordColumns)
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

    async getRegistryContext(url) {
      const server = await findServerByUrl(url);
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
        // Create the server if the scan is its first appearance (docs/findings-and-scans.md#a-scan-of-a-server-the-registry-does-not-know);
        // lock it so two recorders serialise.
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
            packageEvidence: outcome.packageEvidence ?? null,
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
              // A purl is a package assessed in the sandbox (docs/package-assessment.md); anything else was reached over the network.
              scanType: parsePurl(outcome.serverUrl) ? "package" : "remote",
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
          const what = parsePurl(byUrl.url ?? "") ? `package ${byUrl.url}` : "URL";
          return { kind: "skipped", reason: `${what} already registered by ${byUrl.registryName}` };
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

    // Remote servers and package servers alike: a package-only server's url is its purl (docs/identity.md#what-a-server-is-keyed-by).
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
