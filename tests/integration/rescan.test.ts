import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importOfficialRegistry } from "@/lib/core/registry/import-official-registry";
import { rescanServers } from "@/lib/core/registry/rescan-servers";
import { startStreamableHttpFixture } from "../fixtures/harness/mcp-fixture";
import type { FixtureHandle } from "../fixtures/harness/http-fixture";
import { BENIGN_DEVELOPMENT_SERVERS } from "../fixtures/servers/benign/benign-servers";
import { databaseKind, openTestServices, type TestServices } from "./support/test-services";

describe(`rescan of imported servers on ${databaseKind()}`, () => {
  let services: TestServices;
  const fixtures: FixtureHandle[] = [];
  beforeAll(async () => {
    services = await openTestServices({}, { scan: { allowPrivateTargets: false, allowedRanges: ["127.0.0.0/8"], deadlineMs: 5000 } });
    for (const server of BENIGN_DEVELOPMENT_SERVERS.slice(0, 3)) fixtures.push(await startStreamableHttpFixture(() => server.createServer()));
    const entries = fixtures.map((f, i) => ({
      server: { name: `io.github.demo/server-${i}`, title: `Demo ${i}`, remotes: [{ type: "streamable-http", url: f.url }] },
    }));
    // One entry the scanner's guard refuses (a private address the import was allowed to take): counted, never stops the run, never connected to.
    entries.push({ server: { name: "io.github.demo/private", title: "Private", remotes: [{ type: "streamable-http", url: "http://10.20.30.40/mcp" }] } });
    await importOfficialRegistry(
      services.store,
      { label: "test", followCursor: false, fetchPage: async () => ({ servers: entries }) },
      // The import takes no loopback or private URL as an identity unless told, like the scanner.
      { identityPolicy: { allowedRanges: ["127.0.0.0/8", "10.0.0.0/8"] } },
    );
  });
  afterAll(async () => {
    await Promise.all(fixtures.map((f) => f.close()));
    await services?.close();
  });

  it("scans imported-but-unscanned servers, then finds nothing stale", async () => {
    const seen: number[] = [];
    const first = await rescanServers(services.scanner, { staleBefore: new Date(), concurrency: 2, onProgress: (p) => seen.push(p.done) });
    expect(first).toMatchObject({ total: 4, done: 4, completed: 3, refused: 1 });
    expect(seen).toEqual([1, 2, 3, 4]);
    const search = await services.store.searchServers({ q: "demo", sort: "name", page: 1, limit: 20 });
    expect(search.rows.map((r) => r.name)).toEqual(["Demo 0", "Demo 1", "Demo 2"]);
    const second = await rescanServers(services.scanner, { staleBefore: new Date(Date.now() - 3600_000), concurrency: 2 });
    // The refused server has no verdict, so it stays due; the scanned ones are fresh.
    expect(second).toMatchObject({ total: 1, refused: 1 });
  });
});
