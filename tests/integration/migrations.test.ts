import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { migrateHandle } from "@/db/client";
import { bulkLoadServers } from "@/db/bulk-load";
import { databaseOptions } from "@/lib/services/open-services";
import { databaseKind, openTestServices, type TestServices } from "./support/test-services";

const MIGRATIONS_DIR = path.join(process.cwd(), "db", "migrations");

/** Every migration the app needs, in the order db/migrations/meta/_journal.json applies them. */
const MIGRATIONS = [
  "0000_enable_pg_trgm",
  "0001_initial_schema",
  "0002_search_name_trigram",
  "0003_certification_audit_version",
  "0004_search_words",
  "0005_search_lexemes",
  "0006_subregistry_entries",
  "0007_package_identity",
  "0008_package_evidence",
];

/** The tables of db/schema.ts, and nothing else, in the public schema. */
const TABLES = ["api_keys", "certification_applications", "certification_audit", "import_runs", "registry_entries", "scans", "servers"];

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
    expect(tables).toEqual(TABLES);
    const extensions = rowsOf(await services.database.db.execute(sql`select extname from pg_extension`)).map((r) => r.extname);
    expect(extensions).toContain("pg_trgm");
    // Columns later migrations add (0003, 0008): their SQL ran, not just their journal rows.
    const columns = rowsOf(
      await services.database.db.execute(
        sql`select table_name || '.' || column_name as name from information_schema.columns
            where table_schema = 'public' and (table_name, column_name) in (('certification_audit', 'application_version'), ('scans', 'package_evidence'))
            order by 1`,
      ),
    ).map((r) => r.name);
    expect(columns).toEqual(["certification_audit.application_version", "scans.package_evidence"]);
  });

  it("applies each of the journal's migrations exactly once, and is harmless to run twice", async () => {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
    expect(journal.entries.map((e) => e.tag)).toEqual(MIGRATIONS);
    // What drizzle's migrator records per migration: the SHA-256 of the file and the journal's timestamp.
    const expected = journal.entries.map((e) => ({
      hash: createHash("sha256").update(readFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`)).toString()).digest("hex"),
      createdAt: String(e.when),
    }));
    const applied = async () =>
      rowsOf(await services.database.db.execute(sql`select hash, created_at::text as "createdAt" from drizzle.__drizzle_migrations order by id`));
    expect(await applied()).toEqual(expected);
    await migrateHandle(services.database, databaseOptions(services.config));
    await migrateHandle(services.database, databaseOptions(services.config));
    expect(await applied()).toEqual(expected);
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
