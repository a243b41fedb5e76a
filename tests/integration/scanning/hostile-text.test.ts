import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scans, servers } from "@/db/schema";
import type { Finding } from "@/lib/core/findings";
import { MAX_NAME_CHARS } from "@/lib/core/scanning/untrusted-text";
import { provideAppServices } from "@/lib/services/app-services";
import { scanResponseSchema } from "@/lib/schemas/scan";
import * as scanRoute from "@/app/api/v1/scan/route";
import * as serverRoute from "@/app/api/v1/server/[...url]/route";
import type { FixtureHandle } from "../../fixtures/harness/http-fixture";
import { MALFORMED_TEXT_SERVERS, startDeepSchemaServer, startMalformedTextServer, type MalformedTextSpec } from "../../fixtures/servers/misbehaving/malformed-text";
import { callRoute, encodeServerUrl } from "../api/call-route";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";

/**
 * Hostile text from real MCP servers, through the real POST /api/v1/scan
 * handler: whatever a server sends, the scan ends in a recorded outcome
 * with findings about it, and nothing stored or answered holds text the
 * database refuses (NUL, lone surrogates) or raw control characters.
 */

const UNSAFE_RE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Every string and key in `value` that is not safe to keep, with where it is. */
function unsafeStrings(value: unknown, path = "$"): string[] {
  if (typeof value === "string") return UNSAFE_RE.test(value) ? [`${path}: ${JSON.stringify(value.slice(0, 80))}`] : [];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => [...(UNSAFE_RE.test(key) ? [`${path} key ${JSON.stringify(key.slice(0, 80))}`] : []), ...unsafeStrings(item, `${path}.${key}`)]);
}

let clientCounter = 0;
const scan = (url: string) =>
  callRoute(scanRoute.POST, "/api/v1/scan", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ server_url: url }),
    clientIp: `198.51.100.${++clientCounter}`,
  });
const read = (url: string, suffix = "") => callRoute(serverRoute.GET, `/api/v1/server/${encodeServerUrl(url)}${suffix}`, { clientIp: `203.0.113.${++clientCounter % 250}` });

type Case = { server: keyof typeof MALFORMED_TEXT_SERVERS; expected: Partial<Finding>[]; name: (sent: string) => void };

const CASES: Case[] = [
  {
    server: "longRandomName",
    expected: [{ id: "DA-MALFORMED-TEXT", location: "serverInfo/name", severity: "low" }],
    name: (kept) => {
      expect(kept.length).toBeLessThanOrEqual(MAX_NAME_CHARS);
      expect(kept.endsWith("…")).toBe(true);
      expect(MALFORMED_TEXT_SERVERS.longRandomName.serverInfo.name.startsWith(kept.slice(0, -1))).toBe(true);
    },
  },
  {
    server: "nulInName",
    expected: [{ id: "OB-INVISIBLE-CHARS", location: "serverInfo/name" }],
    name: (kept) => expect(kept).toBe("weather\\x00server"),
  },
  {
    server: "nulInDescription",
    expected: [{ id: "OB-INVISIBLE-CHARS", location: "tools/get_weather/description" }],
    name: (kept) => expect(kept).toBe("weather-nul"),
  },
  {
    server: "loneSurrogateName",
    expected: [{ id: "DA-MALFORMED-TEXT", location: "serverInfo/name", severity: "low", evidence: "weather\\u{D800}server" }],
    name: (kept) => expect(kept).toBe("weather\uFFFDserver"),
  },
  {
    server: "hugeDescription",
    expected: [{ id: "DA-MALFORMED-TEXT", location: "tools/get_weather/description", severity: "medium" }],
    name: (kept) => expect(kept).toBe("weather-huge"),
  },
  {
    server: "everything",
    expected: [
      { id: "DA-MALFORMED-TEXT", location: "serverInfo/name" },
      { id: "DA-MALFORMED-TEXT", location: "serverInfo/title" },
      { id: "DA-MALFORMED-TEXT", location: "instructions", severity: "medium" },
      { id: "DA-MALFORMED-TEXT", location: "tools/nested_tool/inputSchema" },
      { id: "OB-ANSI-ESCAPE", severity: "high" },
      { id: "OB-INVISIBLE-CHARS", location: "instructions" },
    ],
    name: (kept) => {
      expect(kept.length).toBeLessThanOrEqual(MAX_NAME_CHARS);
      expect(kept.startsWith("T\\x00ttt")).toBe(true);
    },
  },
];

