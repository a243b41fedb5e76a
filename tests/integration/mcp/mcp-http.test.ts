import { randomBytes } from "node:crypto";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { TOOL_ERROR_META_KEY } from "@/lib/mcp/create-mcp-server";
import { provideAppServices } from "@/lib/services/app-services";
import { buildScanOutcome } from "../../support/scan-outcome-builder";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { callMcpRoute, connectInProcess, MCP_PATH, postRaw, textOf } from "./in-process-client";
import { recordScanOutcome } from "@/lib/core/registry/record-scan";

/**
 * The HTTP side of /api/v1/mcp in-process: limits per tool call
 * (docs/api-keys-and-rate-limits.md#what-is-counted), API keys
 * (docs/api-keys-and-rate-limits.md#api-keys), DNS-rebinding protection,
 * methods and body limits.
 */

const READ_LIMIT = 3;
const SCAN_LIMIT = 1;
const KEY_LIMIT = 4;
const HOUR = 3600_000;
const KNOWN_URL = "https://known.example/mcp";

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

const initializeBody = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});
const callBody = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });

describe(`MCP endpoint over HTTP semantics, in-process on ${databaseKind()}`, () => {
  let services: TestServices;

  beforeAll(async () => {
    services = await openTestServices(
      {},
      {
        scan: { allowPrivateTargets: false, allowedRanges: ["127.0.0.0/8"], deadlineMs: 5000 },
        rateLimiter: {
          prefix: `mcp-http-${randomBytes(4).toString("hex")}`,
          policy: { read: { limit: READ_LIMIT, windowMs: HOUR }, scan: { limit: SCAN_LIMIT, windowMs: HOUR }, key: { limit: KEY_LIMIT, windowMs: HOUR } },
        },
      },
    );
    provideAppServices(services);
    await recordScanOutcome(services.store, buildScanOutcome({ url: KNOWN_URL, score: 92 }), { trigger: "api", fallbackName: "known", fallbackPublisher: "seed" });
  });
  afterAll(async () => {
    await services?.close();
  });

  // docs/api-keys-and-rate-limits.md#what-is-counted
  describe("rate limits: each tool call counts, the protocol around it does not", () => {
    it("counts tool calls as reads, not initialize, tools/list, ping or invalid arguments; the limit is a tool error that says when to retry", async () => {
      const mcp = await connectInProcess({ clientIp: freshIp() });
      for (let i = 0; i < 3; i++) {
        await mcp.client.listTools();
        await mcp.client.ping();
        // Refused by the input schema before the tool runs: not counted.
        expect((await mcp.call("check_trust", {})).isError).toBe(true);
      }
      for (let i = 1; i <= READ_LIMIT; i++) {
        const result = await mcp.call("check_trust", { server_url: KNOWN_URL });
        expect(result.isError, textOf(result)).toBeFalsy();
        expect(mcp.lastHeaders().get("ratelimit-limit")).toBe(String(READ_LIMIT));
        expect(mcp.lastHeaders().get("ratelimit-remaining")).toBe(String(READ_LIMIT - i));
      }
      const limited = await mcp.call("search_registry", {});
      expect(limited.isError).toBe(true);
      expect(textOf(limited)).toMatch(/^rate_limited: Rate limit exceeded: 3 requests per client address per hour\. Try again in \d+ s\./);
      const meta = limited._meta?.[TOOL_ERROR_META_KEY] as { code: string; retryAfterSeconds: number; retryAt: string };
      expect(meta.code).toBe("rate_limited");
      expect(meta.retryAfterSeconds).toBeGreaterThan(0);
      expect(meta.retryAfterSeconds).toBeLessThanOrEqual(3600);
      expect(Date.parse(meta.retryAt)).toBeGreaterThan(Date.now());
      expect(mcp.lastHeaders().get("ratelimit-remaining")).toBe("0");
      // The protocol still works for a limited client.
      await mcp.client.ping();
      await mcp.close();
    });

    it("counts scan_server against the scan limit, apart from reads", async () => {
      const mcp = await connectInProcess({ clientIp: freshIp() });
      // Admitted (counted), then refused by the target guard before any connection.
      const first = await mcp.call("scan_server", { server_url: "http://10.0.0.1/mcp" });
      expect(textOf(first)).toMatch(/^target_forbidden: /);
      const second = await mcp.call("scan_server", { server_url: "http://10.0.0.2/mcp" });
      expect(second.isError).toBe(true);
      expect(textOf(second)).toMatch(/^rate_limited: Rate limit exceeded: 1 scans per client address per hour\. Try again in \d+ s\./);
      expect((await mcp.call("check_trust", { server_url: KNOWN_URL })).isError).toBeFalsy();
      await mcp.close();
    });

    it("counts every call of a JSON-RPC batch", async () => {
      const ip = freshIp();
      const batch = Array.from({ length: READ_LIMIT + 1 }, (_, i) => callBody(i + 1, "check_trust", { server_url: KNOWN_URL }));
      const response = await postRaw(JSON.stringify(batch), { clientIp: ip, headers: { "mcp-protocol-version": "2025-03-26" } });
      expect(response.status).toBe(200);
      const replies = (await response.json()) as { id: number; result: { isError?: boolean; content: { text: string }[] } }[];
      expect(replies).toHaveLength(READ_LIMIT + 1);
      const refused = replies.filter((r) => r.result.isError);
      expect(refused).toHaveLength(1);
      expect(refused[0].result.content[0].text).toMatch(/^rate_limited: /);
    });

    it("counts a keyed client per key, with the key's limit, for reads and scans alike", async () => {
      const { key } = await createApiKey(services.apiKeys, { name: "mcp-test", scope: "client" });
      // Two addresses, one key: one bucket.
      const a = await connectInProcess({ clientIp: freshIp(), apiKey: key });
      const b = await connectInProcess({ clientIp: freshIp(), apiKey: key });
      expect((await a.call("check_trust", { server_url: KNOWN_URL })).isError).toBeFalsy();
      expect(a.lastHeaders().get("ratelimit-limit")).toBe(String(KEY_LIMIT));
      expect((await b.call("get_stats")).isError).toBeFalsy();
      expect(textOf(await a.call("scan_server", { server_url: "http://10.0.0.3/mcp" }))).toMatch(/^target_forbidden/);
      expect((await b.call("search_registry", {})).isError).toBeFalsy();
      const limited = await a.call("check_trust", { server_url: KNOWN_URL });
      expect(textOf(limited)).toMatch(/^rate_limited: Rate limit exceeded: 4 requests per API key per hour/);
      await a.close();
      await b.close();
    });

    it("refuses an invalid API key on the HTTP request with 401, before any MCP exchange", async () => {
      const response = await postRaw(initializeBody, { clientIp: freshIp(), headers: { "x-api-key": "mtr_not-a-real-key" } });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: "unauthorized" });
      await expect(connectInProcess({ clientIp: freshIp(), apiKey: "mtr_not-a-real-key" })).rejects.toThrow(/401|unauthorized/i);
    });
  });

  describe("DNS-rebinding protection", () => {
    it.each([
      [{ host: "evil.example.com" }, 403],
      [{ host: "evil.example.com", origin: "http://evil.example.com" }, 403],
      [{ host: "localhost:3000", origin: "http://evil.example.com" }, 403],
      [{ host: "localhost:3000", origin: "null" }, 403],
      [{ host: "localhost:4000" }, 403],
      [{ host: "127.0.0.1.evil.example.com:3000" }, 403],
      [{ host: "localhost:3000" }, 200],
      [{ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }, 200],
      [{ host: "[::1]:3000" }, 200],
      [{ host: "localhost:3000", origin: "http://localhost:3000" }, 200],
    ])("Host/Origin %o → %i", async (headers, status) => {
      const response = await postRaw(initializeBody, { clientIp: freshIp(), headers });
      expect(response.status).toBe(status);
      if (status === 403) expect((await response.json()).error.message).toMatch(/^Forbidden: /);
    });
  });

  describe("transport", () => {
    it("answers GET and DELETE with 405: stateless, no stream to open, no session to end", async () => {
      for (const method of ["GET", "DELETE"]) {
        const response = await callMcpRoute(new Request(new URL(MCP_PATH, "http://localhost:3000"), { method, headers: { accept: "text/event-stream" } }), freshIp());
        expect(response.status).toBe(405);
        expect(response.headers.get("allow")).toBe("POST");
      }
    });

    it("answers JSON, not an event stream, and no session id", async () => {
      const response = await postRaw(initializeBody, { clientIp: freshIp() });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.headers.get("mcp-session-id")).toBeNull();
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toMatchObject({ jsonrpc: "2.0", id: 1, result: { protocolVersion: LATEST_PROTOCOL_VERSION, serverInfo: { name: "mcp-trust-registry" } } });
    });

    it("refuses a body over 16 KiB with 413 and malformed JSON with a parse error", async () => {
      const big = JSON.stringify(callBody(1, "check_trust", { server_url: `https://example.com/${"a".repeat(17_000)}` }));
      expect((await postRaw(big, { clientIp: freshIp() })).status).toBe(413);
      const bad = await postRaw("{not json", { clientIp: freshIp() });
      expect(bad.status).toBe(400);
      expect((await bad.json()).error.code).toBe(-32700);
    });

    it.each([
      [{ name: 42, arguments: {} }, "tools/call", /params\.name: .*expected string/],
      [{ name: "search_registry", arguments: "grade A" }, "tools/call", /params\.arguments: .*expected record/],
      [undefined, "tools/call", /params: .*expected object/],
      [{ cursor: 5 }, "tools/list", /params\.cursor: .*expected string/],
      [{ protocolVersion: 5, capabilities: {}, clientInfo: { name: "raw", version: "1" } }, "initialize", /params\.protocolVersion/],
    ])("answers params shaped %o for %s with -32602 Invalid params naming the place, not -32603", async (params, method, message) => {
      const response = await postRaw(JSON.stringify({ jsonrpc: "2.0", id: 7, method, ...(params === undefined ? {} : { params }) }), { clientIp: freshIp() });
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32602 } });
      expect(body.error.message).toMatch(new RegExp(`^Invalid params for ${method}: `));
      expect(body.error.message).toMatch(message);
    });

    it("answers each call of a batch on its own: a wrongly shaped one with -32602, the others as usual", async () => {
      const batch = [callBody(1, "get_stats", {}), { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: 42 } }];
      const replies: { id: number; result?: unknown; error?: { code: number } }[] = await (await postRaw(JSON.stringify(batch), { clientIp: freshIp() })).json();
      expect(replies.find((r) => r.id === 1)?.result).toBeDefined();
      expect(replies.find((r) => r.id === 2)?.error?.code).toBe(-32602);
    });

    it("refuses a client that cannot read both JSON and event streams, as the transport spec says", async () => {
      const response = await postRaw(initializeBody, { clientIp: freshIp(), headers: { accept: "application/json" } });
      expect(response.status).toBe(406);
      // A JSON-RPC error an MCP client can read, not an empty 406.
      expect(await response.json()).toEqual({
        jsonrpc: "2.0",
        error: { code: -32000, message: expect.stringMatching(/^Not Acceptable: Client must accept both application\/json and text\/event-stream/) },
        id: null,
      });
    });
  });
});
