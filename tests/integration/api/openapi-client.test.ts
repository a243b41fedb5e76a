import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provideAppServices } from "@/lib/services/app-services";
import * as openapiRoute from "@/app/api/v1/openapi.json/route";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { callRoute } from "./call-route";

/**
 * A client generated from the OpenAPI document the route serves
 * (openapi-typescript for the types, openapi-fetch for the calls) with one
 * call per operation, type-checked by the repository's TypeScript: what a
 * client author gets from the document must compile, with `limit: 2` a
 * number and `limit: "2"` refused.
 */

const run = promisify(execFile);
const ROOT = process.cwd();
const TSC = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");

/** One call per operationId, each using what the reply's type promises. */
const CALLS: Record<string, string> = {
  searchServers: `
    const { data, error } = await api.GET("/api/v1/search", { params: { query: { q: "weather", sort: "score-high", page: 1, limit: 2, grade: "A", certified: "true" } } });
    if (data) use<number>(data.total), use<Summary | undefined>(data.results[0]), use<number>(data.limit);
    if (error) use<string>(error.message);`,
  getStats: `
    const { data } = await api.GET("/api/v1/stats");
    if (data) use<number>(data.stats.totalServers), use<number>(data.stats.gradeDistribution.A), use<Summary[]>(data.highestRated);`,
  getServer: `
    const { data } = await api.GET("/api/v1/server/{url}", { params: { path: { url: SERVER } } });
    if (data) use<"A" | "B" | "C" | "D" | "F">(data.grade), use<number>(data.lastScanHistory.length), use<string | undefined>(data.packageName);`,
  getServerReport: `
    const { data } = await api.GET("/api/v1/server/{url}/report", { params: { path: { url: SERVER } } });
    if (data) use<number>(data.trustScore), use<number | undefined>(data.factors?.threatMatch.points), use<string | undefined>(data.network?.tls?.protocol ?? undefined), use<string>(data.findings[0]?.id ?? "");`,
  listRules: `
    const { data } = await api.GET("/api/v1/rules");
    if (data) use<string>(data.scoringVersion), use<string | undefined>(data.rules[0]?.remediation);`,
  getBadgeByQuery: `
    const { data, response } = await api.GET("/api/v1/badge", { params: { query: { url: SERVER, style: "for-the-badge", label: "trust", logo: "mcp", cacheSeconds: 600 }, header: { "If-None-Match": '"etag"' } }, parseAs: "text" });
    use<string | undefined>(data), use<number>(response.status);`,
  getServerBadge: `
    const { data } = await api.GET("/api/v1/server/{url}/badge", { params: { path: { url: SERVER }, query: { style: "compact" } }, parseAs: "text" });
    use<string | undefined>(data);`,
  getServerBadgeEndpoint: `
    const { data } = await api.GET("/api/v1/server/{url}/badge.json", { params: { path: { url: SERVER }, query: { color: "blue" } } });
    if (data) use<1>(data.schemaVersion), use<string>(data.message);`,
  scanServer: `
    const { data, error } = await api.POST("/api/v1/scan", { body: { server_url: SERVER } });
    if (data) use<"completed" | "partial" | "unreachable">(data.status), use<number | undefined>(data.trustScore);
    if (error) use<string>(error.error);`,
  requestCertification: `
    const { data } = await api.POST("/api/v1/certify", { body: { server_url: SERVER, tier: "standard", contact_email: "a@b.example" } });
    if (data) use<string>(data.verification.token), use<string>(data.next.statusUrl);`,
  getCertificationStatus: `
    const { data } = await api.GET("/api/v1/certify/{applicationId}", { params: { path: { applicationId: ID } } });
    if (data) use<boolean>(data.payment.paid), use<string | null>(data.expiresAt);`,
  callMcp: `
    const { data, response } = await api.POST("/api/v1/mcp", {
      body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "check_trust", arguments: { server_url: SERVER } } },
      params: { header: { "MCP-Protocol-Version": "2025-06-18" } },
      headers: { accept: "application/json, text/event-stream" },
    });
    use<unknown>(data), use<number>(response.status);`,
  getDiscoveryDocument: `
    const { data } = await api.GET("/.well-known/agent.json");
    if (data) use<string>(data.endpoints.mcp), use<string[]>(data.capabilities);`,
  getMcpServerCard: `
    const { data } = await api.GET("/.well-known/mcp/server-card.json");
    if (data) use<string | undefined>(data.remotes[0]?.url);`,
  getOpenApiDocument: `
    const { data } = await api.GET("/api/v1/openapi.json");
    if (data) use<"3.1.0">(data.openapi);`,
  getHealth: `
    const { data, error } = await api.GET("/api/health");
    if (data) use<"ok" | "degraded">(data.status);
    if (error) use<"down">(error.database);`,
  getReadiness: `
    const { data } = await api.GET("/api/ready");
    if (data) use<"ready">(data.status);`,
  adminListCertifications: `
    const { data } = await api.GET("/api/v1/admin/certifications", { params: { query: { status: "verified", limit: 50 } }, headers: ADMIN });
    if (data) use<string | undefined>(data.applications[0]?.contactEmail);`,
  adminGetCertification: `
    const { data } = await api.GET("/api/v1/admin/certifications/{id}", { params: { path: { id: ID } }, headers: ADMIN });
    if (data) use<number | undefined>(data.audit?.length);`,
  adminApproveCertification: `
    const { data } = await api.POST("/api/v1/admin/certifications/{id}/approve", { params: { path: { id: ID } }, headers: ADMIN });
    if (data) use<string>(data.status);`,
  adminRejectCertification: `
    const { data } = await api.POST("/api/v1/admin/certifications/{id}/reject", { params: { path: { id: ID } }, body: { reason: "Not ours." }, headers: ADMIN });
    if (data) use<string | null>(data.decisionReason);`,
  adminRevokeCertification: `
    const { data } = await api.POST("/api/v1/admin/certifications/{id}/revoke", { params: { path: { id: ID } }, body: { reason: "Leak." }, headers: ADMIN });
    if (data) use<string | null>(data.expiresAt);`,
  adminMarkCertificationPaid: `
    const { data } = await api.POST("/api/v1/admin/certifications/{id}/mark-paid", { params: { path: { id: ID } }, body: { paymentReference: "pi_1" }, headers: ADMIN });
    if (data) use<boolean>(data.paid);`,
  listRegistryServers: `
    const { data, error } = await api.GET("/v0.1/servers", { params: { query: { limit: 2, search: "weather", min_grade: "B" } } });
    if (data) use<string | undefined>(data.metadata.nextCursor), use<string | undefined>(data.servers[0]?.server.name);
    if (error) use<string>(error.error);`,
  listRegistryServerVersions: `
    const { data } = await api.GET("/v0.1/servers/{serverName}/versions", { params: { path: { serverName: "io.github.acme/weather" } } });
    if (data) use<number>(data.metadata.count);`,
  getRegistryServerVersion: `
    const { data } = await api.GET("/v0.1/servers/{serverName}/versions/{version}", { params: { path: { serverName: "io.github.acme/weather", version: "latest" } } });
    if (data) use<"assessed" | "unassessed">(data._meta["dev.mcp-trust-registry/verdict"].status);`,
};

