import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { GENERIC_PLANS_APPLICATION_NAME } from "@/db/client";
import { searchTsquery } from "@/lib/data/search-lexemes";
import type { SearchQuery } from "@/lib/core/registry/registry-store";
import { provideAppServices } from "@/lib/services/app-services";
import { searchResponseSchema } from "@/lib/schemas/search";
import { parseSiteSearch } from "@/lib/site/search-query";
import * as searchRoute from "@/app/api/v1/search/route";
import { buildScanOutcome } from "../support/scan-outcome-builder";
import { callRoute } from "./api/call-route";
import { databaseKind, openTestServices, type TestServices } from "./support/test-services";
import { recordScanOutcome } from "@/lib/core/registry/record-scan";

function rowsOf(result: unknown): Record<string, unknown>[] {
  return Array.isArray(result) ? result : ((result as { rows: Record<string, unknown>[] }).rows ?? []);
}

const meta = { trigger: "api" as const, fallbackName: "fixture", fallbackPublisher: "search-test" };

/**
 * Names of the kinds registries hold, with separators, scripts and marks the
 * tokenizer has to agree on with the database. Written as a list of shapes,
 * not from the tokenizer's code.
 */
const ODD_NAMES = [
  "Ünïcode Wéather—API",
  "foo__bar baz_",
  "日本語 ツール server",
  "emoji 🎉 tools🎉",
  "@scope/pkg-name",
  "\u202Eevil\u202C mark",
  "a.b.c d/e/f",
  "x--y -lead trail-",
  "CamelCaseName",
  "v2.1.0-beta.3",
  "ip 127.0.0.1:8080",
  "tab\tand\u00A0nbsp",
  "ZERO\u200Bwidth",
  "quotes 'single' \"double\" back\\slash",
  "percent% under_score%",
  "مرحبا-server",
];

