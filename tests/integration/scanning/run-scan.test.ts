import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/core/errors";
import { runScan, type RunScanOptions } from "@/lib/core/scanning/run-scan";
import { UNKNOWN_SERVER_CONTEXT } from "@/lib/core/scanning/scan-outcome";
import type { HostLookup } from "@/lib/core/scanning/target-guard";
import { assessScan, SCORING_VERSION } from "@/lib/core/scoring/assess-scan";
import { startHttpFixture, type FixtureHandle } from "../../fixtures/harness/http-fixture";
import { startStreamableHttpFixture } from "../../fixtures/harness/mcp-fixture";
import { makeTestCertificate } from "../../fixtures/harness/test-certificates";
import { startEndlessStreamServer } from "../../fixtures/servers/misbehaving/endless-stream";
import { startGarbageServer } from "../../fixtures/servers/misbehaving/garbage";
import { startHangingServer } from "../../fixtures/servers/misbehaving/hanging";
import { startHugeListServer } from "../../fixtures/servers/misbehaving/huge-list";
import { startLegacySseOnlyServer } from "../../fixtures/servers/misbehaving/legacy-sse-only";
import { startPaginatedServer } from "../../fixtures/servers/misbehaving/paginated";
import { startRedirectingServer } from "../../fixtures/servers/misbehaving/redirecting";
import { startRugPullServer } from "../../fixtures/servers/misbehaving/rug-pull";

// The real rules and score run; a spy around them lets these tests check
// what the transport hands over (status, evidence, the failure reason).
vi.mock("@/lib/core/scoring/assess-scan", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/core/scoring/assess-scan")>();
  return { ...real, assessScan: vi.fn(real.assessScan) };
});

const context = UNKNOWN_SERVER_CONTEXT;

/** Fixtures live on loopback: allow 127.0.0.0/8 and nothing else private. */
const BASE: RunScanOptions = { allowPrivateTargets: false, allowedRanges: ["127.0.0.0/8"], deadlineMs: 6000, limits: { perRequestMs: 1500 } };
const localhostLookup: HostLookup = async () => [{ address: "127.0.0.1", family: 4 }];

const handles: FixtureHandle[] = [];
async function serve<T extends FixtureHandle>(start: Promise<T>): Promise<T> {
  const handle = await start;
  handles.push(handle);
  return handle;
}
afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.close()));
});
beforeEach(() => {
  vi.mocked(assessScan).mockClear();
});

async function timed<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await fn();
  return { result, ms: performance.now() - started };
}

function buildWellBehaved(): McpServer {
  const server = new McpServer({ name: "well-behaved", version: "2.1.0" }, { instructions: "Use search before fetch." });
  server.registerTool(
    "search",
    { description: "Searches the docs.", inputSchema: { query: z.string(), limit: z.number().optional() }, annotations: { readOnlyHint: true } },
    async () => ({ content: [] }),
  );
  server.registerTool("fetch_page", { description: "Fetches one page.", inputSchema: { url: z.string() } }, async () => ({ content: [] }));
  server.registerResource("readme", "docs://readme", { description: "The README", mimeType: "text/markdown" }, async (uri) => ({
    contents: [{ uri: uri.href, text: "# hi" }],
  }));
  server.registerResource("page", new ResourceTemplate("docs://pages/{id}", { list: undefined }), { description: "A page" }, async (uri) => ({
    contents: [{ uri: uri.href, text: "page" }],
  }));
  server.registerPrompt("summarize", { description: "Summarize", argsSchema: { text: z.string() } }, async () => ({ messages: [] }));
  return server;
}

