import { describe, expect, it, vi } from "vitest";
import { API_LICENSE, buildOpenApiDocument } from "@/lib/schemas/openapi";
import { ACCESS_CLASSES, ROUTES, TAGS } from "@/lib/schemas/route-table";
import { SERVICE_VERSION } from "@/lib/version";

/**
 * The OpenAPI document as the route table makes it: its shape and the rules
 * every operation follows by its access class. What the handlers really
 * answer is tests/integration/api/openapi-routes.test.ts; the lint and the
 * generated client are openapi-lint and openapi-client beside it.
 */

const BASE = "https://trust.example.org";
const doc = buildOpenApiDocument(BASE);

type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: { $ref?: string } }> }>;
  security?: unknown[];
  "x-access-class": string;
};
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method, op: op as Operation })),
);
const op = (path: string, method = "get") => doc.paths[path][method] as Operation;

describe("OpenAPI document from the route table", () => {
  it("is OpenAPI 3.1 with the service's version, a licence, tags and the configured server", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe(SERVICE_VERSION);
    expect(doc.info.license).toEqual(API_LICENSE);
    expect(doc.servers).toEqual([{ url: BASE, description: expect.any(String) }]);
    expect(doc.tags.map((t) => t.name)).toEqual(TAGS.map((t) => t.name));
    for (const tag of doc.tags) expect(tag.description.length, tag.name).toBeGreaterThan(10);
  });

  it("has one operation per table entry, with a unique operationId, a summary and one declared tag", () => {
    expect(operations).toHaveLength(ROUTES.length);
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tagNames = new Set(doc.tags.map((t) => t.name));
    for (const { path, op } of operations) {
      expect(op.summary, path).toBeTruthy();
      expect(op.tags, path).toHaveLength(1);
      expect(tagNames.has(op.tags[0]), path).toBe(true);
    }
  });

  it("lists every route of the issue: MCP, rules, probes, admin, both discovery documents", () => {
    for (const [path, method] of [
      ["/api/v1/mcp", "post"],
      ["/api/v1/rules", "get"],
      ["/api/health", "get"],
      ["/api/ready", "get"],
      ["/api/v1/admin/certifications", "get"],
      ["/api/v1/admin/certifications/{id}", "get"],
      ["/api/v1/admin/certifications/{id}/approve", "post"],
      ["/api/v1/admin/certifications/{id}/reject", "post"],
      ["/api/v1/admin/certifications/{id}/revoke", "post"],
      ["/api/v1/admin/certifications/{id}/mark-paid", "post"],
      ["/.well-known/agent.json", "get"],
      ["/.well-known/mcp/server-card.json", "get"],
      ["/api/v1/openapi.json", "get"],
      ["/api/v1/server/{url}/badge.json", "get"],
      ["/v0.1/servers", "get"],
      ["/v0.1/servers/{serverName}/versions", "get"],
      ["/v0.1/servers/{serverName}/versions/{version}", "get"],
    ]) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(doc.paths).not.toHaveProperty(["/.well-known/agent-card.json"]);
  });

  // docs/search-and-stats.md#parameters
  it("types page and limit as integers with their bounds and defaults", () => {
    const params = Object.fromEntries((op("/api/v1/search").parameters ?? []).map((p) => [p.name, p]));
    expect(params.page.schema).toEqual({ type: "integer", minimum: 1, maximum: 999_999_999, default: 1 });
    expect(params.limit.schema).toEqual({ type: "integer", minimum: 1, maximum: 50, default: 20 });
    expect(params.sort.schema).toMatchObject({ type: "string", default: "relevance" });
    for (const p of Object.values(params)) expect(p.required).toBe(false);
    const admin = Object.fromEntries((op("/api/v1/admin/certifications").parameters ?? []).map((p) => [p.name, p]));
    expect(admin.limit.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 500, default: 100 });
  });

  it("gives every operation the statuses of its access class", () => {
    for (const { path, method, op } of operations) {
      const where = `${method} ${path}`;
      const access = ACCESS_CLASSES[op["x-access-class"] as keyof typeof ACCESS_CLASSES];
      expect(access, where).toBeDefined();
      const statuses = Object.keys(op.responses);
      expect(statuses.some((s) => s.startsWith("2")), where).toBe(true);
      expect(statuses, where).toContain("503");
      if (access.gated) expect(statuses, where).toEqual(expect.arrayContaining(["401", "500"]));
      else expect(statuses, where).not.toContain("401");
      if (access.counted) {
        expect(statuses, where).toContain("429");
        expect(Object.keys(op.responses["429"].headers ?? {}), where).toEqual(
          expect.arrayContaining(["Retry-After", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]),
        );
        const ok = statuses.find((s) => s.startsWith("2"))!;
        expect(Object.keys(op.responses[ok].headers ?? {}), where).toContain("RateLimit-Remaining");
      } else {
        expect(statuses, where).not.toContain("429");
      }
      expect(Object.keys(op.responses["503"].headers ?? {}), where).toContain("Retry-After");
    }
  });

  it("says who may call: optional key by default, admin key for operators, none for probes", () => {
    expect(doc.security).toEqual([{}, { apiKey: [] }]);
    expect(op("/api/v1/admin/certifications").security).toEqual([{ apiKey: [] }]);
    expect(op("/api/health").security).toEqual([]);
    expect(op("/api/v1/search").security).toBeUndefined();
  });

  it("documents 304 with ETag for badges and the report as an attachment", () => {
    for (const path of ["/api/v1/badge", "/api/v1/server/{url}/badge"]) {
      const responses = op(path).responses;
      expect(Object.keys(responses["200"].content ?? {})).toEqual(["image/svg+xml"]);
      expect(responses["304"].headers).toHaveProperty("ETag");
      expect(responses["304"].content).toBeUndefined();
    }
    expect(op("/api/v1/server/{url}/report").responses["200"]).toMatchObject({
      headers: { "Content-Disposition": expect.anything() },
      content: { "application/json": { schema: { $ref: "#/components/schemas/ServerReport" } } },
    });
    expect(op("/api/v1/rules").responses["200"].content?.["application/json"].schema.$ref).toBe("#/components/schemas/RuleCatalogue");
  });

  it("references only components that exist, and every component is referenced", () => {
    const text = JSON.stringify(doc);
    const referenced = new Set([...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
    const defined = Object.keys(doc.components.schemas);
    expect([...referenced].filter((id) => !defined.includes(id))).toEqual([]);
    expect(defined.filter((id) => !referenced.has(id))).toEqual([]);
    expect(text).not.toMatch(/__shared/);
    for (const [id, schema] of Object.entries(doc.components.schemas)) {
      expect(schema, id).not.toHaveProperty("$schema");
      expect(schema, id).not.toHaveProperty("$id");
    }
    expect(defined).toEqual(expect.arrayContaining(["ServerReport", "RuleCatalogue", "Rule", "McpServerCard", "HealthResponse", "AdminCertificationApplication", "ErrorResponse"]));
  });

  it("builds the same document after another copy of the schema modules has loaded (the production bundle evaluates them once per route)", async () => {
    const before = JSON.stringify(buildOpenApiDocument("https://x.example"));
    vi.resetModules();
    // A second copy registers schemas with the same ids in zod's global registry, as another route's chunk does.
    await import("@/lib/schemas/server");
    await import("@/lib/schemas/search");
    await import("@/lib/schemas/stats");
    expect(JSON.stringify(buildOpenApiDocument("https://x.example"))).toBe(before);
  });
});
