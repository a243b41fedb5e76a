import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Grade } from "@/lib/core/grades";
import { openCertificationApplication } from "@/lib/core/certification/open-certification-application";
import { parseCertificationRequest } from "@/lib/schemas/certify";
import { searchParamsSchema } from "@/lib/schemas/search";
import { checkTrustOutputSchema } from "@/lib/mcp/check-trust-tool";
import { scanServerOutputSchema } from "@/lib/mcp/scan-server-tool";
import { searchRegistryInputSchema, searchRegistryOutputSchema } from "@/lib/mcp/search-registry-tool";
import { getStatsOutputSchema } from "@/lib/mcp/get-stats-tool";
import { TOOL_ERROR_META_KEY } from "@/lib/mcp/create-mcp-server";
import { provideAppServices } from "@/lib/services/app-services";
import * as statsRoute from "@/app/api/v1/stats/route";
import { startStreamableHttpFixture } from "../../fixtures/harness/mcp-fixture";
import type { FixtureHandle } from "../../fixtures/harness/http-fixture";
import { BENIGN_DEVELOPMENT_SERVERS } from "../../fixtures/servers/benign/benign-servers";
import { F_GRADE_POISONED_SERVER } from "../../fixtures/servers/malicious/malicious-servers";
import { buildScanOutcome } from "../../support/scan-outcome-builder";
import { callRoute } from "../api/call-route";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { connectInProcess, postRaw, textOf, type InProcessClient } from "./in-process-client";
import { recordScanOutcome } from "@/lib/core/registry/record-scan";
import { importServerEntry } from "@/lib/core/registry/import/decide-import";

/**
 * The MCP endpoint's tools through the SDK's real Client, in-process against
 * the route handler (tests/e2e/mcp-endpoint.test.ts does the same over real
 * HTTP against the built app). Scans reach real SDK fixture servers on
 * 127.0.0.1 only: the scanner allows loopback and nothing else private.
 */

const CONTACT_EMAIL = "owner-contact@publisher.example";
/** Seeded verdicts, one per grade: the gating rule must allow A-C and refuse D-F. */
const SEEDED: { grade: Grade; score: number; url: string }[] = [
  { grade: "A", score: 95, url: "https://grade-a.example/mcp" },
  { grade: "B", score: 85, url: "https://grade-b.example/mcp" },
  { grade: "C", score: 65, url: "https://grade-c.example/mcp" },
  { grade: "D", score: 45, url: "https://grade-d.example/mcp" },
  { grade: "F", score: 20, url: "https://grade-f.example/mcp" },
];
const CAPPED_URL = "https://capped.example/mcp";
const PACKAGE = "@acme/weather-mcp";

let ipCounter = 0;
const nextIp = () => `198.51.100.${(++ipCounter % 250) + 1}`;

