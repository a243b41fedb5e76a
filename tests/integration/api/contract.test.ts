import { makeBadge } from "badge-maker";
import { XMLValidator } from "fast-xml-parser";
import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { provideAppServices } from "@/lib/services/app-services";
import { searchResponseSchema } from "@/lib/schemas/search";
import { serverDetailSchema, serverSummarySchema } from "@/lib/schemas/server";
import { statsResponseSchema } from "@/lib/schemas/stats";
import { discoveryDocumentSchema } from "@/lib/schemas/discovery";
import { errorResponseSchema } from "@/lib/schemas/common";
import * as searchRoute from "@/app/api/v1/search/route";
import * as statsRoute from "@/app/api/v1/stats/route";
import * as serverRoute from "@/app/api/v1/server/[...url]/route";
import * as badgeRoute from "@/app/api/v1/badge/route";
import { SERVICE_VERSION } from "@/lib/version";
import * as agentRoute from "@/app/.well-known/agent.json/route";
import * as serverCardRoute from "@/app/.well-known/mcp/server-card.json/route";
import * as openapiRoute from "@/app/api/v1/openapi.json/route";
import * as unknownRoute from "@/app/api/v1/[...rest]/route";
import { buildScanOutcome } from "../../support/scan-outcome-builder";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { callRoute, encodeServerUrl } from "./call-route";
import { recordScanOutcome } from "@/lib/core/registry/record-scan";

const SPEC_SUMMARY_FIELDS = {
  url: "string",
  name: "string",
  publisherName: "string",
  trustScore: "number",
  grade: "string",
  trustSummary: "string",
  certificationStatus: "string",
  lastScanned: "string",
} as const;
const SPEC_DETAIL_FIELDS = {
  ...SPEC_SUMMARY_FIELDS,
  findingsSummary: "string",
  scanCount: "number",
  transportType: "string",
  scanType: "string",
  packageName: "string",
  repositoryUrl: "string",
  lastScanHistory: "object",
} as const;

function expectFields(body: Record<string, unknown>, fields: Record<string, string>) {
  for (const [name, type] of Object.entries(fields)) {
    expect(body, `field ${name}`).toHaveProperty(name);
    expect(typeof body[name], `type of ${name}`).toBe(type);
  }
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = await response.json();
  expect(errorResponseSchema.parse(body)).toEqual({ error: code, message: expect.any(String) });
  expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+|select |node_modules/i);
  return body;
}

const WEATHER = "https://weather.acme.example/mcp";
const TOOLS = "https://github-tools.example/mcp";
const INSECURE = "http://insecure.example/mcp";
const HOSTILE = "https://hostile.example/mcp";
const REPORTISH = "https://odd.example/report";

