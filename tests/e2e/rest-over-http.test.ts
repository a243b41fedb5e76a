import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppProcess, type AppProcess } from "../../scripts/lib/app-process";
import { startStreamableHttpFixture } from "../fixtures/harness/mcp-fixture";
import type { FixtureHandle } from "../fixtures/harness/http-fixture";
import { BENIGN_DEVELOPMENT_SERVERS } from "../fixtures/servers/benign/benign-servers";
import { RULE_CATALOGUE } from "@/lib/core/scanning/rules/rule-catalogue";
import { SCORING_VERSION } from "@/lib/core/scoring/scoring-version";
import { discoveryDocumentSchema } from "@/lib/schemas/discovery";
import { serverDetailSchema } from "@/lib/schemas/server";
import { SERVICE_VERSION } from "@/lib/version";

/**
 * The REST interface through the real server (`npm start`): what in-process
 * handler tests cannot show — Next's routing of encoded and decoded {url}
 * segments, the JSON 404/405 fallbacks, headers on the wire.
 */
describe("REST over HTTP against npm start", () => {
  let app: AppProcess;
  let fixture: FixtureHandle;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "registry-rest-e2e-"));
    fixture = await startStreamableHttpFixture(() => BENIGN_DEVELOPMENT_SERVERS[1].createServer());
    // Private targets are allowed in this instance only because its one scan target is on loopback.
    app = await startAppProcess({ PGLITE_DIR: dataDir, SCAN_ALLOW_PRIVATE_TARGETS: "true", REDIS_URL: "" });
    const scan = await fetch(`${app.url}/api/v1/scan`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ server_url: fixture.url }),
    });
    expect(scan.status, await scan.clone().text()).toBe(200);
  });
  afterAll(async () => {
    await app?.stop();
    await fixture?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("resolves the {url} segment percent-encoded, raw and with a collapsed double slash", async () => {
    const profiles: unknown[] = [];
    for (const form of [encodeURIComponent(fixture.url), fixture.url, fixture.url.replace("://", ":/")]) {
      const response = await fetch(`${app.url}/api/v1/server/${form}`);
      expect(response.status, form).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const profile = serverDetailSchema.parse(await response.json());
      // The profile of the one scan made in beforeAll: an honest server on loopback, with no repository, is B (docs/scoring.md#caps).
      expect(profile, form).toMatchObject({ url: fixture.url, scanCount: 1, grade: "B", lastScanHistory: [{ status: "completed" }] });
      profiles.push(profile);
    }
    expect(profiles[1]).toEqual(profiles[0]);
    expect(profiles[2]).toEqual(profiles[0]);
    const report = await fetch(`${app.url}/api/v1/server/${encodeURIComponent(fixture.url)}/report`);
    expect(report.status).toBe(200);
    expect(report.headers.get("content-disposition")).toMatch(/attachment; filename=".+\.json"/);
    expect(await report.json()).toMatchObject({ server: { url: fixture.url }, scan: { status: "completed" }, grade: "B" });
  });

  it("serves badges with ETag and 304", async () => {
    const { grade, trustScore } = (await (await fetch(`${app.url}/api/v1/server/${encodeURIComponent(fixture.url)}`)).json()) as { grade: string; trustScore: number };
    const badge = await fetch(`${app.url}/api/v1/server/${encodeURIComponent(fixture.url)}/badge`);
    expect(badge.status).toBe(200);
    expect(badge.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    // The server's own verdict, drawn in the compact style this route defaults to.
    expect(await badge.text()).toContain(`aria-label="MCP trust: ${grade} ${trustScore}"`);
    const etag = badge.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${app.url}/api/v1/badge?url=${encodeURIComponent(fixture.url)}&style=compact`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("answers unknown paths with JSON 404 and wrong methods with JSON 405", async () => {
    const unknown = await fetch(`${app.url}/api/v1/does-not-exist`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: "not_found" });
    const deep = await fetch(`${app.url}/api/v1/does/not/exist`, { method: "POST" });
    expect(deep.status).toBe(404);
    expect(await deep.json()).toMatchObject({ error: "not_found" });
    const wrong = await fetch(`${app.url}/api/v1/search`, { method: "DELETE" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET");
    expect(await wrong.json()).toMatchObject({ error: "method_not_allowed" });
    const unknownServer = await fetch(`${app.url}/api/v1/server/${encodeURIComponent("https://nope.example/mcp")}`);
    expect(unknownServer.status).toBe(404);
    expect(await unknownServer.json()).toMatchObject({ error: "not_found" });
  });

  it("serves the discovery documents and the OpenAPI document", async () => {
    const get = async (p: string) => {
      const response = await fetch(`${app.url}${p}`);
      expect(response.status, p).toBe(200);
      expect(response.headers.get("content-type"), p).toMatch(/^application\/json/);
      return response.json();
    };
    // Every URL is absolute, from BASE_URL (the app's own address here).
    expect(discoveryDocumentSchema.parse(await get("/.well-known/agent.json"))).toEqual({
      name: "MCP Trust Registry",
      description: expect.stringMatching(/\S/),
      url: app.url,
      openapi: `${app.url}/api/v1/openapi.json`,
      capabilities: ["search", "stats", "profiles", "reports", "badges", "scan", "certify", "mcp"],
      endpoints: { mcp: `${app.url}/api/v1/mcp`, rest: `${app.url}/api/v1` },
    });
    expect(await get("/.well-known/mcp/server-card.json")).toMatchObject({
      version: SERVICE_VERSION,
      remotes: [{ type: "streamable-http", url: `${app.url}/api/v1/mcp` }],
      capabilities: { tools: { listChanged: false } },
      documentation: { openapi: `${app.url}/api/v1/openapi.json`, rest: `${app.url}/api/v1` },
    });
    const openapi = await get("/api/v1/openapi.json");
    expect(openapi).toMatchObject({ openapi: "3.1.0", info: { version: SERVICE_VERSION } });
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(["/api/v1/search", "/api/v1/server/{url}", "/api/v1/scan", "/api/v1/rules", "/api/v1/mcp"]));
    const rules = (await get("/api/v1/rules")) as { scoringVersion: string; rules: { id: string }[] };
    expect(rules.scoringVersion).toBe(SCORING_VERSION);
    expect(rules.rules.map((r) => r.id)).toEqual(RULE_CATALOGUE.map((r) => r.id));
    // No A2A agent card: the service does not speak A2A.
    const agentCard = await fetch(`${app.url}/.well-known/agent-card.json`);
    expect(agentCard.status).toBe(404);
    expect(await agentCard.json()).toMatchObject({ error: "not_found" });
    const health = await fetch(`${app.url}/api/health`);
    expect(await health.json()).toEqual({ status: "ok", database: "ok", redis: "not_configured" });
    const ready = await fetch(`${app.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: "ok" });
  });
});
