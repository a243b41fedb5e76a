import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormatsModule from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { checkApplicationVerification } from "@/lib/core/certification/check-application-verification";
import type { ServerReport } from "@/lib/core/registry/get-server-report";
import { provideAppServices } from "@/lib/services/app-services";
import type { OpenApiDocument } from "@/lib/schemas/openapi";
import type { serverReportSchema } from "@/lib/schemas/report";
import { ACCESS_CLASSES, ROUTES, UNDOCUMENTED_ROUTE_FILES, type RouteOperation } from "@/lib/schemas/route-table";
import * as openapiRoute from "@/app/api/v1/openapi.json/route";
import { startHttpFixture, type FixtureHandle } from "../../fixtures/harness/http-fixture";
import { buildScanOutcome } from "../../support/scan-outcome-builder";
import { seedSubregistry } from "../subregistry/seed-subregistry";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { callRoute } from "./call-route";
import { recordScanOutcome } from "@/lib/core/registry/record-scan";

/**
 * The route table (lib/schemas/route-table.ts) against the app: every route
 * file is in it, every documented method is answered by the real handler
 * (and every other one is 405), a bad X-API-Key is 401 exactly where the
 * document says so, counted routes carry RateLimit-*, and real replies of
 * every operation validate against the document's own JSON Schemas.
 */

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

type Handler = (request: Request) => Promise<Response>;
type Operation = {
  operationId: string;
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: { $ref?: string } }> }>;
};

const ROOT = process.cwd();
const BASE = "https://trust.example.org";
const KNOWN = "https://weather.acme.example/mcp";
const EMAIL = "publisher@acme.example";
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const HOUR = 3600_000;
const READ_LIMIT = 3;

// Keys match: the report schema names every field the report builder sends, no more, no fewer.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const reportKeysMatch: SameKeys<keyof ServerReport, keyof import("zod").output<typeof serverReportSchema>> = true;

/** Route files under app/ that serve /api, /.well-known and /v0.1, less the catch-alls that answer 404. */
function routeFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(path.join(ROOT, dir))) {
      const rel = `${dir}/${name}`;
      if (statSync(path.join(ROOT, rel)).isDirectory()) walk(rel);
      else if (name === "route.ts" && !rel.includes("[...rest]")) found.push(rel);
    }
  };
  for (const dir of ["app/api", "app/.well-known", "app/v0.1"]) {
    try {
      statSync(path.join(ROOT, dir));
    } catch {
      continue;
    }
    walk(dir);
  }
  return found.sort();
}

const modules = new Map<string, Record<string, Handler>>();
async function routeModule(source: string): Promise<Record<string, Handler>> {
  let mod = modules.get(source);
  if (!mod) {
    mod = (await import(/* @vite-ignore */ path.join(ROOT, source))) as Record<string, Handler>;
    modules.set(source, mod);
  }
  return mod;
}

let ipCounter = 0;
const freshIp = () => `198.51.100.${(++ipCounter % 250) + 1}`;

