import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { migrateHandle } from "@/db/client";
import { bulkLoadServers } from "@/db/bulk-load";
import { databaseOptions } from "@/lib/services/open-services";
import { databaseKind, openTestServices, type TestServices } from "./support/test-services";

/** Rows of db.execute differ by driver: postgres.js gives an array, PGlite { rows }. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  return Array.isArray(result) ? result : ((result as { rows: Record<string, unknown>[] }).rows ?? []);
}

describe(`migrations on ${databaseKind()}`, () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await openTestServices();
  });
  afterAll(async () => services?.close());

  it("creates every table and pg_trgm", async () => {
    const tables = rowsOf(
      await services.database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      ),
    ).map((r) => r.table_name);
    expect(tables).toEqual(
      expect.arrayContaining(["servers", "scans", "certification_applications", "certification_audit", "api_keys", "import_runs"]),
    );
    const extensions = rowsOf(await services.database.db.execute(sql`select extname from pg_extension`)).map((r) => r.extname);
    expect(extensions).toContain("pg_trgm");
  });

  it("is harmless to run twice", async () => {
    await migrateHandle(services.database, databaseOptions(services.config));
    await migrateHandle(services.database, databaseOptions(services.config));
    const applied = rowsOf(await services.database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    expect(Number(applied[0].n)).toBeGreaterThanOrEqual(2);
  });

  it("serves search, filters and sorts from indexes (EXPLAIN over 30,000 servers)", async () => {
    const db = services.database.db;
    // A realistic spread of rows, so the planner's choices are the ones it makes at scale.
    await bulkLoadServers(db, async () => {
      await db.execute(sql`
        insert into servers (url, name, publisher_name, package_name, source, listed, trust_score, grade, certification_status, last_scanned_at)
        select 'https://s' || i || '.example.com/mcp',
               (array['weather','github','postgres','slack','notion','search','files','calendar'])[1 + i % 8] || '-' || md5(i::text),
               'publisher-' || (i % 500),
               '@scope/pkg-' || i,
               'import', i % 10 <> 0, i % 101,
               (array['A','B','C','D','F'])[1 + i % 5],
               (array['none','none','none','none','none','none','none','none','standard','premium'])[1 + i % 10],
               now() - (i || ' minutes')::interval
        from generate_series(1, 30000) as i`);
    });
    const plan = async (query: ReturnType<typeof sql>) =>
      rowsOf(await db.execute(sql`explain ${query}`))
        .map((r) => String(r["QUERY PLAN"]))
        .join("\n");
    expect(await plan(sql`select id from servers where listed and search_text ilike '%weather-ab%'`)).toMatch(/servers_search_trgm/);
    expect(await plan(sql`select id from servers where listed and search_vector @@ 'publisher-42 & 7:*'::tsquery`)).toMatch(
      /servers_search_words/,
    );
    expect(await plan(sql`select id from servers where listed and 'wether' <% lower(name)`)).toMatch(/servers_name_trgm/);
    expect(await plan(sql`select id from servers where listed order by trust_score desc, id limit 20`)).toMatch(/servers_score_idx/);
    expect(await plan(sql`select id from servers where listed order by last_scanned_at desc, id limit 20`)).toMatch(/servers_recent_idx/);
    expect(await plan(sql`select id from servers where listed order by name, id limit 20`)).toMatch(/servers_name_idx/);
    expect(await plan(sql`select id from servers where listed and grade = 'A' order by trust_score desc, id limit 20`)).toMatch(
      /servers_grade_score_idx/,
    );
    expect(
      await plan(
        sql`select id from servers where listed and certification_status <> 'none' order by trust_score desc, id limit 20`,
      ),
    ).toMatch(/servers_cert_score_idx/);
  });

  it("keeps search's GIN indexes without a pending list (fastupdate off), also after a bulk load", async () => {
    const options = rowsOf(
      await services.database.db.execute(
        sql`select relname, array_to_string(reloptions, ',') as options from pg_class where relname in ('servers_search_words', 'servers_search_trgm', 'servers_name_trgm') order by relname`,
      ),
    );
    // CREATE INDEX keeps the spelling it was given ("false"), ALTER INDEX its own ("off").
    expect(options.map((r) => [r.relname, String(r.options).replace("=false", "=off")])).toEqual([
      ["servers_name_trgm", "fastupdate=off"],
      ["servers_search_trgm", "fastupdate=off"],
      ["servers_search_words", "fastupdate=off"],
    ]);
  });
});