describe(`REST contract on ${databaseKind()}`, () => {
  let services: TestServices;

  beforeAll(async () => {
    services = await openTestServices({ BASE_URL: "https://trust.example.org" });
    provideAppServices(services);
    const meta = { trigger: "api" as const, fallbackName: "fixture", fallbackPublisher: "acme" };
    const hour = 3600_000;
    const t0 = Date.now() - 10 * hour;
    for (const [i, score] of [70, 85, 92].entries()) {
      await recordScanOutcome(services.store, buildScanOutcome({ url: WEATHER, score, startedAt: new Date(t0 + i * hour), serverName: "Acme Weather" }), meta);
    }
    await recordScanOutcome(services.store, buildScanOutcome({ url: TOOLS, score: 75, serverName: "GitHub Tools" }), { ...meta, fallbackPublisher: "octo" });
    await recordScanOutcome(services.store, buildScanOutcome({ url: INSECURE, score: 88, serverName: "Insecure Notes" }), meta);
    await recordScanOutcome(services.store, 
      buildScanOutcome({
        url: INSECURE,
        score: 45,
        serverName: "Insecure Notes",
        findings: [
          {
            id: "TM-HIDDEN-INSTRUCTIONS",
            factor: "threatMatch",
            severity: "critical",
            title: "Hidden instructions",
            detail: "d",
            location: "tools/x/description",
            evidence: "<IMPORTANT>\\u{200B}",
            remediation: "r",
          },
        ],
      }),
      meta,
    );
    await recordScanOutcome(services.store, 
      buildScanOutcome({ url: HOSTILE, score: 61, serverName: `<script>alert("x")</script> & 'q' \u202Eevil 🎉` }),
      meta,
    );
    await recordScanOutcome(services.store, buildScanOutcome({ url: REPORTISH, score: 80, serverName: "Odd" }), meta);
    await recordScanOutcome(services.store, buildScanOutcome({ url: "https://down.example/mcp", status: "unreachable" }), meta);
    const weather = await services.store.findServerByUrl(WEATHER);
    await services.store.setCertificationStatus(weather!.id, "premium");
  });
  afterAll(async () => services?.close());

  describe("GET /api/v1/search", () => {
    it("answers SearchResponse with every spec field", async () => {
      const response = await callRoute(searchRoute.GET, "/api/v1/search");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const body = await response.json();
      expectFields(body, { query: "string", sort: "string", page: "number", limit: "number", total: "number", totalPages: "number", results: "object" });
      searchResponseSchema.parse(body);
      expect(body).toMatchObject({ query: "", sort: "relevance", page: 1, limit: 20, total: 5, totalPages: 1 });
      for (const result of body.results) {
        expectFields(result, SPEC_SUMMARY_FIELDS);
        serverSummarySchema.strict().parse(result);
      }
      // Without q, relevance is by trust score; the unreachable-only server is not listed.
      expect(body.results.map((r: { trustScore: number }) => r.trustScore)).toEqual([92, 80, 75, 61, 45]);
    });

    it("matches name, URL, publisher and package, tolerating typos", async () => {
      const q = async (text: string) =>
        (await (await callRoute(searchRoute.GET, `/api/v1/search?q=${encodeURIComponent(text)}`)).json()).results.map((r: { url: string }) => r.url);
      expect(await q("weather")).toEqual([WEATHER]);
      expect(await q("wether")).toContain(WEATHER);
      expect(await q("github-tools.example")).toEqual([TOOLS]);
      expect(await q("octo")).toEqual([TOOLS]);
      expect(await q("100%_")).toEqual([]);
      // Word prefixes (the first, cheap pass) and words inside URLs (the substring pass).
      expect(await q("weath")).toEqual([WEATHER]);
      expect(await q("acme weath")).toEqual([WEATHER]);
      expect(await q("ather.acme")).toEqual([WEATHER]);
      // Query syntax in the input is just text: its words are searched, its operators match nothing.
      for (const [hostile, urls] of [
        ["a'b)|(c", []],
        ["!weather", [WEATHER]],
        ["weather:* | x", [WEATHER]],
        // The one name with an apostrophe in it: the quote is matched as a character.
        ["'", [HOSTILE]],
        ["&&", []],
        ["\\", []],
      ] as const) {
        const response = await callRoute(searchRoute.GET, `/api/v1/search?q=${encodeURIComponent(hostile)}`);
        expect(response.status, hostile).toBe(200);
        const body = searchResponseSchema.parse(await response.json());
        expect(body.query, hostile).toBe(hostile);
        expect(body.results.map((r) => r.url), hostile).toEqual(urls);
        expect(body.total, hostile).toBe(urls.length);
      }
    });

    it("filters by grade and certification and sorts", async () => {
      const get = async (qs: string) => (await (await callRoute(searchRoute.GET, `/api/v1/search?${qs}`)).json()) as { results: { url: string; trustScore: number; name: string }[]; total: number; totalPages: number };
      expect((await get("grade=A")).results.map((r) => r.url)).toEqual([WEATHER]);
      expect((await get("certified=true")).results.map((r) => r.url)).toEqual([WEATHER]);
      expect((await get("certified=premium")).total).toBe(1);
      expect((await get("certified=standard")).total).toBe(0);
      expect((await get("sort=score-low")).results.map((r) => r.trustScore)).toEqual([45, 61, 75, 80, 92]);
      const names = (await get("sort=name")).results.map((r) => r.name);
      expect(names).toEqual([...names].sort());
      const page = await get("limit=2&page=3");
      expect(page).toMatchObject({ total: 5, totalPages: 3 });
      expect(page.results).toHaveLength(1);
      expect((await get("page=9")).results).toEqual([]);
    });

    it.each([
      ["sort=best", "sort"],
      ["page=0", "page"],
      ["page=-1", "page"],
      ["page=1.5", "page"],
      ["page=abc", "page"],
      ["limit=51", "limit"],
      ["limit=0", "limit"],
      ["grade=E", "grade"],
      ["grade=a", "grade"],
      ["certified=yes", "certified"],
      [`q=${"x".repeat(201)}`, "q"],
    ])("400 invalid_parameter for %s", async (qs, parameter) => {
      const body = await expectError(await callRoute(searchRoute.GET, `/api/v1/search?${qs}`), 400, "invalid_parameter");
      expect(body.message).toMatch(new RegExp(`^${parameter}\\b`));
    });
  });

  describe("GET /api/v1/stats", () => {
    // The numbers as docs/search-and-stats.md#stats defines them.
    it("answers StatsResponse with the spec keys and the documented numbers", async () => {
      services.stats.invalidate();
      const response = await callRoute(statsRoute.GET, "/api/v1/stats");
      expect(response.status).toBe(200);
      const body = statsResponseSchema.parse(await response.json());
      expect(body.stats).toMatchObject({ totalServers: 5, certifiedServers: 1, gradeDistribution: { A: 1, B: 1, C: 2, D: 1, F: 0 } });
      expect(body.stats.avgTrustScore).toBeCloseTo((92 + 75 + 45 + 61 + 80) / 5, 1);
      expect(body.stats.totalScans).toBe(9);
      expect(body.stats.scansLast24h).toBe(9);
      expect(body.recentlyFlagged.map((s) => s.url)).toContain(INSECURE);
      expect(body.stats.recentlyFlagged).toBe(body.recentlyFlagged.length);
      expect(body.highestRated[0].url).toBe(WEATHER);
      for (const list of [body.recentlyScanned, body.highestRated, body.recentlyFlagged]) expect(list.length).toBeLessThanOrEqual(10);
    });
  });

  describe("GET /api/v1/server/{url}", () => {
    it("answers ServerDetail with history newest first", async () => {
      const response = await callRoute(serverRoute.GET, `/api/v1/server/${encodeServerUrl(WEATHER)}`);
      expect(response.status).toBe(200);
      const body = await response.json();
      const { packageName: _p, repositoryUrl: _r, ...always } = SPEC_DETAIL_FIELDS;
      expectFields(body, always);
      // Optional in our contract: left out when unknown rather than sent as an invalid URI.
      expect(body).not.toHaveProperty("repositoryUrl");
      const detail = serverDetailSchema.parse(body);
      expect(detail).toMatchObject({ url: WEATHER, grade: "A", trustScore: 92, certificationStatus: "premium", scanCount: 3, trustLabel: "trusted" });
      expect(detail.lastScanHistory.map((h) => h.trustScore)).toEqual([92, 85, 70]);
      expect(Object.keys(detail.lastScanHistory[0]).sort()).toEqual(
        ["changes", "grade", "resourceCount", "scanId", "scannedAt", "status", "toolCount", "toolsHash", "trustScore"].sort(),
      );
    });

    it("resolves un-normalized and proxy-decoded forms of the URL to the same profile", async () => {
      const canonical = await (await callRoute(serverRoute.GET, `/api/v1/server/${encodeServerUrl(WEATHER)}`)).json();
      expect(canonical).toMatchObject({ url: WEATHER, name: "Acme Weather", trustScore: 92, grade: "A", scanCount: 3 });
      for (const path of [
        `/api/v1/server/${encodeServerUrl("HTTPS://Weather.ACME.example:443/mcp/")}`,
        "/api/v1/server/https://weather.acme.example/mcp",
        "/api/v1/server/https:/weather.acme.example/mcp",
        "/api/v1/server/https%3A%2F%2Fweather.acme.example%2Fmcp",
      ]) {
        const response = await callRoute(serverRoute.GET, path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get("content-type"), path).toMatch(/^application\/json/);
        // The whole ServerDetail of the normalized URL, not merely some 200.
        const body = await response.json();
        serverDetailSchema.parse(body);
        expect(body, path).toEqual(canonical);
      }
    });

    it("404 not_found for unknown, unlisted and malformed URLs", async () => {
      for (const url of ["https://nope.example/mcp", "https://down.example/mcp", "not a url", "javascript:alert(1)"]) {
        await expectError(await callRoute(serverRoute.GET, `/api/v1/server/${encodeServerUrl(url)}`), 404, "not_found");
      }
    });

    it("treats a trailing /report as part of the URL when the prefix is not a server", async () => {
      const response = await callRoute(serverRoute.GET, "/api/v1/server/https://odd.example/report");
      expect(response.status).toBe(200);
      expect((await response.json()).url).toBe(REPORTISH);
    });
  });

  describe("GET /api/v1/server/{url}/report", () => {
    // The report's contents: docs/findings-and-scans.md#the-report.
    it("answers the report as a .json attachment", async () => {
      const response = await callRoute(serverRoute.GET, `/api/v1/server/${encodeServerUrl(INSECURE)}/report`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[\w.-]+\.json"$/);
      const report = await response.json();
      for (const key of ["server", "scan", "trustScore", "grade", "uncappedGrade", "trustLabel", "factors", "discovery", "network", "findings", "history"]) {
        expect(report, key).toHaveProperty(key);
      }
      expect(report.server).not.toHaveProperty("lastScanHistory");
      expect(Object.keys(report.scan).sort()).toEqual(["durationMs", "scanId", "scannedAt", "scoringVersion", "status"]);
      expect(Object.keys(report.factors)).toHaveLength(7);
      expect(report.findings[0].id).toBe("TM-HIDDEN-INSTRUCTIONS");
      expect(report.ruleCatalogue).toBe("https://trust.example.org/api/v1/rules");
      expect(report.history).toHaveLength(2);
    });

    it("404 for an unknown server", async () => {
      await expectError(await callRoute(serverRoute.GET, `/api/v1/server/${encodeServerUrl("https://nope.example")}/report`), 404, "not_found");
    });
  });

  describe("badges", () => {
    it("GET /api/v1/badge renders a flat SVG with ETag and cache headers", async () => {
      const response = await callRoute(badgeRoute.GET, `/api/v1/badge?url=${encodeURIComponent(WEATHER)}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      expect(response.headers.get("etag")).toMatch(/^".+"$/);
      expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
      const svg = await response.text();
      expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(svg)));
      expect(XMLValidator.validate(svg)).toBe(true);
      expect(svg).toMatch(/^<svg[^>]+width="\d+"[^>]+height="20"/);
      expect(svg).toContain("MCP trust: A 92 · premium");
      expect(svg).not.toMatch(/<script|<foreignObject|javascript:/i);
    });

    it("answers 304 to a matching If-None-Match", async () => {
      const first = await callRoute(badgeRoute.GET, `/api/v1/badge?url=${encodeURIComponent(WEATHER)}`);
      const etag = first.headers.get("etag")!;
      const second = await callRoute(badgeRoute.GET, `/api/v1/badge?url=${encodeURIComponent(WEATHER)}`, { headers: { "if-none-match": etag } });
      expect(second.status).toBe(304);
      expect(await second.text()).toBe("");
    });

    it("GET /api/v1/server/{url}/badge defaults to compact and differs from flat", async () => {
      const compact = await (await callRoute(serverRoute.GET, `/api/v1/server/${encodeServerUrl(TOOLS)}/badge`)).text();
      const flat = await (await callRoute(serverRoute.GET, `/api/v1/server/${encodeServerUrl(TOOLS)}/badge?style=flat`)).text();
      expect(XMLValidator.validate(compact)).toBe(true);
      const width = (svg: string) => Number(/width="(\d+)"/.exec(svg)![1]);
      expect(width(compact)).toBeLessThan(width(flat));
      expect(compact).toContain('aria-label="MCP trust: C 75"');
    });

    it("never lets registry text into the SVG", async () => {
      const svg = await (await callRoute(badgeRoute.GET, `/api/v1/badge?url=${encodeURIComponent(HOSTILE)}`)).text();
      expect(XMLValidator.validate(svg)).toBe(true);
      expect(svg).not.toMatch(/script|alert|\u202E|🎉/);
    });

    // docs/badges.md#a-server-with-no-verdict
    it("keeps the 404 for unknown servers: a grey 'not assessed' image for image requests, the ErrorResponse for JSON clients", async () => {
      const json = { headers: { accept: "application/json" } };
      await expectError(await callRoute(badgeRoute.GET, `/api/v1/badge?url=${encodeURIComponent("https://nope.example")}`, json), 404, "not_found");
      await expectError(await callRoute(serverRoute.GET, `/api/v1/server/${encodeServerUrl("https://nope.example")}/badge`, json), 404, "not_found");
      for (const response of [
        await callRoute(badgeRoute.GET, `/api/v1/badge?url=${encodeURIComponent("https://nope.example")}`, { headers: { accept: "image/avif,image/webp,image/svg+xml,*/*" } }),
        await callRoute(serverRoute.GET, `/api/v1/server/${encodeServerUrl("https://nope.example")}/badge`),
      ]) {
        expect(response.status).toBe(404);
        expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
        const svg = await response.text();
        expect(XMLValidator.validate(svg)).toBe(true);
        expect(svg).toContain("not assessed");
      }
      await expectError(await callRoute(badgeRoute.GET, `/api/v1/badge?url=${encodeURIComponent(WEATHER)}&style=3d`), 400, "invalid_parameter");
      await expectError(await callRoute(badgeRoute.GET, `/api/v1/badge?url=${encodeURIComponent(WEATHER)}&color=url(%23x)`), 400, "invalid_parameter");
      await expectError(await callRoute(badgeRoute.GET, `/api/v1/badge`), 400, "invalid_parameter");
    });

    it("honours shields' styles and parameters: label, labelColor, color, logo, cacheSeconds", async () => {
      for (const style of ["flat", "flat-square", "plastic", "for-the-badge", "compact"]) {
        const response = await callRoute(badgeRoute.GET, `/api/v1/badge?url=${encodeURIComponent(WEATHER)}&style=${style}`);
        expect(response.status, style).toBe(200);
        expect(XMLValidator.validate(await response.text()), style).toBe(true);
      }
      const custom = await callRoute(
        badgeRoute.GET,
        `/api/v1/badge?url=${encodeURIComponent(WEATHER)}&label=${encodeURIComponent("<b>trust</b>")}&labelColor=000&color=blue&logo=shield&cacheSeconds=3600`,
      );
      const svg = await custom.text();
      expect(svg).toContain('aria-label="&#60;b&#62;trust&#60;/b&#62;: A 92 · premium"');
      expect(svg).toContain('fill="#000000"');
      expect(svg).toContain('fill="#007ec6"');
      expect(custom.headers.get("cache-control")).toMatch(/max-age=3600/);
      const clamped = await callRoute(badgeRoute.GET, `/api/v1/badge?url=${encodeURIComponent(WEATHER)}&cacheSeconds=1`);
      expect(clamped.headers.get("cache-control")).toMatch(/max-age=300\b/);
    });

    it("serves a shields endpoint document that shields' own renderer (badge-maker) draws", async () => {
      // The endpoint schema as https://shields.io/badges/endpoint-badge documents it.
      const endpointSchema = z
        .object({
          schemaVersion: z.literal(1),
          label: z.string(),
          message: z.string().min(1),
          color: z.string().optional(),
          labelColor: z.string().optional(),
          isError: z.boolean().optional(),
          cacheSeconds: z.number().int().min(300).optional(),
        })
        .strict();
      for (const [url, message] of [[TOOLS, "C 75"], ["https://nope.example/mcp", "not assessed"]] as const) {
        const response = await callRoute(serverRoute.GET, `/api/v1/server/${encodeServerUrl(url)}/badge.json`);
        expect(response.status).toBe(200);
        const body = endpointSchema.parse(await response.json());
        expect(body.message).toBe(message);
        const drawn = makeBadge({ label: body.label, message: body.message, ...(body.color ? { color: body.color } : {}), ...(body.labelColor ? { labelColor: body.labelColor } : {}) });
        expect(XMLValidator.validate(drawn)).toBe(true);
        expect(drawn).toContain(message);
      }
    });
  });

  describe("discovery documents and OpenAPI", () => {
    it("GET /.well-known/agent.json answers the discovery document with absolute URLs", async () => {
      const body = discoveryDocumentSchema.parse(await (await callRoute(agentRoute.GET, "/.well-known/agent.json")).json());
      expect(body).toMatchObject({
        url: "https://trust.example.org",
        openapi: "https://trust.example.org/api/v1/openapi.json",
        endpoints: { mcp: "https://trust.example.org/api/v1/mcp", rest: "https://trust.example.org/api/v1" },
      });
      expect(body.capabilities).toEqual(expect.arrayContaining(["search", "stats", "profiles", "reports", "badges", "scan", "certify", "mcp"]));
    });

    it("serves the MCP server card from the same source, with the service's one version", async () => {
      const serverCard = await (await callRoute(serverCardRoute.GET, "/.well-known/mcp/server-card.json")).json();
      expect(serverCard.remotes).toEqual([{ type: "streamable-http", url: "https://trust.example.org/api/v1/mcp" }]);
      expect(serverCard.version).toBe(SERVICE_VERSION);
      expect(serverCard.capabilities).toEqual({ tools: { listChanged: false } });
    });

    it("GET /api/v1/openapi.json is valid OpenAPI 3.1 with version 3.0.0", async () => {
      const doc = await (await callRoute(openapiRoute.GET, "/api/v1/openapi.json")).json();
      expect(doc.openapi).toBe("3.1.0");
      expect(doc.info.version).toBe("3.0.0");
      await SwaggerParser.validate(structuredClone(doc));
      for (const path of [
        "/api/v1/search",
        "/api/v1/stats",
        "/api/v1/badge",
        "/api/v1/server/{url}",
        "/api/v1/server/{url}/report",
        "/api/v1/server/{url}/badge",
        "/api/v1/scan",
        "/api/v1/certify",
        "/api/v1/rules",
        "/api/v1/mcp",
        "/api/health",
        "/.well-known/agent.json",
        "/.well-known/mcp/server-card.json",
      ]) {
        expect(doc.paths, path).toHaveProperty([path]);
      }
      expect(Object.keys(doc.components.schemas)).toEqual(
        expect.arrayContaining(["ServerSummary", "ServerDetail", "SearchResponse", "StatsResponse", "ScanResponse", "ErrorResponse", "ServerReport", "RuleCatalogue"]),
      );
      // page and limit are integers (limit at most 50; docs/search-and-stats.md#parameters), so generated clients send numbers.
      const params = Object.fromEntries(doc.paths["/api/v1/search"].get.parameters.map((p: { name: string; schema: unknown }) => [p.name, p.schema]));
      expect(params.page).toMatchObject({ type: "integer", minimum: 1, default: 1 });
      expect(params.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 50, default: 20 });
      // 401 for an invalid key on any request; 429 where reads are counted (docs/errors.md#codes-and-statuses,
      // docs/api-keys-and-rate-limits.md#what-is-counted).
      expect(doc.paths["/api/v1/search"].get.responses).toHaveProperty("401");
      expect(doc.paths["/api/v1/search"].get.responses).toHaveProperty("429");
      expect(doc.info.license).toHaveProperty("name");
    });
  });

  describe("errors", () => {
    it("unknown /api/v1 paths get a JSON 404 and wrong methods a JSON 405", async () => {
      await expectError(await callRoute(unknownRoute.GET, "/api/v1/nope"), 404, "not_found");
      const response = await callRoute(searchRoute.POST, "/api/v1/search", { method: "POST" });
      await expectError(response, 405, "method_not_allowed");
      expect(response.headers.get("allow")).toBe("GET");
    });
  });
});
