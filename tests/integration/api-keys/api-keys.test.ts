import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseConfig } from "@/lib/config";
import { authenticateApiKey } from "@/lib/core/api-keys/authenticate-api-key";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/core/api-keys/revoke-api-key";
import { provideAppServices } from "@/lib/services/app-services";
import { openServices } from "@/lib/services/open-services";
import * as adminListRoute from "@/app/api/v1/admin/certifications/route";
import { callRoute } from "../api/call-route";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { isolatedStoreEnvironment } from "../../../scripts/lib/app-process";

const run = promisify(execFile);
const T0 = Date.UTC(2031, 4, 6, 10, 1, 0);

describe(`API keys on ${databaseKind()}`, () => {
  let services: TestServices;

  beforeAll(async () => {
    services = await openTestServices();
    provideAppServices(services);
  });
  afterAll(async () => services?.close());
  afterEach(() => vi.useRealTimers());

  it("creates 256-bit keys and stores only their SHA-256", async () => {
    const { key, record } = await createApiKey(services.apiKeys, { name: "stored", scope: "client" });
    expect(key).toMatch(/^mtr_[A-Za-z0-9_-]{43}$/);
    expect(record.keyHash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(record.keyPrefix).toBe(key.slice(0, 10));
    const rows = await services.database.db.execute(sql`select * from api_keys`);
    expect(JSON.stringify(rows)).not.toContain(key.slice(10));
    const many = await Promise.all(Array.from({ length: 50 }, (_, i) => createApiKey(services.apiKeys, { name: `k${i}`, scope: "client" })));
    expect(new Set(many.map((k) => k.key)).size).toBe(50);
  });

  it("refuses bad names and scopes", async () => {
    await expect(createApiKey(services.apiKeys, { name: "  ", scope: "client" })).rejects.toMatchObject({ code: "invalid_parameter" });
    await expect(createApiKey(services.apiKeys, { name: "x", scope: "root" as "admin" })).rejects.toMatchObject({ code: "invalid_parameter" });
  });

  it("authenticates live keys only", async () => {
    const { key, record } = await createApiKey(services.apiKeys, { name: "auth", scope: "admin" });
    expect(await authenticateApiKey(services.apiKeys, key)).toMatchObject({ id: record.id, scope: "admin" });
    expect(await authenticateApiKey(services.apiKeys, ` ${key} `)).toMatchObject({ id: record.id });
    expect(await authenticateApiKey(services.apiKeys, `${key}x`)).toBeNull();
    expect(await authenticateApiKey(services.apiKeys, "")).toBeNull();
    await revokeApiKey(services.apiKeys, record.id);
    expect(await authenticateApiKey(services.apiKeys, key)).toBeNull();
    // Revoking twice is harmless; an unknown id is not.
    await expect(revokeApiKey(services.apiKeys, record.id)).resolves.toMatchObject({ id: record.id });
    await expect(revokeApiKey(services.apiKeys, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "not_found" });
    await expect(revokeApiKey(services.apiKeys, "nope")).rejects.toMatchObject({ code: "not_found" });
  });

  it("records last use at most once a minute per key, across processes too", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
    const { key, record } = await createApiKey(services.apiKeys, { name: "touch", scope: "client" });
    const lastUsed = async () => (await services.apiKeys.findByHash(record.keyHash))!.lastUsedAt?.getTime() ?? null;
    const touch = vi.spyOn(services.apiKeys, "touch");
    const processA = new Map<string, number>();
    const processB = new Map<string, number>();
    await authenticateApiKey(services.apiKeys, key, { lastTouched: processA });
    expect(await lastUsed()).toBe(T0);
    vi.setSystemTime(T0 + 30_000);
    for (let i = 0; i < 5; i++) await authenticateApiKey(services.apiKeys, key, { lastTouched: processA });
    expect(touch).toHaveBeenCalledTimes(1);
    // Another process has no memory of it, but the database's condition still throttles.
    await authenticateApiKey(services.apiKeys, key, { lastTouched: processB, now: () => new Date(T0 + 10_000) });
    expect(await lastUsed()).toBe(T0);
    vi.setSystemTime(T0 + 61_000);
    await authenticateApiKey(services.apiKeys, key, { lastTouched: processA });
    expect(await lastUsed()).toBe(T0 + 61_000);
    touch.mockRestore();
  });

  it("lets only admin keys reach the operator routes (401 otherwise)", async () => {
    const client = await createApiKey(services.apiKeys, { name: "client", scope: "client" });
    const admin = await createApiKey(services.apiKeys, { name: "admin", scope: "admin" });
    for (const headers of [{}, { "x-api-key": client.key }, { "x-api-key": "mtr_nope" }] as Record<string, string>[]) {
      const response = await callRoute(adminListRoute.GET, "/api/v1/admin/certifications", { headers });
      expect(response.status).toBe(401);
      expect((await response.json()).error).toBe("unauthorized");
    }
    const ok = await callRoute(adminListRoute.GET, "/api/v1/admin/certifications", { headers: { "x-api-key": admin.key } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ applications: [] });
  });
});

