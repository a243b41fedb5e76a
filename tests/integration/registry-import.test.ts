import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importOfficialRegistry, type RegistryPageSource } from "@/lib/core/registry/import-official-registry";
import type { SubregistryStore } from "@/lib/core/registry/subregistry/subregistry-store";
import { createDrizzleSubregistryStore } from "@/lib/data/drizzle-subregistry-store";
import { buildScanOutcome } from "../support/scan-outcome-builder";
import { databaseKind, openTestServices, type TestServices } from "./support/test-services";

const fixture = "tests/fixtures/registry/official-page.json";
const fileSource = (path = fixture): RegistryPageSource => ({
  label: path,
  followCursor: false,
  fetchPage: async () => JSON.parse(await readFile(path, "utf8")),
});

describe(`official registry import on ${databaseKind()}`, () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await openTestServices();
  });
  afterAll(async () => services?.close());

  it("imports good entries and skips malformed ones with reasons", async () => {
    const run = await importOfficialRegistry(services.store, fileSource());
    expect(run.error).toBeNull();
    expect(run).toMatchObject({ added: 4, updated: 0, unchanged: 0, skipped: 6 });
    const reasons = run.skippedReasons.map((s) => s.reason).join("\n");
    expect(reasons).toMatch(/superseded/);
    expect(reasons).toMatch(/namespace\/name/);
    expect(reasons).toMatch(/no usable remote/);

    const weather = await services.store.findServerByUrl("https://weather.acme-labs.example/mcp");
    expect(weather).toMatchObject({
      name: "Acme Weather",
      publisherName: "acme-labs",
      repositoryUrl: "https://github.com/acme-labs/weather-mcp",
      transportType: "streamable-http",
      listed: false,
    });
    const tasks = await services.store.findServerByUrl("https://tasks.octo.example/mcp");
    expect(tasks).toMatchObject({ registryStatus: "deprecated", packageName: "octo-tasks-mcp" });
  });

  it("changes nothing on a second run", async () => {
    const run = await importOfficialRegistry(services.store, fileSource());
    expect(run).toMatchObject({ added: 0, updated: 0, unchanged: 4, skipped: 6 });
  });

  it("keeps imported servers out of public reads until scanned, then lists them", async () => {
    const before = await services.store.searchServers({ q: "weather", sort: "relevance", page: 1, limit: 20 });
    expect(before.total).toBe(0);
    await services.store.recordScan(buildScanOutcome({ url: "https://weather.acme-labs.example/mcp", score: 88 }), {
      trigger: "rescan",
      fallbackName: "x",
      fallbackPublisher: "x",
    });
    const after = await services.store.searchServers({ q: "weather", sort: "relevance", page: 1, limit: 20 });
    expect(after.rows.map((r) => r.url)).toEqual(["https://weather.acme-labs.example/mcp"]);
    // The registry's own name wins over the name the server announces.
    expect(after.rows[0].name).toBe("Acme Weather");
  });

  it("removes entries deleted upstream from public view and counts updates", async () => {
    const page = JSON.parse(await readFile(fixture, "utf8"));
    page.servers[0]._meta["io.modelcontextprotocol.registry/official"].status = "deleted";
    page.servers[1].server.description = "Personal notes, now with tags.";
    const run = await importOfficialRegistry(services.store, {
      label: "memory",
      followCursor: false,
      fetchPage: async () => page,
    });
    expect(run).toMatchObject({ removed: 1, updated: 1, unchanged: 2 });
    const search = await services.store.searchServers({ q: "weather", sort: "relevance", page: 1, limit: 20 });
    expect(search.total).toBe(0);
  });

  it("follows nextCursor across pages and stops on a repeated cursor", async () => {
    const pages: Record<string, unknown> = {
      first: { servers: [{ server: { name: "io.github.p/one", remotes: [{ type: "streamable-http", url: "https://one.p.example/mcp" }] } }], metadata: { nextCursor: "c2" } },
      c2: { servers: [{ server: { name: "io.github.p/two", remotes: [{ type: "streamable-http", url: "https://two.p.example/mcp" }] } }], metadata: { nextCursor: "c2" } },
    };
    const run = await importOfficialRegistry(services.store, {
      label: "paged",
      followCursor: true,
      fetchPage: async (cursor) => pages[cursor ?? "first"],
    });
    expect(run).toMatchObject({ pages: 2, added: 2 });
  });

  it("records input that is none of the shapes it reads as the run's error, naming the shapes and the schema version, without writing", async () => {
    for (const [input, what] of [
      [{ nope: 1 }, 'an object with the key "nope"'],
      ["servers", "a string"],
      [{ servers: { a: 1 } }, '"servers" is an object'],
    ] as const) {
      const run = await importOfficialRegistry(services.store, { label: "bad.json", followCursor: false, fetchPage: async () => input });
      expect(run.error).toContain(`bad.json`);
      expect(run.error).toContain(what);
      expect(run.error).toMatch(/official MCP Registry's list .*array of server\.json.*single server\.json.*schema 2025-12-11/);
      expect(run.added + run.updated + run.pages).toBe(0);
    }
  });
});