describe(`scanning servers that send hostile text, on ${databaseKind()}`, () => {
  let services: TestServices;
  const fixtures = new Map<string, FixtureHandle>();

  beforeAll(async () => {
    services = await openTestServices({}, { scan: { allowPrivateTargets: false, allowedRanges: ["127.0.0.0/8"], deadlineMs: 15_000 } });
    provideAppServices(services);
    for (const [key, spec] of Object.entries(MALFORMED_TEXT_SERVERS)) fixtures.set(key, await startMalformedTextServer(spec as MalformedTextSpec));
  });
  afterAll(async () => {
    await Promise.all([...fixtures.values()].map((f) => f.close()));
    await services?.close();
  });

  it.each(CASES.map((c) => [c.server, c] as const))("%s: 200, a stored profile and report, findings about the text, nothing unsafe kept", async (key, c) => {
    const url = fixtures.get(key)!.url;
    const response = await scan(url);
    expect(response.status).toBe(200);
    const body = scanResponseSchema.parse(await response.json());
    expect(body.status).toBe("completed");
    expect(body.trustScore).toBeTypeOf("number");
    for (const expected of c.expected) expect(body.findings).toContainEqual(expect.objectContaining(expected));
    expect(unsafeStrings(body)).toEqual([]);

    const profileResponse = await read(url);
    expect(profileResponse.status).toBe(200);
    const profile = await profileResponse.json();
    expect(profile.scanCount).toBe(1);
    c.name(profile.name);
    expect(unsafeStrings(profile)).toEqual([]);

    const reportResponse = await read(url, "/report");
    expect(reportResponse.status).toBe(200);
    const report = await reportResponse.json();
    expect(report.scan.scanId).toBe(body.scanId);
    for (const expected of c.expected) expect(report.findings).toContainEqual(expect.objectContaining(expected));
    expect(unsafeStrings(report)).toEqual([]);

    // What the database holds, read back as it is stored.
    const db = services.database.db;
    const [server] = await db.select({ name: servers.name, publisherName: servers.publisherName }).from(servers).where(eq(servers.url, url));
    c.name(server.name);
    const [row] = await db.select({ discovery: scans.discovery, findings: scans.findings, network: scans.network }).from(scans).where(eq(scans.serverUrl, url));
    expect(unsafeStrings(row)).toEqual([]);
  });

  it("records a tool whose schema is nested 50,000 levels deep, cut at the depth bound", async () => {
    const deep = await startDeepSchemaServer();
    try {
      const response = await scan(deep.url);
      expect(response.status).toBe(200);
      const body = scanResponseSchema.parse(await response.json());
      expect(body).toMatchObject({ status: "completed", discovery: { toolCount: 1 } });
      expect(body.findings).toContainEqual(expect.objectContaining({ id: "DA-MALFORMED-TEXT", location: "tools/deep_tool/inputSchema", severity: "low" }));
      expect((await read(deep.url, "/report")).status).toBe(200);
    } finally {
      await deep.close();
    }
  });

  it("rescans a hostile server without seeing its repaired tools as changed", async () => {
    const url = fixtures.get("everything")!.url;
    const first = scanResponseSchema.parse(await (await scan(url)).json());
    const second = scanResponseSchema.parse(await (await scan(url)).json());
    expect(second.status).toBe("completed");
    expect(second.findings.filter((f) => f.id.startsWith("RP-"))).toEqual([]);
    expect(second.trustScore).toBe(first.trustScore);
  });
});
