import http from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolatedStoreEnvironment, startAppProcess, type AppProcess } from "@/scripts/lib/app-process";
import type { FixtureHandle } from "../fixtures/harness/http-fixture";
import { startStreamableHttpFixture } from "../fixtures/harness/mcp-fixture";
import { BENIGN_DEVELOPMENT_SERVERS } from "../fixtures/servers/benign/benign-servers";

/**
 * A seeded fuzz of every route of the real server (`npm start`): random
 * methods, hostile path segments, query values and bodies. Whatever
 * arrives, the answer is never a 5xx, every error under /api,
 * /.well-known and /v0.1 is JSON in that API's error shape, and no body carries a stack trace,
 * SQL or a file path. FUZZ_REQUESTS and FUZZ_SEED change the run (the seed
 * of a failure is printed, so it can be replayed).
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const CONCURRENCY = 8;

/** mulberry32: small, seeded, good enough to pick cases. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const METHODS = ["GET", "GET", "GET", "HEAD", "POST", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "MKCOL", "LOCK"];

/** Text meant to break decoders, parsers, SQL, indexes and renderers. */
const HOSTILE_TEXT = [
  "",
  "%ff",
  "%",
  "%zz",
  "%c0%af",
  "%ed%a0%80",
  "%00",
  "a%00b",
  "%0d%0aSet-Cookie:%20x=1",
  "..%2f..%2fetc%2fpasswd",
  "%2e%2e",
  "'%20OR%201=1--",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "%F0%9F%92%A9",
  "%E2%80%AE",
  "x".repeat(3000),
  "%25",
  "null",
  "-1",
  "1e309",
  "9999999999999999999999",
  "0x10",
  "https%3A%2F%2Fexample.com%2Fmcp",
  "http%3A%2F%2F127.0.0.1%3A1%2Fmcp",
  "http://169.254.169.254/",
  "file:///etc/passwd",
  "%5B%5D",
  "%7B%7D",
];

const BODIES: Array<[string | undefined, string]> = [
  ["application/json", "{}"],
  ["application/json", "[]"],
  ["application/json", "null"],
  ["application/json", "{"],
  ["application/json", '{"server_url":"http://127.0.0.1:1/mcp"}'],
  ["application/json", '{"server_url":"\\u0000"}'],
  ["application/json", '{"server_url":"\\ud800"}'],
  ["application/json", '{"server_url":12}'],
  ["application/json", '{"server_url":"https://x.example/mcp","tier":"gold","contact_email":"a@b"}'],
  ["application/json", '{"server_url":"http://127.0.0.1:1/","tier":"standard","contact_email":"a@example.com"}'],
  ["application/json", '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_registry","arguments":{"q":"\\u0000","limit":"x"}}}'],
  ["application/json", '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"check_trust","arguments":[]}}'],
  ["application/json", '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}'],
  ["application/json", '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}'],
  ["application/json", '{"jsonrpc":"2.0","method":"nope"}'],
  ["application/json", `{"a":"${"y".repeat(20_000)}"}`],
  ["application/json", '{"a":'.repeat(5000)],
  ["text/plain", "server_url=x"],
  ["application/x-www-form-urlencoded", "server_url=http%3A%2F%2F127.0.0.1%2F"],
  [undefined, ""],
  ["application/json; charset=utf-16", "{}"],
];

interface Case {
  method: string;
  path: string;
  contentType?: string;
  body?: string;
  headers: Record<string, string>;
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)];
}

