import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as scanRoute from "@/app/api/v1/scan/route";
import * as serverRoute from "@/app/api/v1/server/[...url]/route";
import { servers } from "@/db/schema";
import { findAwaitingServer } from "@/lib/core/registry/find-awaiting-server";
import { formatPurl } from "@/lib/core/registry/purl";
import { provideAppServices } from "@/lib/services/app-services";
import { callRoute, encodeServerUrl } from "./api/call-route";
import { importOfficialRegistry, type RegistryPageSource } from "@/lib/core/registry/import-official-registry";
import type { SubregistryStore } from "@/lib/core/registry/subregistry/subregistry-store";
import { buildScanOutcome } from "../support/scan-outcome-builder";
import { databaseKind, openTestServices, type TestServices } from "./support/test-services";
import { recordScanOutcome } from "@/lib/core/registry/record-scan";

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
    await recordScanOutcome(services.store, buildScanOutcome({ url: "https://weather.acme-labs.example/mcp", score: 88 }), {
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
    subregistry = services.subregistry;
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

// docs/identity.md#what-a-server-is-keyed-by and docs/identity.md#listed-versus-assessed
describe(`package servers: identity and visibility on ${databaseKind()}`, () => {
  let services: TestServices;
  const WEATHER_PURL = "pkg:npm/%40fixture/weather-mcp";
  const NOTES_PURL = "pkg:pypi/fixture-notes";
  const HOSTED = "https://weather.fixture-hosted.dev/mcp";
  const page = {
    servers: [
      {
        server: {
          name: "io.github.fixture/pkg-weather",
          title: "Fixture Weather",
          description: "Forecasts <b>as a package</b>",
          repository: { url: "https://github.com/fixture/weather-mcp", source: "github" },
          packages: [{ registryType: "npm", identifier: "@fixture/weather-mcp", version: "1.2.0", transport: { type: "stdio" } }],
        },
      },
      {
        server: {
          name: "io.github.fixture/hosted-weather",
          remotes: [{ type: "streamable-http", url: HOSTED }],
          packages: [{ registryType: "npm", identifier: "@fixture/weather-mcp" }],
        },
      },
      { server: { name: "io.github.fixture/pkg-notes", packages: [{ registryType: "pypi", identifier: "Fixture_Notes" }] } },
      { server: { name: "io.github.other/weather-copy", packages: [{ registryType: "npm", identifier: "@fixture/weather-mcp" }] } },
    ],
  };
  const status = (path: string) => callRoute(serverRoute.GET, path).then((r) => r.status);

  beforeAll(async () => {
    services = await openTestServices();
    provideAppServices(services);
  });
  afterAll(async () => services?.close());

  it("keys a package-only entry by its purl, keeps the plain package name, and refuses a second server for the same package", async () => {
    const run = await importOfficialRegistry(services.store, { label: "packages", followCursor: false, fetchPage: async () => page });
    expect(run).toMatchObject({ added: 3, skipped: 1 });
    expect(run.skippedReasons[0]).toMatchObject({ index: 3, reason: `package ${WEATHER_PURL} already registered by io.github.fixture/pkg-weather` });
    expect(await services.store.findServerByUrl(WEATHER_PURL)).toMatchObject({ packageName: "@fixture/weather-mcp", name: "Fixture Weather", listed: false });
    expect(await services.store.findServerByUrl(NOTES_PURL)).toMatchObject({ packageName: "Fixture_Notes" });
    // The remote server that names the package stays keyed by its URL.
    expect(await services.store.findServerByUrl(HOSTED)).toMatchObject({ packageName: "@fixture/weather-mcp" });
    const due = await services.store.listServersToScan({ staleBefore: new Date(), limit: 10 });
    expect(due.map((d) => d.url).sort()).toEqual([HOSTED, NOTES_PURL, WEATHER_PURL].sort());
  });

  it("lists an unassessed package on its page as awaiting assessment, under any spelling of its purl, but not in REST reads", async () => {
    for (const spelling of [WEATHER_PURL, "pkg:npm/@fixture/weather-mcp", "PKG:npm/%40fixture/weather-mcp"]) {
      expect(await findAwaitingServer(services.store, spelling), spelling).toMatchObject({
        url: WEATHER_PURL,
        packageType: "npm",
        registryName: "io.github.fixture/pkg-weather",
        packageName: "@fixture/weather-mcp",
        repositoryUrl: "https://github.com/fixture/weather-mcp",
        description: "Forecasts <b>as a package</b>",
      });
    }
    expect(await findAwaitingServer(services.store, "pkg:npm/%40fixture/unknown")).toBeNull();
    expect(await status(`/api/v1/server/${encodeServerUrl(WEATHER_PURL)}`)).toBe(404);
    expect(await status(`/api/v1/server/${encodeServerUrl(WEATHER_PURL)}/report`)).toBe(404);
    const search = await services.store.searchServers({ q: "weather-mcp", sort: "relevance", page: 1, limit: 20 });
    expect(search.total).toBe(0);
  });

  it("shows the package in every public read once assessed, under its purl, and no longer as awaiting", async () => {
    await recordScanOutcome(services.store, buildScanOutcome({ url: WEATHER_PURL, score: 82 }), { trigger: "rescan", fallbackName: "x", fallbackPublisher: "x" });
    const encoded = encodeServerUrl(WEATHER_PURL);
    const profile = await callRoute(serverRoute.GET, `/api/v1/server/${encoded}`);
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ url: WEATHER_PURL, packageName: "@fixture/weather-mcp", scanType: "package", grade: "B" });
    // A proxy that decodes the path once: the scope's %40 arrives as a literal @.
    expect(await status(`/api/v1/server/pkg:npm/@fixture/weather-mcp`)).toBe(200);
    expect(await status(`/api/v1/server/${encoded}/report`)).toBe(200);
    const badge = await callRoute(serverRoute.GET, `/api/v1/server/${encoded}/badge`);
    expect(badge.status).toBe(200);
    expect(await findAwaitingServer(services.store, WEATHER_PURL)).toBeNull();
    const search = await services.store.searchServers({ q: "@fixture/weather-mcp", sort: "relevance", page: 1, limit: 20 });
    expect(search.rows.map((r) => r.url)).toEqual([WEATHER_PURL]);
  });

  it("does not scan a purl on POST /api/v1/scan: packages are assessed by the registry (400 invalid_url)", async () => {
    const response = await callRoute(scanRoute.POST, "/api/v1/scan", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ server_url: WEATHER_PURL }),
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe("invalid_url");
    expect(body.message).toMatch(/Package URL .* packages are assessed by the registry itself/);
  });

  it("backfills the purl of package-only rows imported before (migration 0007), leaving clashes and other ecosystems to the import", async () => {
    const db = services.database.db;
    const insert = (registryName: string, packageName: string, packageRegistry: string) =>
      db.insert(servers).values({ registryName, name: registryName, publisherName: "old", packageName, packageRegistry, source: "import" });
    await insert("io.github.old/scoped", "@old/Scoped.Name", "npm");
    await insert("io.github.old/py", "Old_Py.Name", "pypi");
    await insert("io.github.old/oci", "docker.io/old/img:1", "oci");
    await insert("io.github.old/clash-1", "clash", "npm");
    await insert("io.github.old/clash-2", "clash", "npm");
    await insert("io.github.old/taken", "@fixture/weather-mcp", "npm");
    await db.execute(sql.raw(await readFile("db/migrations/0007_package_identity.sql", "utf8")));
    const urls = Object.fromEntries(
      (await db.select({ name: servers.registryName, url: servers.url }).from(servers).where(sql`${servers.publisherName} = 'old'`)).map((r) => [r.name, r.url]),
    );
    expect(urls).toEqual({
      "io.github.old/scoped": formatPurl({ ecosystem: "npm", name: "@old/Scoped.Name" }),
      "io.github.old/py": formatPurl({ ecosystem: "pypi", name: "Old_Py.Name" }),
      "io.github.old/oci": null,
      "io.github.old/clash-1": null,
      "io.github.old/clash-2": null,
      "io.github.old/taken": null,
    });
    expect(urls["io.github.old/scoped"]).toBe("pkg:npm/%40old/Scoped.Name");
  });
});
