import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LATEST_PROTOCOL_VERSION, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Grade } from "@/lib/core/grades";
import { parseConfig } from "@/lib/config";
import { checkTrustOutputSchema } from "@/lib/mcp/check-trust-tool";
import { getStatsOutputSchema } from "@/lib/mcp/get-stats-tool";
import { scanServerOutputSchema } from "@/lib/mcp/scan-server-tool";
import { searchRegistryOutputSchema } from "@/lib/mcp/search-registry-tool";
import { openServices } from "@/lib/services/open-services";
import { startAppProcess, type AppProcess } from "@/scripts/lib/app-process";
import type { FixtureHandle } from "../fixtures/harness/http-fixture";
import { startStreamableHttpFixture } from "../fixtures/harness/mcp-fixture";
import { BENIGN_DEVELOPMENT_SERVERS } from "../fixtures/servers/benign/benign-servers";
import { MALICIOUS_DEVELOPMENT_SERVERS } from "../fixtures/servers/malicious/malicious-servers";
import { buildScanOutcome } from "../support/scan-outcome-builder";
import { recordScanOutcome } from "@/lib/core/registry/record-scan";

/**
 * /api/v1/mcp over real HTTP: the SDK's Client against the app started the
 * way `npm start` starts it. Grades B, D and F come from real scans of SDK
 * fixture servers on 127.0.0.1 (through POST /api/v1/scan, in beforeAll, so
 * no test depends on another; scan_server scans D again); A needs a declared
 * repository and C a server worse than the honest fixture, so those two are
 * recorded in the database before the app starts.
 *
 * The app runs with SCAN_ALLOW_PRIVATE_TARGETS=true so it can reach those
 * fixtures. That is acceptable only because every target named in this file
 * is on loopback: no test here names any other private address (the target
 * guard's refusals are tested in-process, with loopback-only allowances).
 */

const SEEDED: { grade: Grade; score: number; url: string }[] = [
  { grade: "A", score: 94, url: "https://seeded-a.example/mcp" },
  { grade: "C", score: 65, url: "https://seeded-c.example/mcp" },
];
const benign = BENIGN_DEVELOPMENT_SERVERS[0];
const gradeD = MALICIOUS_DEVELOPMENT_SERVERS.find((s) => s.id === "malicious-lying-annotations")!;
const gradeF = MALICIOUS_DEVELOPMENT_SERVERS.find((s) => s.id === "malicious-poisoned-add")!;


const textOf = (result: CallToolResult) => (result.content[0]?.type === "text" ? result.content[0].text : "");