function buildCases(knownServer: string): Case[] {
  const next = random(SEED);
  const segment = () => (next() < 0.25 ? encodeURIComponent(knownServer) : pick(next, HOSTILE_TEXT));
  const routes: Array<() => string> = [
    () => `/api/v1/search?q=${pick(next, HOSTILE_TEXT)}&sort=${pick(next, ["relevance", "name", "x", "%00"])}&page=${pick(next, HOSTILE_TEXT)}&limit=${pick(next, ["1", "50", "51", "-1", "abc"])}&certified=${pick(next, ["true", "false", "", "premium", "%00"])}&grade=${pick(next, ["A", "", "Z", "%ff"])}`,
    () => "/api/v1/stats",
    () => `/api/v1/badge?url=${segment()}&style=${pick(next, ["flat", "compact", "flat-square", "%00", ""])}`,
    () => `/api/v1/server/${segment()}`,
    () => `/api/v1/server/${segment()}/report`,
    () => `/api/v1/server/${segment()}/badge?style=${pick(next, ["flat", "compact", "x"])}`,
    () => `/api/v1/server/${segment()}/${pick(next, HOSTILE_TEXT)}`,
    () => "/api/v1/scan",
    () => "/api/v1/certify",
    () => `/api/v1/certify/${pick(next, HOSTILE_TEXT)}`,
    () => "/api/v1/admin/certifications",
    () => `/api/v1/admin/certifications/${pick(next, HOSTILE_TEXT)}`,
    () => `/api/v1/admin/certifications/${pick(next, HOSTILE_TEXT)}/${pick(next, ["approve", "reject", "revoke", "%ff", "x"])}`,
    () => "/api/v1/mcp",
    () => "/api/v1/rules",
    () => "/api/v1/openapi.json",
    () => `/api/v1/${pick(next, HOSTILE_TEXT)}`,
    () => `/api/health${pick(next, ["", "?x=%00"])}`,
    () => pick(next, ["/.well-known/agent.json", "/.well-known/mcp/server-card.json", `/.well-known/${pick(next, HOSTILE_TEXT)}`]),
    () => `/?q=${pick(next, HOSTILE_TEXT)}&page=${pick(next, HOSTILE_TEXT)}&grade=${pick(next, ["A", "%ff", ""])}`,
    () => pick(next, ["/scan", "/certify", "/stats"]),
    () => `/servers/${segment()}`,
    () => `/servers/${segment()}/opengraph-image`,
    () => `/certify/${pick(next, HOSTILE_TEXT)}`,
    () => `/v0.1/servers?cursor=${pick(next, HOSTILE_TEXT)}&limit=${pick(next, ["1", "100", "101", "-1", "x"])}&search=${pick(next, HOSTILE_TEXT)}&updated_since=${pick(next, ["2025-01-01T00:00:00Z", "yesterday", "%00"])}&min_grade=${pick(next, ["A", "C", "Z", ""])}&version=${pick(next, ["latest", "1.0.0", "%ff"])}`,
    () => `/v0.1/servers/${pick(next, ["io.github.x%2Fy", ...HOSTILE_TEXT])}/versions${pick(next, ["", "/latest", "/1.0.0", `/${pick(next, HOSTILE_TEXT)}`])}`,
    () => `/v0.1/${pick(next, ["publish", ...HOSTILE_TEXT])}`,
    () => `/${pick(next, HOSTILE_TEXT)}`,
  ];
  const cases: Case[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const method = pick(next, METHODS);
    const headers: Record<string, string> = {
      // A different client address per request, so the per-IP limits do not turn the run into a test of 429s.
      "x-forwarded-for": `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`,
    };
    if (next() < 0.05) headers["x-api-key"] = pick(next, ["mtr_invalid", "", "x".repeat(500)]);
    if (next() < 0.1) headers.accept = pick(next, ["application/json", "image/svg+xml", "text/html", "*/*", "text/event-stream"]);
    const withBody = method !== "GET" && method !== "HEAD" && next() < 0.8;
    const [contentType, body] = withBody ? pick(next, BODIES) : [undefined, undefined];
    cases.push({ method, path: pick(next, routes)(), contentType, body, headers });
  }
  return cases;
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

function send(origin: URL, agent: http.Agent, c: Case): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...c.headers };
    if (c.contentType) headers["content-type"] = c.contentType;
    if (c.body !== undefined) headers["content-length"] = String(Buffer.byteLength(c.body));
    const req = http.request({ host: origin.hostname, port: origin.port, method: c.method, path: c.path, headers, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk.length + body.length > 200_000 ? "" : chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers["content-type"] ?? ""), body }));
      res.on("error", reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error("no answer within 60 s")));
    req.on("error", reject);
    req.end(c.body);
  });
}

