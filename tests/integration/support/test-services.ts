import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { parseConfig } from "@/lib/config";
import { openServices, type ServiceOverrides, type Services } from "@/lib/services/open-services";

/**
 * A fresh, empty, migrated database for one test file: PGlite in memory by
 * default, or a database of its own on the PostgreSQL server named by
 * TEST_DATABASE_URL (created here, dropped on close), so runs never share state.
 */
export interface TestServices extends Services {
  databaseUrl: string | undefined;
}

export async function openTestServices(env: Record<string, string> = {}, overrides: ServiceOverrides = {}): Promise<TestServices> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const services = await openServices(parseConfig({ PGLITE_DIR: "memory://", NODE_ENV: "test", ...env }), overrides);
    return { ...services, databaseUrl: undefined };
  }
  const name = `trust_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const services = await openServices(parseConfig({ DATABASE_URL: databaseUrl, NODE_ENV: "test", ...env }), overrides);
  return {
    ...services,
    databaseUrl,
    async close() {
      await services.close().catch(() => {});
      const cleanup = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

/** Which database the integration run is on, for test names. */
export function databaseKind(): string {
  return process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
}
