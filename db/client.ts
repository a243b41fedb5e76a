import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { lockDataDirectory } from "./data-directory-lock";
import * as schema from "./schema";

/** Both drivers give a PgDatabase; the rest of the code sees only this type. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  /**
   * The same database on connections whose prepared statements always run
   * their generic plan (PostgreSQL's plan_cache_mode = force_generic_plan):
   * no planning per execution. Only for statements whose best plan is the
   * same whatever their values; on PGlite it is `db`.
   */
  genericPlans: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; undefined for embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data directory, or memory:// for a throwaway database. */
  pgliteDir: string;
  /** postgres.js pool size. */
  maxConnections?: number;
}

const APPLICATION_NAME = "mcp-trust-registry";
/** The generic-plan pool's connections go by their own name, so pg_stat_activity tells the pools apart. */
export const GENERIC_PLANS_APPLICATION_NAME = `${APPLICATION_NAME} (generic plans)`;

const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");
// Any constant works; it only has to be the same in every process of the app.
const MIGRATION_LOCK_KEY = 723_451_001;

/**
 * When PostgreSQL goes away (a restart, a failover), a statement fails fast,
 * so the API answers 503 with Retry-After (lib/http/responses.ts) instead of
 * holding the request, and the pool reconnects as soon as the server is
 * back. postgres.js's default backoff grows to 20 s between connection
 * attempts after a few failures, and a waiting statement sits out that
 * delay: during a restart requests were held 11-18 s, some of them after the
 * server was back. Its default connect timeout (for a server that accepts
 * but never answers) is 30 s.
 */
const FAIL_FAST = {
  connect_timeout: 3,
  // Seconds before a connection tries again after failed attempts: 0.05, 0.1, 0.2, then at most 0.5.
  backoff: (attempt: number) => Math.min(0.025 * 2 ** attempt, 0.5),
};

/**
 * PGlite runs PostgreSQL in WebAssembly memory, which never shrinks. With
 * initdb's shared_buffers of 128 MB the buffer pool alone kept ~130 MB of
 * the server resident; the data files are read through Node's fs, so the
 * OS page cache holds them anyway, and 16 MB of buffers answered the same
 * queries as fast (docs/performance.md).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/** Opens a database from settings; the caller owns the handle and closes it. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const max = options.maxConnections ?? 10;
    const client = postgres(options.databaseUrl, { max, ...FAIL_FAST, onnotice: () => {}, connection: { application_name: APPLICATION_NAME } });
    // Connections open on first use, so this pool costs nothing until a statement needs it.
    const genericPlanClient = postgres(options.databaseUrl, {
      max: Math.max(1, Math.ceil(max / 2)),
      ...FAIL_FAST,
      onnotice: () => {},
      connection: { application_name: GENERIC_PLANS_APPLICATION_NAME, plan_cache_mode: "force_generic_plan" },
    });
    const db = drizzlePostgres(client, { schema }) as unknown as Database;
    const genericPlans = drizzlePostgres(genericPlanClient, { schema }) as unknown as Database;
    return {
      db,
      genericPlans,
      kind: "postgres",
      close: async () => {
        await Promise.all([client.end({ timeout: 5 }), genericPlanClient.end({ timeout: 5 })]);
      },
    };
  }
  const dataDir = options.pgliteDir;
  // Before PGlite touches the files: a second process must fail here, not corrupt them.
  const unlock = lockDataDirectory(dataDir);
  let client: PGlite;
  try {
    if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
    client = await PGlite.create({ dataDir, extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    genericPlans: db,
    kind: "pglite",
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * Applies the committed migrations. Safe to run twice and from two processes
 * at once on PostgreSQL: an advisory lock serialises them and drizzle skips
 * what its journal says is applied.
 */
async function migrateDatabase(options: DatabaseOptions): Promise<void> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
      await migratePostgres(drizzlePostgres(client), { migrationsFolder: MIGRATIONS_FOLDER });
      await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    } finally {
      await client.end({ timeout: 5 });
    }
    return;
  }
  throw new Error("migrateDatabase for PGlite needs an open handle: use migrateHandle()");
}

/** Migrates an already open handle (PGlite can only be opened once per data directory). */
export async function migrateHandle(handle: DatabaseHandle, options: DatabaseOptions): Promise<void> {
  if (handle.kind === "postgres") return migrateDatabase(options);
  await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
}

/** A round trip that proves the database answers (GET /api/health). */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