describe(`search on ${databaseKind()}`, () => {
  let services: TestServices;
  const search = (query: Partial<SearchQuery>) =>
    services.store.searchServers({ sort: "relevance", page: 1, limit: 20, ...query } as SearchQuery);

  beforeAll(async () => {
    services = await openTestServices();
    for (const [i, name] of ODD_NAMES.entries()) {
      await recordScanOutcome(services.store, buildScanOutcome({ url: `https://odd-${i}.example/mcp`, score: 70, serverName: name }), meta);
    }
    const db = services.database.db;
    // 30 servers of publisher-42, one of publisher-420, and server number 42 of another publisher.
    await db.execute(sql`
      insert into servers (url, name, publisher_name, source, listed, trust_score, grade, certification_status)
      select 'https://tool-' || i || '.publisher-42.example/mcp', 'Tool ' || i, 'publisher-42', 'import', true, 50 + i, 'C', 'none'
      from generate_series(1, 30) as i`);
    await db.execute(sql`
      insert into servers (url, name, publisher_name, source, listed, trust_score, grade, certification_status) values
        ('https://other.publisher-420.example/mcp', 'Other', 'publisher-420', 'import', true, 60, 'C', 'none'),
        ('https://tool-42.publisher-7.example/mcp', 'Tool 42', 'publisher-7', 'import', true, 60, 'C', 'none')`);
  });
  afterAll(async () => services?.close());

  it("splits a query into the lexemes the database stored for the same text", async () => {
    for (const [i, name] of ODD_NAMES.entries()) {
      const tsquery = searchTsquery(name);
      expect(tsquery, name).not.toBeNull();
      const [row] = rowsOf(
        await services.database.db.execute(
          sql`select search_vector @@ ${tsquery}::tsquery as hit from servers where url = ${`https://odd-${i}.example/mcp`}`,
        ),
      );
      expect(row?.hit, `${JSON.stringify(name)} → ${tsquery}`).toBe(true);
      // Every word alone finds the server too, through the whole search.
      for (const word of name.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w))) {
        const { rows } = await search({ q: word });
        expect(rows.map((r) => r.url), `${JSON.stringify(name)}: ${JSON.stringify(word)}`).toContain(`https://odd-${i}.example/mcp`);
      }
    }
  });

  it("looks a hyphenated name up as one word: publisher-42 is not publisher-420 nor anything with 42", async () => {
    const { rows, total } = await search({ q: "publisher-42", limit: 50 });
    expect(total).toBe(30);
    expect(rows.every((r) => r.publisherName === "publisher-42")).toBe(true);
  });

  it("counts totals whether or not the page is full", async () => {
    expect(await search({ q: "publisher-42", limit: 20, page: 1 })).toMatchObject({ total: 30 });
    const second = await search({ q: "publisher-42", limit: 20, page: 2 });
    expect(second.total).toBe(30);
    expect(second.rows).toHaveLength(10);
    const past = await search({ q: "publisher-42", limit: 20, page: 3 });
    expect(past).toMatchObject({ total: 30, rows: [] });
    expect(await search({ q: "publisher-42", limit: 10, page: 3 })).toMatchObject({ total: 30 });
    expect(await search({ q: "no-such-word-anywhere" })).toMatchObject({ total: 0, rows: [] });
  });

  it("still finds a part of a hyphenated word, through the substring pass", async () => {
    const { rows } = await search({ q: "lisher-42" });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.url.includes("lisher-42"))).toBe(true);
  });

  it("stores a server whose name is one word longer than a tsvector lexeme may be", async () => {
    const longName = "a".repeat(3000);
    await recordScanOutcome(services.store, buildScanOutcome({ url: "https://long.example/mcp", score: 70, serverName: longName }), meta);
    const stored = await services.store.findServerByUrl("https://long.example/mcp");
    expect(stored?.name).toBe(longName);
    expect((await search({ q: "long.example" })).rows.map((r) => r.url)).toContain("https://long.example/mcp");
  });

  it("orders words by match quality, then score, on the statement that keeps one plan for every query", async () => {
    await services.database.db.execute(sql`
      insert into servers (url, name, publisher_name, source, listed, trust_score, grade, certification_status) values
        ('https://a.relay-test.example/mcp', 'Relay', 'p-one', 'import', true, 10, 'F', 'none'),
        ('https://b.relay-test.example/mcp', 'Relay Hub', 'p-two', 'import', true, 50, 'D', 'none'),
        ('https://c.relay-test.example/mcp', 'My Relay', 'p-three', 'import', true, 90, 'A', 'none'),
        ('https://relay.d-test.example/mcp', 'Courier', 'p-four', 'import', true, 99, 'A', 'none')`);
    // More executions than PostgreSQL's five custom plans, with other words between, before the one checked.
    for (const q of ["tool", "other", "publisher-42", "courier", "hub", "tool", "relay"]) {
      for (const limit of [1, 20]) {
        const { rows } = await search({ q, limit });
        expect(rows.length, q).toBeGreaterThan(0);
      }
    }
    const { rows, total } = await search({ q: "relay", limit: 10 });
    expect(total).toBe(4);
    expect(rows.map((r) => r.name)).toEqual(["Relay", "Relay Hub", "My Relay", "Courier"]);
    // The same words with a filter or another order are planned for their values, and agree.
    expect((await search({ q: "relay", sort: "score-high" })).rows.map((r) => r.name)).toEqual(["Courier", "My Relay", "Relay Hub", "Relay"]);
    expect((await search({ q: "relay", grade: "A" })).rows.map((r) => r.name)).toEqual(["My Relay", "Courier"]);
  });

  it.runIf(databaseKind() === "postgres")("runs only the unfiltered relevance word search on the connections that keep one plan", async () => {
    // The last statement of each generic-plan connection of this test's database.
    const genericPlanStatements = async () =>
      rowsOf(
        await services.database.db.execute(
          sql`select query from pg_stat_activity where datname = current_database() and application_name = ${GENERIC_PLANS_APPLICATION_NAME}`,
        ),
      ).map((r) => String(r.query));
    // Limits no earlier test used, so the read cache cannot answer.
    await search({ q: "hub", limit: 7 });
    const relevancePage = await genericPlanStatements();
    expect(relevancePage.some((q) => q.includes("@@") && q.includes('lower("servers"."name") =')), relevancePage.join("\n")).toBe(true);
    // Another order, a filter, or no words: planned for their values on the other pool.
    await search({ q: "courier", sort: "score-high", limit: 7 });
    await search({ q: "courier", grade: "A", limit: 7 });
    await search({ q: "", sort: "name", limit: 7 });
    expect(await genericPlanStatements()).toEqual(relevancePage);
    const setting = async (db: typeof services.database.db) => rowsOf(await db.execute(sql`show plan_cache_mode`))[0]?.plan_cache_mode;
    expect(await setting(services.database.genericPlans)).toBe("force_generic_plan");
    expect(await setting(services.database.db)).toBe("auto");
  });

  it("searches text with a NUL or other control characters as words, over REST and on the home page, never a database error", async () => {
    provideAppServices(services);
    let ip = 0;
    const get = async (query: string) => {
      const response = await callRoute(searchRoute.GET, `/api/v1/search?${query}`, { clientIp: `192.0.2.${++ip}` });
      expect(response.status, query).toBe(200);
      return searchResponseSchema.parse(await response.json());
    };
    const spaced = await get("q=emoji%20tools");
    expect(spaced.results.map((r) => r.name)).toEqual([ODD_NAMES[3]]);
    // NUL, invalid UTF-8 (read as U+FFFD), a vertical tab and ESC.
    for (const query of ["q=emoji%00tools", "q=emoji%ED%A0%80tools", "q=emoji%0B%1Btools"]) {
      expect(await get(query), query).toEqual({ ...spaced, query: "emoji tools" });
    }
    // Nothing but a NUL is no search text. (A page past the end: some rows of this file have no scan to show.)
    const everything = await get("page=1000");
    expect(await get("q=%00&page=1000")).toMatchObject({ query: "", total: everything.total });
    // An empty filter field is no filter, as the home page's plain GET form sends it.
    expect((await get("certified=&grade=&page=1000")).total).toBe(everything.total);
    // The home page parses its query with the same schema.
    expect(parseSiteSearch({ q: "emoji\u0000tools" })).toMatchObject({ ok: true, query: { q: "emoji tools" } });
  });
});