describe("runScan against well-behaved servers", () => {
  it("completes over Streamable HTTP and records discovery and network evidence", async () => {
    const server = await serve(startStreamableHttpFixture(buildWellBehaved));
    const outcome = await runScan(`${server.url}/`, context, BASE);

    expect(outcome.status).toBe("completed");
    expect(outcome.serverUrl).toBe(server.url); // normalized: trailing slash trimmed
    expect(outcome.scoringVersion).toBe(SCORING_VERSION);
    expect(outcome.score?.trustScore).toEqual(expect.any(Number));
    const d = outcome.discovery!;
    expect(d.transport).toBe("streamable-http");
    expect(d.serverInfo).toMatchObject({ name: "well-behaved", version: "2.1.0" });
    expect(d.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(d.instructions).toBe("Use search before fetch.");
    expect(d.capabilities).toHaveProperty("tools");
    expect(d.tools.map((t) => t.name).sort()).toEqual(["fetch_page", "search"]);
    const search = d.tools.find((t) => t.name === "search")!;
    expect(search.annotations).toEqual({ readOnlyHint: true });
    expect(search.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(search.schemaHash).toMatch(/^[0-9a-f]{64}$/);
    expect(d.resources).toEqual([expect.objectContaining({ uri: "docs://readme", mimeType: "text/markdown" })]);
    expect(d.resourceTemplates).toEqual([expect.objectContaining({ uriTemplate: "docs://pages/{id}" })]);
    expect(d.prompts).toEqual([expect.objectContaining({ name: "summarize", arguments: [expect.objectContaining({ name: "text", required: true })] })]);
    expect(d.listingProblems).toEqual([]);
    expect(outcome.network).toEqual({ scheme: "http", host: "127.0.0.1", resolvedAddresses: ["127.0.0.1"], redirectChain: [], tls: null, hsts: null });
    expect(outcome.toolHashes).toEqual({ search: search.hash, fetch_page: d.tools.find((t) => t.name === "fetch_page")!.hash });
    expect(assessScan).toHaveBeenCalledWith(expect.objectContaining({ status: "completed", transportFailure: null, context }));
    // Listings only: never a tool call, a resource read or a prompt get.
    expect(new Set(server.requests.map((r) => r.rpcMethod).filter(Boolean))).toEqual(
      new Set(["initialize", "notifications/initialized", "tools/list", "resources/list", "resources/templates/list", "prompts/list"]),
    );
  });

  it("gives the same hashes on a rescan and different ones after a rug pull", async () => {
    const server = await serve(startRugPullServer());
    const first = await runScan(server.url, context, BASE);
    const again = await runScan(server.url, context, BASE);
    server.pullTheRug();
    const pulled = await runScan(server.url, context, BASE);
    expect(again.toolHashes).toEqual(first.toolHashes);
    expect(Object.keys(pulled.toolHashes).sort()).toEqual(["add", "send_report"]);
    expect(pulled.toolHashes.add).not.toBe(first.toolHashes.add);
    expect(pulled.discovery!.tools.find((t) => t.name === "add")!.schemaHash).toBe(first.discovery!.tools[0].schemaHash);
  });

  it("falls back to legacy HTTP+SSE when the POST gets a 4xx", async () => {
    const server = await serve(startLegacySseOnlyServer());
    const outcome = await runScan(server.url, context, BASE);
    expect(outcome.status).toBe("completed");
    expect(outcome.discovery!.transport).toBe("sse");
    expect(outcome.discovery!.tools.map((t) => t.name)).toEqual(["get_weather"]);
    expect(outcome.discovery!.resources.map((r) => r.uri)).toEqual(["info://about"]);
    expect(server.requests[0]).toMatchObject({ method: "POST", path: "/sse" });
  });

  it("follows nextCursor across pages", async () => {
    const server = await serve(startPaginatedServer({ pages: 3, perPage: 4 }));
    const outcome = await runScan(server.url, context, BASE);
    expect(outcome.status).toBe("completed");
    expect(outcome.discovery!.tools).toHaveLength(12);
    expect(outcome.discovery!.resources).toHaveLength(1);
    expect(outcome.discovery!.prompts).toHaveLength(1);
  });

  it("scans https with a trusted certificate: TLS evidence and HSTS", async () => {
    const cert = await makeTestCertificate({ hostname: "localhost" });
    const server = await serve(
      startStreamableHttpFixture(buildWellBehaved, { tls: cert, urlHost: "localhost", responseHeaders: { "strict-transport-security": "max-age=63072000; includeSubDomains" } }),
    );
    const outcome = await runScan(server.url, context, { ...BASE, lookup: localhostLookup, tls: { ca: cert.cert } });
    expect(outcome.status).toBe("completed");
    expect(outcome.network).toMatchObject({ scheme: "https", host: "localhost", resolvedAddresses: ["127.0.0.1"] });
    expect(outcome.network!.tls).toMatchObject({ authorized: true, hostnameMatch: true, selfSigned: true, expired: false, subject: "CN=localhost" });
    expect(outcome.network!.hsts).toEqual({ maxAge: 63072000, includeSubDomains: true, preload: false });
  });
});

describe("runScan against misbehaving servers (bounded, still an outcome)", () => {
  it("a server that never answers initialize is unreachable after the per-request timeout", async () => {
    const server = await serve(startHangingServer());
    const { result, ms } = await timed(() => runScan(server.url, context, BASE));
    expect(result.status).toBe("unreachable");
    expect(result.score).toBeNull();
    expect(result.discovery).toBeNull();
    expect(result.findings.map((f) => f.id)).toEqual(["SCAN-UNREACHABLE"]);
    expect(ms).toBeLessThan(6000 + 2000);
    const input = vi.mocked(assessScan).mock.calls[0][0];
    expect(input).toMatchObject({ status: "unreachable", discovery: null });
    expect(input.transportFailure).toMatch(/handshake failed/);
  });

  it("the overall deadline wins over a longer per-request timeout", async () => {
    const server = await serve(startHangingServer());
    const { result, ms } = await timed(() => runScan(server.url, context, { ...BASE, deadlineMs: 2000, limits: { perRequestMs: 60_000 } }));
    expect(result.status).toBe("unreachable");
    expect(ms).toBeLessThan(2000 + 1500);
  });

  it.each(["trickle", "flood"] as const)("an initialize answer that streams forever (%s) is cut off", async (mode) => {
    const server = await serve(startEndlessStreamServer({ mode, at: "initialize" }));
    const { result, ms } = await timed(() => runScan(server.url, context, BASE));
    expect(result.status).toBe("unreachable");
    expect(vi.mocked(assessScan).mock.calls[0][0].transportFailure).toMatch(mode === "flood" ? /exceeded 2097152 bytes/ : /no answer within 1500 ms/);
    expect(ms).toBeLessThan(6000 + 2000);
  });

  it.each(["trickle", "flood"] as const)("a tools/list that streams forever (%s) makes the scan partial", async (mode) => {
    const server = await serve(startEndlessStreamServer({ mode, at: "tools/list" }));
    const { result, ms } = await timed(() => runScan(server.url, context, BASE));
    expect(result.status).toBe("partial");
    expect(result.discovery!.serverInfo?.name).toBe("scripted-fixture");
    expect(result.discovery!.listingProblems).toEqual([
      { listing: "tools", problem: expect.stringMatching(mode === "flood" ? /exceeded \d+ bytes/ : /no answer within 1500 ms/) },
    ]);
    expect(ms).toBeLessThan(6000 + 2000);
  });

  it.each(["html", "json"] as const)("a server answering garbage (%s) is unreachable", async (kind) => {
    const server = await serve(startGarbageServer(kind));
    const outcome = await runScan(server.url, context, BASE);
    expect(outcome.status).toBe("unreachable");
    expect(vi.mocked(assessScan).mock.calls[0][0].transportFailure).toBeTruthy();
  });

  it.each([false, true])("a 50 MB tools list is cut at the byte cap (Content-Length announced: %s)", async (announceLength) => {
    const server = await serve(startHugeListServer({ megabytes: 50, announceLength }));
    const { result, ms } = await timed(() => runScan(server.url, context, BASE));
    expect(result.status).toBe("partial");
    expect(result.discovery!.tools).toEqual([]);
    expect(result.discovery!.listingProblems[0]).toMatchObject({ listing: "tools", problem: expect.stringMatching(/exceeded 2097152 bytes/) });
    expect(ms).toBeLessThan(6000 + 2000);
  });

  it("endless pagination stops at the page cap", async () => {
    const server = await serve(startPaginatedServer({ pages: Infinity, perPage: 2 }));
    const outcome = await runScan(server.url, context, BASE);
    expect(outcome.status).toBe("partial");
    expect(outcome.discovery!.tools).toHaveLength(40);
    expect(outcome.discovery!.listingProblems).toEqual([{ listing: "tools", problem: expect.stringMatching(/20 pages/) }]);
  });

  it("a listing longer than the item cap is cut at 500", async () => {
    const server = await serve(startPaginatedServer({ pages: Infinity, perPage: 300 }));
    const outcome = await runScan(server.url, context, BASE);
    expect(outcome.status).toBe("partial");
    expect(outcome.discovery!.tools).toHaveLength(500);
    expect(outcome.discovery!.listingProblems).toEqual([{ listing: "tools", problem: expect.stringMatching(/500 tools/) }]);
  });

  it("a redirect to a private address is refused at the hop, and the scan is unreachable", async () => {
    const server = await serve(startRedirectingServer("http://10.0.0.1/mcp", 307));
    const outcome = await runScan(server.url, context, BASE);
    expect(outcome.status).toBe("unreachable");
    expect(outcome.network!.redirectChain).toEqual([
      { url: server.url, status: 307, host: "127.0.0.1" },
      { url: "http://10.0.0.1/mcp", status: 0, host: "10.0.0.1" },
    ]);
    expect(outcome.network!.resolvedAddresses).toEqual(["127.0.0.1"]);
    expect(vi.mocked(assessScan).mock.calls[0][0].transportFailure).toMatch(/target guard.*10\.0\.0\.1/);
  });

  it("an https server with a self-signed certificate is unreachable, with the TLS evidence kept", async () => {
    const cert = await makeTestCertificate({ hostname: "localhost" });
    const server = await serve(startStreamableHttpFixture(buildWellBehaved, { tls: cert, urlHost: "localhost" }));
    const outcome = await runScan(server.url, context, { ...BASE, lookup: localhostLookup });
    expect(outcome.status).toBe("unreachable");
    expect(outcome.network!.tls).toMatchObject({ authorized: false, selfSigned: true });
    expect(vi.mocked(assessScan).mock.calls[0][0].transportFailure).toMatch(/not trusted/);
    expect(server.requests).toEqual([]); // the probe only handshakes; no MCP request was sent
  });

  it("a host without DNS answer is unreachable", async () => {
    const lookup: HostLookup = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    const outcome = await runScan("https://nowhere.example/mcp", context, { ...BASE, lookup });
    expect(outcome.status).toBe("unreachable");
    expect(vi.mocked(assessScan).mock.calls[0][0].transportFailure).toMatch(/DNS lookup of nowhere\.example failed \(ENOTFOUND\)/);
  });
});

describe("runScan refuses before connecting", () => {
  it("throws target_forbidden for a loopback target under the default policy, and nothing reaches it", async () => {
    const server = await serve(startHttpFixture((_req, res) => void res.writeHead(200).end()));
    const error = await runScan(server.url, context, { allowPrivateTargets: false, deadlineMs: 5000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("target_forbidden");
    expect(server.requests).toEqual([]);
    expect(assessScan).not.toHaveBeenCalled();
  });

  it("throws invalid_url for a malformed URL", async () => {
    await expect(runScan("not a url", context, BASE)).rejects.toMatchObject({ code: "invalid_url" });
  });

  it("refuses cloud metadata even with allowPrivateTargets", async () => {
    await expect(runScan("http://169.254.169.254/latest", context, { ...BASE, allowPrivateTargets: true })).rejects.toMatchObject({
      code: "target_forbidden",
    });
  });
});