describe(`MCP tools in-process on ${databaseKind()}`, () => {
  let services: TestServices;
  let mcp: InProcessClient;
  const fixtures: FixtureHandle[] = [];
  let benignUrl: string;
  let poisonedUrl: string;

  beforeAll(async () => {
    // Loopback only, never the whole private range: a target in 10/8 must be refused before any connection.
    // Limits high enough for this file; mcp-limits.test.ts is about the limits.
    services = await openTestServices(
      {},
      {
        scan: { allowPrivateTargets: false, allowedRanges: ["127.0.0.0/8"], deadlineMs: 8000 },
        rateLimiter: { policy: { read: { limit: 10_000, windowMs: 3600_000 }, scan: { limit: 1000, windowMs: 3600_000 } } },
      },
    );
    provideAppServices(services);
    for (const seed of SEEDED) {
      await recordScanOutcome(services.store, buildScanOutcome({ url: seed.url, score: seed.score, serverName: `grade ${seed.grade}` }), {
        trigger: "api",
        fallbackName: `grade ${seed.grade}`,
        fallbackPublisher: "seed",
      });
    }
    // A critical finding caps the grade at F whatever the score (docs/scoring.md#caps): the gate must follow the grade.
    await recordScanOutcome(services.store, buildScanOutcome({ url: CAPPED_URL, score: 88, grade: "F" }), { trigger: "api", fallbackName: "capped", fallbackPublisher: "seed" });
    // One package published at two URLs, graded B and D.
    for (const [i, score] of [85, 45].entries()) {
      const url = `https://pkg-${i}.acme.example/mcp`;
      await importServerEntry(services.store, 
        {
          registryName: `io.example.acme/weather-${i}`,
          url,
          name: `acme weather ${i}`,
          title: null,
          description: null,
          version: "1.0.0",
          publisherName: "Acme",
          packageName: PACKAGE,
          packageRegistry: "npm",
          repositoryUrl: null,
          websiteUrl: null,
          transportType: "streamable-http",
          registryStatus: "active",
        },
        `hash-${i}`,
      );
      await recordScanOutcome(services.store, buildScanOutcome({ url, score }), { trigger: "api", fallbackName: url, fallbackPublisher: "Acme" });
    }
    // A certification application carries a contact email that no public answer may show.
    await openCertificationApplication(
      services.certification,
      parseCertificationRequest({ server_url: SEEDED[0].url, tier: "standard", contact_email: CONTACT_EMAIL }),
    );
    const benign = BENIGN_DEVELOPMENT_SERVERS[0];
    const poisoned = F_GRADE_POISONED_SERVER;
    const a = await startStreamableHttpFixture(() => benign.createServer());
    const b = await startStreamableHttpFixture(() => poisoned.createServer());
    fixtures.push(a, b);
    benignUrl = a.url;
    poisonedUrl = b.url;
    mcp = await connectInProcess({ clientIp: nextIp() });
  });

  afterAll(async () => {
    await mcp?.close();
    await Promise.all(fixtures.map((f) => f.close()));
    await services?.close();
  });

  it("initializes with server info, instructions that teach the gating rule, and the tools capability", () => {
    const client = mcp.client;
    expect(client.getServerVersion()).toMatchObject({ name: "mcp-trust-registry", version: "3.0.0" });
    // Stateless: no notification is ever sent, so none is promised (as the server card says).
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: false });
    const instructions = client.getInstructions() ?? "";
    expect(instructions).toMatch(/check_trust/);
    expect(instructions).toMatch(/before you connect/i);
    expect(instructions).toMatch(/D or F/);
    expect(instructions).toMatch(/unknown/);
  });

  it("negotiates the latest protocol version over Streamable HTTP", async () => {
    const response = await postRaw(
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "raw", version: "1" } } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const body = await response.json();
    expect(body.result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    expect(response.headers.get("mcp-session-id")).toBeNull();
  });

  it("lists four tools, each with an object input schema, an output schema and truthful annotations", async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["check_trust", "scan_server", "search_registry", "get_stats"]);
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.inputSchema).toMatchObject({ additionalProperties: false });
      expect(tool.annotations?.destructiveHint).toBe(false);
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    for (const name of ["check_trust", "search_registry", "get_stats"]) {
      expect(byName[name].annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    }
    expect(byName.scan_server.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true });
    expect(Object.keys(byName.check_trust.inputSchema.properties ?? {})).toEqual(["server_url", "package_name"]);
    expect(Object.keys(byName.scan_server.inputSchema.properties ?? {})).toEqual(["server_url"]);
    expect(Object.keys(byName.search_registry.inputSchema.properties ?? {}).sort()).toEqual(["certified", "grade", "limit", "page", "query", "sort"]);
    expect(byName.check_trust.outputSchema?.properties).toHaveProperty("recommendation");
    expect(byName.check_trust.outputSchema?.properties).toHaveProperty("grade");
    expect(byName.check_trust.outputSchema?.properties).toHaveProperty("score");
    expect(byName.check_trust.outputSchema?.properties).toHaveProperty("url");
  });

  describe("check_trust", () => {
    it.each(SEEDED)("grade $grade → the gating rule", async ({ grade, score, url }) => {
      const result = await mcp.call("check_trust", { server_url: url });
      expect(result.isError).toBeFalsy();
      const body = checkTrustOutputSchema.parse(result.structuredContent);
      expect(body).toMatchObject({ found: true, url, grade, score, trustLabel: expect.any(String), certificationStatus: expect.any(String) });
      expect(body.lastScanned).toMatch(/^\d{4}-\d\d-\d\dT/);
      const expected = ["A", "B", "C"].includes(grade) ? "allow" : "refuse";
      expect(body.recommendation).toBe(expected);
      expect(textOf(result)).toContain(`recommendation: ${expected}`);
      expect(textOf(result)).toContain(`grade ${grade}`);
    });

    it("follows the capped grade, not the score", async () => {
      const body = checkTrustOutputSchema.parse((await mcp.call("check_trust", { server_url: CAPPED_URL })).structuredContent);
      expect(body).toMatchObject({ grade: "F", score: 88, recommendation: "refuse" });
    });

    it("finds a server by an unnormalized spelling of its URL", async () => {
      const body = checkTrustOutputSchema.parse((await mcp.call("check_trust", { server_url: "HTTPS://Grade-A.example/mcp/" })).structuredContent);
      expect(body).toMatchObject({ found: true, url: SEEDED[0].url, recommendation: "allow" });
    });

    it("answers an unknown server as unknown with a hint to scan, never as allow and never as a protocol error", async () => {
      const result = await mcp.call("check_trust", { server_url: "https://never-seen.example/mcp" });
      expect(result.isError).toBeFalsy();
      const body = checkTrustOutputSchema.parse(result.structuredContent);
      expect(body).toMatchObject({ found: false, recommendation: "unknown", url: "https://never-seen.example/mcp", grade: null, score: null });
      expect(body.message).toMatch(/scan_server/);
      expect(textOf(result)).toMatch(/^recommendation: unknown/);
      expect(textOf(result)).not.toMatch(/allow\b(?!ed)/);
    });

    it("looks up by package name: every server in matches, the worst verdict as the headline", async () => {
      const body = checkTrustOutputSchema.parse((await mcp.call("check_trust", { package_name: PACKAGE })).structuredContent);
      expect(body.found).toBe(true);
      expect(body.packageName).toBe(PACKAGE);
      expect(body.matches.map((m) => m.grade)).toEqual(["B", "D"]);
      expect(body.matches.map((m) => m.recommendation)).toEqual(["allow", "refuse"]);
      expect(body).toMatchObject({ grade: "D", recommendation: "refuse" });
      expect(body.message).toMatch(/2 scanned servers/);
    });

    it("answers an unknown package as unknown", async () => {
      const body = checkTrustOutputSchema.parse((await mcp.call("check_trust", { package_name: "@nobody/nothing" })).structuredContent);
      expect(body).toMatchObject({ found: false, recommendation: "unknown", url: null, packageName: "@nobody/nothing", matches: [] });
    });

    it.each([
      [{}, /exactly one of server_url or package_name/],
      [{ server_url: SEEDED[0].url, package_name: PACKAGE }, /exactly one of server_url or package_name/],
      [{ url: SEEDED[0].url }, /url/],
      [{ server_url: 42 }, /server_url/],
      [{ server_url: "not a url" }, /invalid_url: server_url is not a valid absolute URL/],
      [{ server_url: "ftp://example.com/mcp" }, /invalid_url: server_url must use http or https/],
      [{ package_name: "   " }, /package_name/],
      [{ package_name: "@acme/weather\u0000mcp" }, /package_name must not contain control characters/],
    ])("refuses %o as a tool error an agent can act on", async (args, message) => {
      const result = await mcp.call("check_trust", args as Record<string, unknown>);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      expect(textOf(result)).toMatch(message);
    });
  });

  describe("scan_server", () => {
    it("scans a real server, records it, and check_trust then knows it", async () => {
      const result = await mcp.call("scan_server", { server_url: benignUrl });
      expect(result.isError, textOf(result)).toBeFalsy();
      const body = scanServerOutputSchema.parse(result.structuredContent);
      expect(body.status).toBe("completed");
      expect(body.server_url).toBe(benignUrl);
      expect(body.trustScore).toBe(Object.values(body.factors!).reduce((a, b) => a + b, 0));
      expect(body.discovery.toolCount).toBeGreaterThan(0);
      expect(body.grade).toBe("B"); // plain http on loopback is not capped (docs/scoring.md#caps); no repository keeps it from A
      expect(body.recommendation).toBe("allow");
      expect(textOf(result)).toMatch(/^recommendation: allow/);
      const trust = checkTrustOutputSchema.parse((await mcp.call("check_trust", { server_url: benignUrl })).structuredContent);
      expect(trust).toMatchObject({ found: true, grade: "B", score: body.trustScore, recommendation: "allow" });
    });

    it("refuses a poisoned server", async () => {
      const body = scanServerOutputSchema.parse((await mcp.call("scan_server", { server_url: poisonedUrl })).structuredContent);
      // Its instruction findings combine to critical, and a critical finding caps the grade at F (docs/scoring.md#caps).
      expect(body.grade).toBe("F");
      expect(body.recommendation).toBe("refuse");
      const critical = body.findings.filter((f) => f.severity === "critical").map((f) => f.id);
      expect(critical).toEqual(expect.arrayContaining(F_GRADE_POISONED_SERVER.expected.mustFlag));
      const trust = checkTrustOutputSchema.parse((await mcp.call("check_trust", { server_url: poisonedUrl })).structuredContent);
      expect(trust.recommendation).toBe("refuse");
    });

    it("answers an unreachable server without a verdict: recommendation unknown", async () => {
      const closed = await startStreamableHttpFixture(() => BENIGN_DEVELOPMENT_SERVERS[1].createServer());
      await closed.close();
      const result = await mcp.call("scan_server", { server_url: closed.url });
      expect(result.isError).toBeFalsy();
      const body = scanServerOutputSchema.parse(result.structuredContent);
      expect(body).toMatchObject({ status: "unreachable", recommendation: "unknown" });
      expect(body).not.toHaveProperty("grade");
      expect(textOf(result)).toMatch(/^recommendation: unknown/);
    });

    it.each([
      [{ server_url: "http://10.0.0.1/mcp" }, /^target_forbidden: /],
      [{ server_url: "http://169.254.169.254/latest/meta-data" }, /^target_forbidden: /],
      [{ server_url: "not a url" }, /^invalid_url: /],
      [{ server_url: "ftp://example.com/" }, /^invalid_url: /],
      [{}, /server_url/],
    ])("refuses %o before connecting, as a tool error", async (args, message) => {
      const result = await mcp.call("scan_server", args as Record<string, unknown>);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(message);
    });
  });

  describe("search_registry", () => {
    it("searches like GET /api/v1/search", async () => {
      const result = await mcp.call("search_registry", { query: "grade", sort: "score-high", limit: 3 });
      expect(result.isError).toBeFalsy();
      const body = searchRegistryOutputSchema.parse(result.structuredContent);
      expect(body).toMatchObject({ query: "grade", sort: "score-high", page: 1, limit: 3 });
      // The five "grade X" servers seeded above, and nothing the other tests scan.
      expect(body.total).toBe(5);
      expect(body.totalPages).toBe(2);
      expect(body.results.map((r) => r.grade)).toEqual(["A", "B", "C"]);
      expect(textOf(result)).toContain(SEEDED[0].url);
    });

    it("filters by grade and certification", async () => {
      const byGrade = searchRegistryOutputSchema.parse((await mcp.call("search_registry", { grade: "D" })).structuredContent);
      expect(byGrade.results.length).toBeGreaterThan(0);
      expect(byGrade.results.every((r) => r.grade === "D")).toBe(true);
      const certified = searchRegistryOutputSchema.parse((await mcp.call("search_registry", { certified: true })).structuredContent);
      expect(certified.results.every((r) => r.certificationStatus !== "none")).toBe(true);
    });

    it("takes an empty filter as no filter, as form-based clients send it: certified false, null or \"\", grade null or \"\"", async () => {
      const all = searchRegistryOutputSchema.parse((await mcp.call("search_registry", {})).structuredContent);
      for (const args of [{ certified: false }, { certified: null }, { certified: "" }, { grade: null }, { grade: "" }, { certified: "", grade: "" }]) {
        const result = await mcp.call("search_registry", args);
        expect(result.isError, `${JSON.stringify(args)}: ${textOf(result)}`).toBeFalsy();
        expect(searchRegistryOutputSchema.parse(result.structuredContent).total, JSON.stringify(args)).toBe(all.total);
      }
    });

    it("searches text with a NUL or a lone surrogate as words, never answering an internal error", async () => {
      const spaced = searchRegistryOutputSchema.parse((await mcp.call("search_registry", { query: "grade a" })).structuredContent);
      for (const query of ["grade\u0000a", "grade\uD800a"]) {
        const result = await mcp.call("search_registry", { query });
        expect(result.isError, textOf(result)).toBeFalsy();
        const body = searchRegistryOutputSchema.parse(result.structuredContent);
        expect(body).toMatchObject({ query: "grade a", total: spaced.total });
        expect(body.results.map((r) => r.url)).toEqual(spaced.results.map((r) => r.url));
      }
      const onlyNul = searchRegistryOutputSchema.parse((await mcp.call("search_registry", { query: "\u0000" })).structuredContent);
      expect(onlyNul.query).toBe("");
    });

    it("applies the defaults of the REST search", async () => {
      const body = searchRegistryOutputSchema.parse((await mcp.call("search_registry", {})).structuredContent);
      expect(body).toMatchObject({ query: "", sort: "relevance", page: 1, limit: 20 });
    });

    it.each([
      [{ limit: 51 }, /limit must be between 1 and 50/],
      [{ limit: 0 }, /limit must be between 1 and 50/],
      [{ page: 0 }, /page must be at least 1/],
      [{ page: 1.5 }, /page must be a whole number/],
      [{ page: "2" }, /page must be a whole number/],
      [{ sort: "best" }, /sort must be one of relevance/],
      [{ grade: "E" }, /grade must be one of A, B, C, D, F/],
      [{ certified: "gold" }, /certified must be one of true, standard, premium/],
      [{ q: "github" }, /q/],
      [{ query: "x".repeat(201) }, /query must be at most 200 characters/],
    ])("refuses %o naming the parameter", async (args, message) => {
      const result = await mcp.call("search_registry", args as Record<string, unknown>);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(message);
    });

    it("accepts and refuses exactly what the REST search accepts and refuses", () => {
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ page: 1 }, { page: "1" }],
        [{ page: 999_999_999 }, { page: "999999999" }],
        [{ page: 1_000_000_000 }, { page: "1000000000" }],
        [{ page: 0 }, { page: "0" }],
        [{ page: -1 }, { page: "-1" }],
        [{ limit: 50 }, { limit: "50" }],
        [{ limit: 51 }, { limit: "51" }],
        [{ limit: 1 }, { limit: "1" }],
        ...(["relevance", "score-high", "score-low", "recent", "name", "best", ""] as const).map(
          (sort): [Record<string, unknown>, Record<string, string>] => [{ sort }, { sort }],
        ),
        ...(["A", "B", "C", "D", "F", "E", "a", ""] as const).map((grade): [Record<string, unknown>, Record<string, string>] => [{ grade }, { grade }]),
        ...(["true", "standard", "premium", "false", "none", ""] as const).map(
          (certified): [Record<string, unknown>, Record<string, string>] => [{ certified }, { certified }],
        ),
        [{ query: "x".repeat(200) }, { q: "x".repeat(200) }],
        [{ query: "x".repeat(201) }, { q: "x".repeat(201) }],
        [{ query: "a\u0000b" }, { q: "a\u0000b" }],
      ];
      for (const [mcpArgs, restParams] of cases) {
        const viaMcp = searchRegistryInputSchema.safeParse(mcpArgs).success;
        const viaRest = searchParamsSchema.safeParse(restParams).success;
        expect(viaMcp, JSON.stringify(mcpArgs)).toBe(viaRest);
      }
    });
  });

  describe("get_stats", () => {
    it("answers the numbers of GET /api/v1/stats", async () => {
      const result = await mcp.call("get_stats");
      expect(result.isError).toBeFalsy();
      const body = getStatsOutputSchema.parse(result.structuredContent);
      const rest = await (await callRoute(statsRoute.GET, "/api/v1/stats", { clientIp: nextIp() })).json();
      expect(body.stats).toEqual(rest.stats);
      expect(body.stats.totalServers).toBeGreaterThanOrEqual(SEEDED.length);
      expect(textOf(result)).toContain(`${body.stats.totalServers} servers in the registry`);
    });

    it("refuses arguments it does not take", async () => {
      const result = await mcp.call("get_stats", { verbose: true });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/verbose/);
    });
  });

  it("never shows a contact email in any answer", async () => {
    const answers = [
      await mcp.call("check_trust", { server_url: SEEDED[0].url }),
      await mcp.call("search_registry", { query: "grade a" }),
      await mcp.call("search_registry", { certified: "standard" }),
      await mcp.call("get_stats"),
    ];
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(CONTACT_EMAIL);
  });

  it("answers an unknown tool as an error", async () => {
    const result = await mcp.call("delete_registry", {});
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/delete_registry not found/);
  });

  it("puts the error code in _meta of an AppError tool error", async () => {
    const result = await mcp.call("scan_server", { server_url: "http://10.0.0.1/mcp" });
    expect(result._meta?.[TOOL_ERROR_META_KEY]).toEqual({ code: "target_forbidden" });
  });
});