describe(`npm run keys (${databaseKind()})`, () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let testServices: TestServices | null = null;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mtr-keys-"));
    // Not the test process's environment: vitest puts Vite's BASE_URL ("/") there.
    env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "test", ...isolatedStoreEnvironment(path.join(dir, "pglite")) };
    if (process.env.TEST_DATABASE_URL) {
      // A database of its own on the server; the CLI connects to it while the test holds it open.
      testServices = await openTestServices();
      env.DATABASE_URL = testServices.databaseUrl;
    }
  });
  afterAll(async () => {
    await testServices?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const keys = (...args: string[]) => run(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/keys.ts", ...args], { env, timeout: 60_000 });

  it("creates (key alone on the last line), lists and revokes", async () => {
    const created = await keys("create", "--name", "ci robot", "--scope", "admin");
    const lines = created.stdout.trim().split("\n");
    const key = lines.at(-1)!;
    expect(key).toMatch(/^mtr_[A-Za-z0-9_-]{43}$/);
    expect(lines.slice(0, -1).join("\n")).toMatch(/Created admin key "ci robot"/);

    const listed = (await keys("list")).stdout.trim().split("\n");
    expect(listed).toHaveLength(1);
    const [id, name, scope, prefix, createdAt, lastUsed, state] = listed[0].split("\t");
    expect({ name, scope, prefix, lastUsed, state }).toEqual({ name: "ci robot", scope: "admin", prefix: `${key.slice(0, 10)}…`, lastUsed: "last used never", state: "active" });
    expect(createdAt).toMatch(/^created \d{4}-/);
    expect(listed[0]).not.toContain(key.slice(10));

    await expect(keys("revoke", "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/no API key/) });
    await expect(keys("create")).rejects.toMatchObject({ code: 2 });
    expect((await keys("revoke", id)).stdout).toMatch(/^Revoked key "ci robot"/);
    expect((await keys("list")).stdout).toMatch(/\tREVOKED \d{4}-/);

    // The key the CLI printed was real (and is now revoked).
    const services = testServices ?? (await openServices(parseConfig({ PGLITE_DIR: env.PGLITE_DIR!, NODE_ENV: "test" })));
    try {
      const found = await services.apiKeys.findByHash(createHash("sha256").update(key).digest("hex"));
      expect(found).toMatchObject({ id, name: "ci robot", scope: "admin" });
      expect(found!.revokedAt).toBeInstanceOf(Date);
      expect(await authenticateApiKey(services.apiKeys, key)).toBeNull();
    } finally {
      if (!testServices) await services.close();
    }
    // Six processes, each opening (and on PGlite, starting) the database.
  }, 240_000);
});