const LEAKS: Array<[string, RegExp]> = [
  ["stack trace", /\n\s+at [\w$.<>]+ \(|\bat (async )?[\w$.]+ \(\/|webpack-internal|node:internal/],
  // Upper-case SQL and PostgreSQL's own messages; the pages' <select> elements are not SQL.
  ["SQL", /\b(SELECT\s[^<>]{0,200}\sFROM\s|INSERT INTO|UPDATE \w+ SET|syntax error at or near|invalid byte sequence for encoding|violates (unique|check|foreign key) constraint|relation "\w+")/],
  ["file path", /\/work\/|\/home\/|node_modules\/|\.tsx?:\d+/],
];

describe(`route fuzz against npm start (${REQUESTS} requests, seed ${SEED})`, () => {
  let app: AppProcess;
  let fixture: FixtureHandle;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "registry-fuzz-"));
    fixture = await startStreamableHttpFixture(() => BENIGN_DEVELOPMENT_SERVERS[0].createServer());
    app = await startAppProcess(
      {
        ...isolatedStoreEnvironment(dataDir),
        // The per-request X-Forwarded-For above is believed only with one trusted proxy.
        TRUSTED_PROXY_COUNT: "1",
        // Loopback is allowed for the one seeded scan of the fixture; the fuzz's own scan bodies name closed loopback ports.
        SCAN_ALLOW_PRIVATE_TARGETS: "true",
        LOG_LEVEL: "warn",
      },
      { timeoutMs: 540_000 },
    );
    const seeded = await fetch(`${app.url}/api/v1/scan`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ server_url: fixture.url }),
    });
    expect(seeded.status).toBe(200);
  });
  afterAll(async () => {
    await app?.stop();
    await fixture?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("never answers 5xx, answers JSON errors under /api and /.well-known, and leaks nothing", async () => {
    const origin = new URL(app.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const cases = buildCases(fixture.url);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let index = 0;
    const worker = async () => {
      while (index < cases.length) {
        const c = cases[index++];
        const label = `${c.method} ${c.path.slice(0, 160)}${c.body ? ` body=${c.body.slice(0, 80)}` : ""}`;
        let answer: Answer;
        try {
          answer = await send(origin, agent, c);
        } catch (error) {
          failures.push(`${label}: no answer (${(error as Error).message})`);
          continue;
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status >= 500) failures.push(`${label}: ${answer.status} ${answer.body.slice(0, 200)}`);
        const underApi = /^\/(api|\.well-known|v0\.1)(\/|\?|$)/.test(c.path);
        // An unknown server's badge is a 404 whose body is a grey image, unless the client asked for JSON
        // (docs/badges.md#a-server-with-no-verdict).
        const badgeImage = /\/badge(\?|$)/.test(c.path) && answer.status === 404 && /^image\/svg\+xml/.test(answer.contentType) && !/json/.test(c.headers.accept ?? "");
        if (underApi && answer.status >= 400 && c.method !== "HEAD" && !badgeImage) {
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(answer.body);
          } catch {
            // reported below
          }
          const isErrorResponse = typeof parsed === "object" && parsed !== null && typeof (parsed as { error?: unknown }).error === "string" && typeof (parsed as { message?: unknown }).message === "string";
          // JSON-RPC errors from the MCP endpoint are JSON of their own shape.
          const isJsonRpc = c.path.startsWith("/api/v1/mcp") && typeof parsed === "object" && parsed !== null && "jsonrpc" in parsed;
          // The official registry API's own error shape: { "error": message }.
          const isRegistryError = c.path.startsWith("/v0.1") && typeof parsed === "object" && parsed !== null && typeof (parsed as { error?: unknown }).error === "string";
          if (!/^application\/(problem\+)?json/.test(answer.contentType) || !(isErrorResponse || isJsonRpc || isRegistryError)) {
            failures.push(`${label}: ${answer.status} not a JSON ErrorResponse (${answer.contentType}) ${answer.body.slice(0, 120)}`);
          }
        }
        for (const [kind, pattern] of LEAKS) if (pattern.test(answer.body)) failures.push(`${label}: body shows a ${kind}: ${answer.body.match(pattern)?.[0]}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    agent.destroy();
    console.log(`fuzz seed ${SEED}: ${cases.length} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect(failures.slice(0, 40), `seed ${SEED}: ${failures.length} failures`).toEqual([]);
    // The data seeded before the fuzz is still there and still readable.
    const profile = await fetch(`${app.url}/api/v1/server/${encodeURIComponent(fixture.url)}`);
    expect(profile.status).toBe(200);
  });
});
