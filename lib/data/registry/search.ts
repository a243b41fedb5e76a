import { and, asc, count, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { servers } from "@/db/schema";
import type { RegistryStore, SearchQuery } from "@/lib/core/registry/registry-store";
import { searchTsquery } from "../search-lexemes";
import { serverSummaryColumns, type ServerSummaryRow, toServerSummaryRecord } from "../row-mappers";

const WORD_SIMILARITY_THRESHOLD = 0.45;
/** Totals are counted up to this many matches, so a popular word costs the same at any registry size. */
const SEARCH_TOTAL_CAP = 10_000;
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
 * The registry's search (docs/search-and-stats.md): words first, then
 * substrings, then typo-tolerant names. `genericPlans` is the database on
 * connections that keep one plan per prepared statement
 * (DatabaseHandle.genericPlans); by default the same as `db`.
 */
export function createServerSearch(db: Database, genericPlans: Database = db): Pick<RegistryStore, "searchServers"> {
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
  };
}