describe(`what the official registry publishes, imported on ${databaseKind()}`, () => {
  let services: TestServices;
  let subregistry: SubregistryStore;
  beforeAll(async () => {
    services = await openTestServices();
    subregistry = createDrizzleSubregistryStore(services.database.db);
  });
  afterAll(async () => services?.close());

  const importFile = (path: string) => importOfficialRegistry(services.store, fileSource(path), { subregistry });

  it("imports the seed file's bare array of server.json unchanged: the latest of each name, reasons by index", async () => {
    const run = await importFile("tests/fixtures/registry/official-seed.json");
    expect(run.error).toBeNull();
    expect(run).toMatchObject({ pages: 1, added: 5, skipped: 4, served: 5, oldSchemaEntries: 0 });
    const skipped = Object.fromEntries(run.skippedReasons.map((s) => [s.index, `${s.entry}: ${s.reason}`]));
    // 2.10.1 is later than 2.4.0 by semantic version, not by text.
    expect(skipped[0]).toMatch(/^io\.github\.fixture-labs\/spreadsheet-mcp: older version 2\.4\.0 \(2\.10\.1 /);
    expect(skipped[6]).toMatch(/^io\.github\.fixture-dev\/hosted: no usable remote URL \(.*placeholder.*\) and no package$/);
    expect(skipped[7]).toMatch(/^\(no name\): invalid server\.name/);
    expect(skipped[8]).toMatch(/^fixturebag: invalid server\.name: name must be namespace\/name/);
    expect(await subregistry.findEntry("io.github.fixture-labs/spreadsheet-mcp")).toMatchObject({ version: "2.10.1" });
    expect((await subregistry.findEntry("io.github.fixture-labs/spreadsheet-mcp"))?.serverJson.packages).toHaveLength(3);
    const forecast = await services.store.findServerByUrl("https://mcp.fixture-weather.example/mcp");
    expect(forecast).toMatchObject({ registryName: "com.fixture-weather/forecast", publisherName: "fixture-weather.com" });
  });

  it("never takes a loopback URL as an identity: two dev servers on localhost:3001 are two package-only servers", async () => {
    expect(await services.store.findServerByUrl("http://localhost:3001/mcp")).toBeNull();
    const run = await importFile("tests/fixtures/registry/official-seed.json");
    expect(run).toMatchObject({ added: 0, unchanged: 5, skipped: 4 });
    const notes = run.notes.filter((n) => n.note.startsWith("kept as package-only"));
    expect(notes.map((n) => [n.index, n.entry])).toEqual([
      [4, "io.github.fixture-dev/notes"],
      [5, "io.github.fixture-dev/tasks"],
    ]);
    expect(notes[0].note).toMatch(/localhost:3001\/mcp names localhost, a loopback or local-network host/);
    // Nor is the loopback remote handed to clients of the subregistry.
    expect((await subregistry.findEntry("io.github.fixture-dev/notes"))?.serverJson.remotes).toBeUndefined();
  });

  it("maps the old snake_case schema (2025-07-09 and the pre-release seed), and says so when an entry still does not fit", async () => {
    const run = await importFile("tests/fixtures/registry/old-snake-case-seed.json");
    expect(run.error).toBeNull();
    expect(run).toMatchObject({ added: 4, skipped: 1, oldSchemaEntries: 4, served: 4 });
    expect(run.skippedReasons[0]).toMatchObject({ index: 4, entry: "io.github.fixture-old/broken" });
    expect(run.skippedReasons[0].reason).toMatch(/invalid server\.packages\.0\.identifier: .*old snake_case server\.json schema; this import reads 2025-12-11/);
    const filesystem = await subregistry.findEntry("io.github.fixture-old/filesystem");
    expect(filesystem?.serverJson).toMatchObject({
      version: "0.6.2",
      websiteUrl: "https://fixture-old.example/filesystem",
      packages: [
        {
          registryType: "npm",
          registryBaseUrl: "https://registry.npmjs.org",
          identifier: "@fixture-old/server-filesystem",
          runtimeHint: "npx",
          packageArguments: [{ type: "positional", valueHint: "directory", isRequired: true }],
          environmentVariables: [{ name: "LOG_LEVEL", isRequired: false, isSecret: false }],
        },
      ],
    });
    expect(filesystem?.serverJson).not.toHaveProperty("status");
    expect(await subregistry.findEntry("io.github.fixture-old/git")).toMatchObject({ status: "deprecated" });
    const magic = await subregistry.findEntry("io.github.fixture-old/magic");
    expect(magic?.serverJson).toMatchObject({ version: "0.0.1-seed", packages: [{ registryType: "npm", identifier: "@fixture-old/magic", transport: { type: "stdio" } }] });
    expect(magic?.serverJson).not.toHaveProperty("version_detail");
    const query = await subregistry.findEntry("io.github.fixture-old/query");
    expect(query?.serverJson.packages?.[0]).toMatchObject({ registryType: "npm", identifier: "fixture-query-mcp" });
    // Both old entries claimed http://localhost:3001/mcp: neither took it, so neither collided.
    expect(run.skippedReasons.some((s) => /already registered/.test(s.reason))).toBe(false);
  });

  it("reads a single server.json", async () => {
    const one = await importOfficialRegistry(
      services.store,
      { label: "server.json", followCursor: false, fetchPage: async () => ({ name: "io.github.single/one", description: "One server.", version: "1.0.0", remotes: [{ type: "sse", url: "https://one.single.example/sse" }] }) },
      { subregistry },
    );
    expect(one).toMatchObject({ added: 1, served: 1, error: null });
  });
});
