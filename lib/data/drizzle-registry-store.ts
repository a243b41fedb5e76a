import type { Database } from "@/db/client";
import type { RegistryStore } from "@/lib/core/registry/registry-store";
import { createImportRecords } from "./registry/imports";
import { createScanRecords } from "./registry/scans";
import { createServerSearch } from "./registry/search";
import { createServerReads } from "./registry/servers";
import { createStatsQuery } from "./registry/stats";

/**
 * The drizzle implementation of the registry's storage port, one file per
 * job in ./registry: search, servers, scans, imports, stats. It locks,
 * maps and writes; what a write changes is decided in the core
 * (lib/core/registry/record-scan.ts, import/decide-import.ts).
 * `genericPlans` is the database on connections that keep one plan per
 * prepared statement (DatabaseHandle.genericPlans); by default `db`.
 */
export function createDrizzleRegistryStore(db: Database, genericPlans: Database = db): RegistryStore {
  const serverReads = createServerReads(db);
  return {
    ...createServerSearch(db, genericPlans),
    ...serverReads,
    ...createScanRecords(db, serverReads.findServerByUrl),
    ...createImportRecords(db),
    ...createStatsQuery(db),
  };
}