describe("MCP endpoint over real HTTP", () => {
  let app: AppProcess;
  let dataDir: string;
  let mcpUrl: URL;
  const fixtures: FixtureHandle[] = [];
  const urls = { B: "", D: "", F: "" };
  const clients: Client[] = [];
  let addressCounter = 0;
  /** Each client "comes through a proxy" from an address of its own (the app trusts one proxy here), so limits never interfere. */
  const nextAddress = () => `198.51.100.${++addressCounter}`;

  async function connect(headers: Record<string, string> = {}): Promise<Client> {
    const client = new Client({ name: "e2e", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers: { "x-forwarded-for": nextAddress(), ...headers } } }));
    clients.push(client);
    return client;
  }

  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;

  function rawPost(body: unknown, headers: Record<string, string> = {}) {
    return request(mcpUrl, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-forwarded-for": nextAddress(), ...headers },
      body: JSON.stringify(body),
    });
  }

  beforeAll(async () => {
    const [b, d, f] = await Promise.all([
      startStreamableHttpFixture(() => benign.createServer()),
      startStreamableHttpFixture(() => gradeD.createServer()),
      startStreamableHttpFixture(() => gradeF.createServer()),
    ]);
    fixtures.push(b, d, f);
    Object.assign(urls, { B: b.url, D: d.url, F: f.url });

    dataDir = await mkdtemp(path.join(os.tmpdir(), "mcp-e2e-"));
    const seed = await openServices(parseConfig({ PGLITE_DIR: dataDir }));
    for (const s of SEEDED) {
      await recordScanOutcome(seed.store, buildScanOutcome({ url: s.url, score: s.score, serverName: `seeded ${s.grade}` }), {
        trigger: "api",
        fallbackName: `seeded ${s.grade}`,
        fallbackPublisher: "seed",
      });
    }
    await seed.close();

    app = await startAppProcess({ PGLITE_DIR: dataDir, SCAN_ALLOW_PRIVATE_TARGETS: "true", TRUSTED_PROXY_COUNT: "1" });
    mcpUrl = new URL("/api/v1/mcp", app.url);

    // B, D and F through the REST scan (an honest server on loopback is B: docs/scoring.md#caps); the scan_server test scans D once more.
    for (const url of [urls.B, urls.D, urls.F]) {
      const response = await fetch(`${app.url}/api/v1/scan`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
        body: JSON.stringify({ server_url: url }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
    }
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
    await app?.stop();
    await Promise.all(fixtures.map((f) => f.close()));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("initializes: server info, the latest protocol version, instructions with the gating rule", async () => {
    const client = await connect();
    expect(client.getServerVersion()).toMatchObject({ name: "mcp-trust-registry", version: "3.0.0" });
    expect(client.getInstructions()).toMatch(/call check_trust/i);
    expect(client.getInstructions()).toMatch(/D or F/);
    const response = await rawPost({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
    expect(response.statusCode).toBe(200);
    expect(((await response.body.json()) as { result: { protocolVersion: string } }).result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });

  it("lists the four tools with schemas and annotations", async () => {
    const { tools } = await (await connect()).listTools();
    expect(tools.map((t) => t.name)).toEqual(["check_trust", "scan_server", "search_registry", "get_stats"]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.annotations).toBeDefined();
    }
    expect(tools.find((t) => t.name === "scan_server")!.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true });
    expect(tools.find((t) => t.name === "check_trust")!.annotations).toMatchObject({ readOnlyHint: true });
  });

  it("scan_server scans a real server and records its verdict", async () => {
    const client = await connect();
    const result = await call(client, "scan_server", { server_url: urls.D });
    expect(result.isError, textOf(result)).toBeFalsy();
    const body = scanServerOutputSchema.parse(result.structuredContent);
    expect(body).toMatchObject({ status: "completed", server_url: urls.D, grade: "D", recommendation: "refuse" });
    expect(textOf(result)).toMatch(/^recommendation: refuse/);
  });

  it("check_trust applies the gating rule to every grade: allow A-C, refuse D-F", async () => {
    const client = await connect();
    const cases: [Grade, string, "allow" | "refuse"][] = [
      ["A", SEEDED[0].url, "allow"],
      ["B", urls.B, "allow"],
      ["C", SEEDED[1].url, "allow"],
      ["D", urls.D, "refuse"],
      ["F", urls.F, "refuse"],
    ];
    for (const [grade, url, recommendation] of cases) {
      const result = await call(client, "check_trust", { server_url: url });
      expect(result.isError, textOf(result)).toBeFalsy();
      const body = checkTrustOutputSchema.parse(result.structuredContent);
      expect(body, url).toMatchObject({ found: true, url, grade, recommendation });
      // The registry's own score for the server, as its REST profile gives it.
      const profile = await fetch(`${app.url}/api/v1/server/${encodeURIComponent(url)}`, { headers: { "x-forwarded-for": nextAddress() } });
      expect(profile.status, url).toBe(200);
      expect(body.score, url).toBe(((await profile.json()) as { trustScore: number }).trustScore);
      const seeded = SEEDED.find((s) => s.url === url);
      if (seeded) expect(body.score, url).toBe(seeded.score);
      expect(textOf(result)).toContain(`recommendation: ${recommendation}`);
    }
  });

  it("check_trust answers an unknown server as unknown, with a hint to scan", async () => {
    const body = checkTrustOutputSchema.parse((await call(await connect(), "check_trust", { server_url: "https://not-in-registry.example/mcp" })).structuredContent);
    expect(body).toMatchObject({ found: false, recommendation: "unknown", grade: null });
    expect(body.message).toMatch(/scan_server/);
  });

  it("search_registry and get_stats answer from the same registry", async () => {
    const client = await connect();
    const search = searchRegistryOutputSchema.parse((await call(client, "search_registry", { sort: "score-high", limit: 2 })).structuredContent);
    expect(search.results.map((r) => r.grade)).toEqual(["A", "B"]);
    expect(search.total).toBe(5);
    const stats = getStatsOutputSchema.parse((await call(client, "get_stats")).structuredContent);
    expect(stats.stats.totalServers).toBe(5);
    expect(stats.stats.gradeDistribution).toEqual({ A: 1, B: 1, C: 1, D: 1, F: 1 });
  });

  it.each([
    ["check_trust", {}, /exactly one of server_url or package_name/],
    ["check_trust", { server_url: "not a url" }, /^invalid_url: /],
    ["scan_server", { server_url: "gopher://example.com" }, /^invalid_url: /],
    ["search_registry", { limit: 500 }, /limit must be between 1 and 50/],
    ["get_stats", { extra: 1 }, /extra/],
  ])("%s %o fails as a tool error", async (name, args, message) => {
    const result = await call(await connect(), name, args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(message);
  });

  it("counts tool calls, not protocol requests, against the read limit", async () => {
    const address = nextAddress();
    const headers = { "x-forwarded-for": address, "mcp-protocol-version": LATEST_PROTOCOL_VERSION };
    const first = await rawPost({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_stats", arguments: {} } }, headers);
    await first.body.dump();
    expect(first.headers["ratelimit-limit"]).toBe("100");
    const remaining = Number(first.headers["ratelimit-remaining"]);
    const ping = await rawPost({ jsonrpc: "2.0", id: 2, method: "ping" }, headers);
    await ping.body.dump();
    expect(ping.headers["ratelimit-remaining"]).toBeUndefined();
    const second = await rawPost({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "get_stats", arguments: {} } }, headers);
    await second.body.dump();
    expect(Number(second.headers["ratelimit-remaining"])).toBe(remaining - 1);
  });

  it("refuses an invalid API key with 401 on the HTTP request", async () => {
    const response = await rawPost({ jsonrpc: "2.0", id: 1, method: "ping" }, { "x-api-key": "mtr_wrong" });
    expect(response.statusCode).toBe(401);
    expect(await response.body.json()).toMatchObject({ error: "unauthorized" });
  });

  it("refuses a request whose Host or Origin is not ours (DNS rebinding)", async () => {
    const refusal = { jsonrpc: "2.0", error: { code: -32000, message: expect.stringMatching(/^Forbidden: /) }, id: null };
    const evilHost = await rawPost({ jsonrpc: "2.0", id: 1, method: "ping" }, { host: "evil.example.com" });
    expect(evilHost.statusCode).toBe(403);
    expect(await evilHost.body.json()).toEqual(refusal);
    const evilOrigin = await rawPost({ jsonrpc: "2.0", id: 1, method: "ping" }, { origin: "http://evil.example.com" });
    expect(evilOrigin.statusCode).toBe(403);
    expect(await evilOrigin.body.json()).toEqual(refusal);
  });

  it("answers GET with 405 (stateless: no server-initiated stream)", async () => {
    const response = await request(mcpUrl, { method: "GET", headers: { accept: "text/event-stream" } });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("POST");
    expect(await response.body.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32000, message: expect.stringMatching(/^Method not allowed/) }, id: null });
  });
});
