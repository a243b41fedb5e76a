import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importOfficialRegistry, type RegistryPageSource } from "@/lib/core/registry/import-official-registry";
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

  it("records a page that is not a registry list as the run's error without writing", async () => {
    const run = await importOfficialRegistry(services.store, { label: "bad", followCursor: false, fetchPage: async () => ({ nope: 1 }) });
    expect(run.error).toMatch(/not a registry list/);
    expect(run.added + run.updated).toBe(0);
  });
});