describe(`OpenAPI route table against the handlers, on ${databaseKind()}`, () => {
  let services: TestServices;
  let origin: FixtureHandle;
  let doc: OpenApiDocument;
  let adminKey: string;
  const published: string[] = [];
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  const validators = new Map<string, ValidateFunction>();
  /** operationId -> statuses seen from real handlers. */
  const seen = new Map<string, Set<string>>();

  const operationOf = (route: Pick<RouteOperation, "path" | "method">) => doc.paths[route.path][route.method] as Operation;
  const routeById = (operationId: string) => {
    const route = ROUTES.find((r) => r.operationId === operationId);
    if (!route) throw new Error(`no operation ${operationId}`);
    return route;
  };

  function validatorFor(ref: string): ValidateFunction {
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi.json${ref}` });
      validators.set(ref, validate);
    }
    return validate;
  }

  /** The reply is one the document lists for this operation, with its content type, headers and body schema. */
  async function expectDocumented(operationId: string, response: Response): Promise<unknown> {
    const route = routeById(operationId);
    const documented = operationOf(route).responses[String(response.status)];
    const where = `${operationId} answered ${response.status}`;
    expect(documented, `${where}, which the document does not list`).toBeDefined();
    if (!seen.has(operationId)) seen.set(operationId, new Set());
    seen.get(operationId)!.add(String(response.status));

    const counted = ACCESS_CLASSES[route.access].counted && route.access !== "mcp";
    if (counted && response.status !== 401) expect(response.headers.get("ratelimit-remaining"), `${where}: RateLimit-* on a counted route`).not.toBeNull();
    if (!counted && route.access !== "mcp") expect(response.headers.get("ratelimit-limit"), `${where}: an uncounted route`).toBeNull();
    for (const header of Object.keys(documented.headers ?? {})) {
      if (header === "Cache-Control" || header.startsWith("RateLimit")) continue;
      expect(response.headers.get(header), `${where}: header ${header}`).not.toBeNull();
    }

    const text = await response.text();
    if (!documented.content) {
      expect(text, `${where}: no body`).toBe("");
      return null;
    }
    const contentType = response.headers.get("content-type") ?? "";
    const type = Object.keys(documented.content).find((t) => contentType.startsWith(t));
    expect(type, `${where} with ${contentType}, not one of ${Object.keys(documented.content).join(", ")}`).toBeDefined();
    if (type !== "application/json") return text;
    const body = JSON.parse(text) as unknown;
    const validate = validatorFor(documented.content[type!].schema.$ref!);
    expect(validate(body) ? [] : validate.errors, `${where}: body against ${documented.content[type!].schema.$ref}`).toEqual([]);
    return body;
  }

  /** Calls the handler the table names for an operation, on a concrete path. */
  async function call(
    operationId: string,
    concretePath: string,
    init: RequestInit & { clientIp?: string; json?: unknown } = {},
  ): Promise<Response> {
    const route = routeById(operationId);
    const handler = (await routeModule(route.source))[route.method.toUpperCase()];
    const headers = new Headers(init.headers);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    return callRoute(handler as never, concretePath, { ...init, method: route.method.toUpperCase(), headers, body, clientIp: init.clientIp ?? freshIp() });
  }
  const check = async (operationId: string, concretePath: string, init?: Parameters<typeof call>[2]) =>
    expectDocumented(operationId, await call(operationId, concretePath, init));

  const admin = (extra: Record<string, string> = {}) => ({ "x-api-key": adminKey, ...extra });
  const mcpHeaders = { accept: "application/json, text/event-stream" };
  const examplePath = (template: string) =>
    template
      .replace("{url}", encodeURIComponent(KNOWN))
      .replace("{applicationId}", randomUUID())
      .replace("{id}", randomUUID())
      .replace("{serverName}", encodeURIComponent("io.github.alpha/weather"))
      .replace("{version}", "latest");

  beforeAll(async () => {
    origin = await startHttpFixture((req, res) => {
      if (req.url === "/.well-known/mcp-trust-verification" && published.length > 0) {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end(`${published.join("\n")}\n`);
        return;
      }
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    });
    services = await openTestServices(
      { BASE_URL: BASE },
      {
        scan: { allowPrivateTargets: false, allowedRanges: ["127.0.0.0/8"], deadlineMs: 5000 },
        rateLimiter: { policy: { read: { limit: READ_LIMIT, windowMs: HOUR } } },
      },
    );
    provideAppServices(services);
    services.certification.scanIfUnknown = async () => {};
    adminKey = (await createApiKey(services.apiKeys, { name: "operator", scope: "admin" })).key;

    const meta = { trigger: "api" as const, fallbackName: "fixture", fallbackPublisher: "acme" };
    const outcome = buildScanOutcome({
      url: KNOWN,
      score: 72,
      serverName: "Acme Weather",
      findings: [
        {
          id: "TM-HIDDEN-INSTRUCTIONS",
          factor: "threatMatch",
          severity: "medium",
          title: "Hidden instructions",
          detail: "d",
          location: "tools/get_weather/description",
          evidence: "<IMPORTANT>",
          remediation: "r",
        },
      ],
    });
    // A report with everything in it: TLS, HSTS, redirects, resources, templates, prompts and annotations.
    outcome.network = {
      scheme: "https",
      host: "weather.acme.example",
      resolvedAddresses: ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"],
      redirectChain: [{ url: "https://weather.acme.example/mcp/", status: 308, host: "weather.acme.example" }],
      tls: {
        protocol: "TLSv1.3",
        cipher: "TLS_AES_128_GCM_SHA256",
        issuer: "CN=Example CA",
        subject: "CN=weather.acme.example",
        validFrom: "Jan  1 00:00:00 2026 GMT",
        validTo: "Jan  1 00:00:00 2027 GMT",
        authorized: true,
        authorizationError: null,
        hostnameMatch: true,
        selfSigned: false,
        expired: false,
      },
      hsts: { maxAge: 31536000, includeSubDomains: true, preload: false },
    };
    outcome.discovery!.tools[0].annotations = { readOnlyHint: true };
    outcome.discovery!.resources = [{ uri: "weather://today", name: "today", mimeType: "application/json" }];
    outcome.discovery!.resourceTemplates = [{ uriTemplate: "weather://{city}", name: "city" }];
    outcome.discovery!.prompts = [{ name: "forecast", arguments: [{ name: "city", required: true }] }];
    outcome.discovery!.listingProblems = [{ listing: "prompts", problem: "cut at 100 items" }];
    outcome.changes = { added: ["get_weather"], removed: [], changed: [] };
    await recordScanOutcome(services.store, outcome, meta);
    await recordScanOutcome(services.store, buildScanOutcome({ url: origin.url, score: 85, serverName: "Origin" }), meta);

    const response = await callRoute(openapiRoute.GET, "/api/v1/openapi.json");
    expect(response.status).toBe(200);
    doc = (await response.json()) as OpenApiDocument;
    ajv.addSchema({ $id: "openapi.json", components: doc.components }, "openapi.json");
  });
  afterAll(async () => {
    await services?.close();
    await origin?.close();
  });

  it("has the report schema's keys in step with the report builder", () => {
    expect(reportKeysMatch).toBe(true);
  });

  it("lists every route file, and each file it names exists and exports the handler", async () => {
    const sources = new Set(ROUTES.map((r) => r.source));
    expect(routeFiles().filter((file) => !sources.has(file) && !(file in UNDOCUMENTED_ROUTE_FILES)), "route files missing from the table").toEqual([]);
    for (const file of Object.keys(UNDOCUMENTED_ROUTE_FILES)) expect(routeFiles(), file).toContain(file);
    for (const route of ROUTES) {
      const mod = await routeModule(route.source);
      expect(typeof mod[route.method.toUpperCase()], `${route.source} ${route.method}`).toBe("function");
    }
  });

  it("answers 405 to every method the table does not list for a route file", async () => {
    const bySource = new Map<string, Set<string>>();
    for (const route of ROUTES) bySource.set(route.source, (bySource.get(route.source) ?? new Set()).add(route.method.toUpperCase()));
    for (const [source, documented] of bySource) {
      const mod = await routeModule(source);
      const template = ROUTES.find((r) => r.source === source)!.path;
      for (const method of METHODS) {
        if (documented.has(method) || !mod[method]) continue;
        const response = await callRoute(mod[method] as never, examplePath(template), { method, clientIp: freshIp() });
        expect(response.status, `${method} ${source}`).toBe(405);
        expect(response.headers.get("allow"), `${method} ${source}`).toBe([...documented].join(", "));
      }
    }
  });

  it("answers 401 to an invalid X-API-Key exactly where the document lists 401", async () => {
    for (const route of ROUTES) {
      const documents401 = "401" in operationOf(route).responses;
      const body =
        route.path === "/api/v1/mcp"
          ? { jsonrpc: "2.0", id: 1, method: "ping" }
          : route.requestBody
            ? {}
            : undefined;
      const response = await call(route.operationId, examplePath(route.path), {
        headers: { "x-api-key": "mtr_not-a-key", ...(route.path === "/api/v1/mcp" ? mcpHeaders : {}) },
        json: body,
      });
      if (documents401) {
        expect(response.status, route.operationId).toBe(401);
        await expectDocumented(route.operationId, response);
      } else {
        expect(response.status, route.operationId).not.toBe(401);
      }
    }
  });

  it("registry, badges and rules: real replies match the document", async () => {
    await check("searchServers", "/api/v1/search?q=weather&limit=2&page=1&sort=score-high");
    await check("searchServers", "/api/v1/search?limit=abc");
    await check("getStats", "/api/v1/stats");
    const server = `/api/v1/server/${encodeURIComponent(KNOWN)}`;
    await check("getServer", server);
    await check("getServer", `/api/v1/server/${encodeURIComponent("https://nope.example/mcp")}`);
    const report = (await check("getServerReport", `${server}/report`)) as ServerReport;
    expect(report.network?.tls?.hsts?.maxAge).toBe(31536000);
    expect(report.discovery?.prompts).toHaveLength(1);
    await check("getServerReport", `/api/v1/server/${encodeURIComponent("https://nope.example/mcp")}/report`);
    await check("listRules", "/api/v1/rules");

    const badge = await call("getBadgeByQuery", `/api/v1/badge?url=${encodeURIComponent(KNOWN)}`);
    const etag = badge.headers.get("etag")!;
    await expectDocumented("getBadgeByQuery", badge);
    await check("getBadgeByQuery", `/api/v1/badge?url=${encodeURIComponent(KNOWN)}`, { headers: { "if-none-match": etag } });
    await check("getBadgeByQuery", "/api/v1/badge");
    const unknownBadge = `/api/v1/badge?url=${encodeURIComponent("https://nope.example/mcp")}`;
    expect(await check("getBadgeByQuery", unknownBadge)).toMatch(/^<svg/);
    expect(await check("getBadgeByQuery", unknownBadge, { headers: { accept: "application/json" } })).toMatchObject({ error: "not_found" });
    await check("getBadgeByQuery", `/api/v1/badge?url=${encodeURIComponent(KNOWN)}&style=plastic&label=trust&color=blue&logo=mcp&cacheSeconds=600`);
    await check("getServerBadge", `${server}/badge?style=flat`);
    await check("getServerBadge", `${server}/badge?logo=nope`);
    expect(await check("getServerBadgeEndpoint", `${server}/badge.json`)).toMatchObject({ schemaVersion: 1, message: "C 72" });
    await check("getServerBadgeEndpoint", `/api/v1/server/${encodeURIComponent("https://nope.example/mcp")}/badge.json`);
    await check("getServerBadgeEndpoint", `${server}/badge.json?color=nope`);
  });

  it("a spent read limit is 429 with Retry-After and RateLimit-*", async () => {
    const clientIp = freshIp();
    for (let i = 0; i < READ_LIMIT; i++) expect((await call("getStats", "/api/v1/stats", { clientIp })).status).toBe(200);
    const response = await call("getStats", "/api/v1/stats", { clientIp });
    expect(response.status).toBe(429);
    await expectDocumented("getStats", response);
  });

  it("scans: real replies match the document", async () => {
    await check("scanServer", "/api/v1/scan", { json: { server_url: `http://127.0.0.1:${origin.port}/not-mcp` } });
    await check("scanServer", "/api/v1/scan", { json: { server_url: "http://10.1.2.3/mcp" } });
    await check("scanServer", "/api/v1/scan", { json: { server_url: "x".repeat(20_000) } });
  });

  it("certification, public and operator: real replies match the document", async () => {
    const intake = (await check("requestCertification", "/api/v1/certify", {
      json: { server_url: origin.url, tier: "standard", contact_email: EMAIL },
    })) as { applicationId: string; verification: { token: string } };
    await check("requestCertification", "/api/v1/certify", { json: { server_url: origin.url, tier: "gold", contact_email: EMAIL } });
    published.push(intake.verification.token);
    const id = intake.applicationId;
    await check("getCertificationStatus", `/api/v1/certify/${id}`);
    await check("getCertificationStatus", `/api/v1/certify/${randomUUID()}`);
    const application = (await services.certification.store.getApplication(id))!;
    expect((await checkApplicationVerification(services.certification, application, { force: true })).verified).toBe(true);

    const adminPath = `/api/v1/admin/certifications/${id}`;
    await check("adminApproveCertification", `${adminPath}/approve`, { headers: admin() });
    await check("adminMarkCertificationPaid", `${adminPath}/mark-paid`, { headers: admin(), json: { paymentReference: "pi_123" } });
    await check("adminMarkCertificationPaid", `${adminPath}/mark-paid`, { headers: admin(), json: {} });
    await check("adminApproveCertification", `${adminPath}/approve`, { headers: admin() });
    await check("adminRevokeCertification", `${adminPath}/revoke`, { headers: admin(), json: { reason: "Found a leak." } });
    await check("adminGetCertification", adminPath, { headers: admin() });
    await check("adminGetCertification", `/api/v1/admin/certifications/${randomUUID()}`, { headers: admin() });
    await check("adminGetCertification", adminPath);

    const second = (await check("requestCertification", "/api/v1/certify", {
      json: { server_url: origin.url, tier: "premium", contact_email: EMAIL },
    })) as { applicationId: string };
    await check("adminRejectCertification", `/api/v1/admin/certifications/${second.applicationId}/reject`, { headers: admin(), json: { reason: "Not ours." } });
    await check("adminRejectCertification", `/api/v1/admin/certifications/${second.applicationId}/reject`, { headers: admin(), body: "{", json: undefined });
    await check("adminListCertifications", "/api/v1/admin/certifications?limit=10", { headers: admin() });
    await check("adminListCertifications", "/api/v1/admin/certifications?status=lost", { headers: admin() });
  });

  it("MCP endpoint: real replies match the document", async () => {
    const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "t", version: "1" } } };
    await check("callMcp", "/api/v1/mcp", { headers: mcpHeaders, json: initialize });
    const stats = await call("callMcp", "/api/v1/mcp", { headers: mcpHeaders, json: { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "get_stats", arguments: {} } } });
    expect(stats.headers.get("ratelimit-remaining")).not.toBeNull();
    await expectDocumented("callMcp", stats);
    await check("callMcp", "/api/v1/mcp", { headers: mcpHeaders, json: { jsonrpc: "2.0", method: "notifications/initialized" } });
    await check("callMcp", "/api/v1/mcp", { headers: { ...mcpHeaders, "content-type": "application/json" }, body: "{" });
    await check("callMcp", "/api/v1/mcp", { headers: { accept: "text/html" }, json: initialize });
    await check("callMcp", "/api/v1/mcp", { headers: { ...mcpHeaders, "content-type": "text/plain" }, body: JSON.stringify(initialize) });
    await check("callMcp", "/api/v1/mcp", { headers: { ...mcpHeaders, origin: "http://evil.example" }, json: initialize });
    await check("callMcp", "/api/v1/mcp", { headers: mcpHeaders, json: { ...initialize, padding: "x".repeat(20_000) } });
  });

  it("subregistry (/v0.1): real replies match the document", async () => {
    await seedSubregistry(services);
    const name = encodeURIComponent("io.github.alpha/weather");
    const list = (await check("listRegistryServers", "/v0.1/servers?limit=2")) as { servers: unknown[]; metadata: { nextCursor?: string } };
    expect(list.servers).toHaveLength(2);
    await check("listRegistryServers", `/v0.1/servers?limit=50&include_deleted=true&cursor=${list.metadata.nextCursor}`);
    await check("listRegistryServers", "/v0.1/servers?limit=0");
    await check("listRegistryServerVersions", `/v0.1/servers/${name}/versions`);
    await check("listRegistryServerVersions", `/v0.1/servers/${encodeURIComponent("io.github.nobody/none")}/versions`);
    await check("listRegistryServerVersions", `/v0.1/servers/${name}/versions?min_grade=Q`);
    await check("getRegistryServerVersion", `/v0.1/servers/${name}/versions/latest`);
    await check("getRegistryServerVersion", `/v0.1/servers/${name}/versions/9.9.9`);
    await check("getRegistryServerVersion", `/v0.1/servers/${encodeURIComponent("io.github.epsilon/files")}/versions/0.4.0?min_grade=b`);
  });

  it("discovery documents and probes: real replies match the document", async () => {
    await check("getDiscoveryDocument", "/.well-known/agent.json");
    await check("getMcpServerCard", "/.well-known/mcp/server-card.json");
    await check("getOpenApiDocument", "/api/v1/openapi.json");
    await check("getHealth", "/api/health");
    await check("getReadiness", "/api/ready");
  });

  it("exercised every operation's success reply", () => {
    const missing = ROUTES.filter((r) => !seen.get(r.operationId)?.has("200")).map((r) => r.operationId);
    expect(missing).toEqual([]);
    const statuses = new Set([...seen.values()].flatMap((s) => [...s]));
    for (const status of ["200", "202", "304", "400", "401", "403", "404", "406", "409", "413", "415", "429"]) expect(statuses, status).toContain(status);
  });
});
