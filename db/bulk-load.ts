import { sql } from "drizzle-orm";
import type { Database } from "./client";

/** The GIN indexes of search, which run with fastupdate off (db/schema.ts). */
const SEARCH_GIN_INDEXES = ["servers_search_words", "servers_search_trgm", "servers_name_trgm"] as const;

/**
 * Runs a bulk insert the way PostgreSQL advises for GIN: entries collect in
 * the pending list while `load` runs (one row at a time into three GIN
 * indexes is several times slower), then the list is merged and fastupdate
 * is off again, so searches afterwards see the same index as in service.
 * For benchmark fills and tests that load thousands of rows at once.
 */
export async function bulkLoadServers(db: Database, load: () => Promise<void>): Promise<void> {
  for (const index of SEARCH_GIN_INDEXES) await db.execute(sql.raw(`alter index ${index} set (fastupdate = on)`));
  try {
    await load();
  } finally {
    for (const index of SEARCH_GIN_INDEXES) {
      await db.execute(sql.raw(`select gin_clean_pending_list('${index}')`));
      await db.execute(sql.raw(`alter index ${index} set (fastupdate = off)`));
    }
    await db.execute(sql`analyze servers`);
  }
}
