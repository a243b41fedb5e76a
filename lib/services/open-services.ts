import { migrateHandle, openDatabase, type DatabaseHandle, type DatabaseOptions } from "@/db/client";
import type { AppConfig } from "@/lib/config";
import type { RegistryStore } from "@/lib/core/registry/registry-store";
import { createDrizzleRegistryStore } from "@/lib/data/drizzle-registry-store";
import { createStatsReader, type StatsReader } from "@/lib/core/registry/get-registry-stats";
import { createBadgeCache, type BadgeCache } from "@/lib/badges/badge-cache";
import { openGate, type RequestGate } from "@/lib/http/request-gate";

/**
 * The one place where the core is wired to its implementations. The app,
 * the scripts and the integration tests all build their services here.
 */
export interface Services {
  config: AppConfig;
  database: DatabaseHandle;
  store: RegistryStore;
  stats: StatsReader;
  gate: RequestGate;
  badges: BadgeCache;
  close(): Promise<void>;
}

export function databaseOptions(config: AppConfig): DatabaseOptions {
  return { databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR };
}

/** Opens the database, applies pending migrations and builds the services. */
export async function openServices(config: AppConfig): Promise<Services> {
  const options = databaseOptions(config);
  const database = await openDatabase(options);
  try {
    await migrateHandle(database, options);
  } catch (error) {
    await database.close();
    throw error;
  }
  const store = createDrizzleRegistryStore(database.db);
  return {
    config,
    database,
    store,
    stats: createStatsReader(store),
    gate: openGate,
    badges: createBadgeCache(),
    close: () => database.close(),
  };
}