function clientSource(): string {
  const calls = Object.entries(CALLS)
    .map(([operationId, body]) => `  async ${operationId}() {${body}\n  },`)
    .join("\n");
  return `import createClient from "openapi-fetch";
import type { components, paths } from "./schema";

type Summary = components["schemas"]["ServerSummary"];
const use = <T>(value: T): T => value;
const SERVER = "https://weather.acme.example/mcp";
const ID = "00000000-0000-4000-8000-000000000000";
const ADMIN = { "X-API-Key": "mtr_admin" };
const api = createClient<paths>({ baseUrl: "https://trust.example.org" });

export const calls = {
${calls}
};

export async function wrongTypes() {
  // @ts-expect-error limit is an integer, not text
  await api.GET("/api/v1/search", { params: { query: { limit: "2" } } });
  // @ts-expect-error page is an integer, not text
  await api.GET("/api/v1/search", { params: { query: { page: "1" } } });
  // @ts-expect-error grade is one of A to F
  await api.GET("/api/v1/search", { params: { query: { grade: "E" } } });
  // @ts-expect-error tier is standard or premium
  await api.POST("/api/v1/certify", { body: { server_url: SERVER, tier: "gold", contact_email: "a@b.example" } });
  // @ts-expect-error there is no agent card
  await api.GET("/.well-known/agent-card.json");
}
`;
}

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    lib: ["ES2023", "DOM", "DOM.Iterable"],
    module: "ESNext",
    moduleResolution: "Bundler",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  files: ["client.ts"],
};

describe(`client generated from the OpenAPI document (openapi-typescript, openapi-fetch) on ${databaseKind()}`, () => {
  let services: TestServices;
  let dir: string;
  let doc: { paths: Record<string, Record<string, { operationId: string }>> };

  beforeAll(async () => {
    services = await openTestServices({ BASE_URL: "https://trust.example.org" });
    provideAppServices(services);
    const response = await callRoute(openapiRoute.GET, "/api/v1/openapi.json");
    expect(response.status).toBe(200);
    doc = await response.json();
    // Inside the repository, so that openapi-fetch and its types resolve from node_modules; .cache/ is ignored by git and by the project's tsc.
    mkdirSync(path.join(ROOT, ".cache"), { recursive: true });
    dir = mkdtempSync(path.join(ROOT, ".cache", "openapi-client-"));
  });
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await services?.close();
  });

  it("has one call per operation of the document", () => {
    const operationIds = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(Object.keys(CALLS).sort()).toEqual(operationIds.sort());
  });

  it("type-checks with the generated types", async () => {
    const types = astToString(await openapiTS(doc as never, { silent: true }));
    writeFileSync(path.join(dir, "schema.ts"), types);
    writeFileSync(path.join(dir, "client.ts"), clientSource());
    writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2));
    // The generated types say what the document says: integers are numbers.
    expect(types).toMatch(/limit\?: number;/);
    const result = await run(process.execPath, [TSC, "-p", path.join(dir, "tsconfig.json"), "--pretty", "false"], { cwd: dir, timeout: 60_000 }).then(
      () => ({ code: 0, output: "" }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, output: `${error.stdout ?? ""}${error.stderr ?? ""}` }),
    );
    expect(result.output).toBe("");
    expect(result.code).toBe(0);
  });
});
