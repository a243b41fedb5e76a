import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "@/app/v0.1/servers/route";
import * as serverRoute from "@/app/v0.1/servers/[...path]/route";
import * as publishRoute from "@/app/v0.1/publish/route";
import * as unknownRoute from "@/app/v0.1/[...rest]/route";
import { VERDICT_META_KEY } from "@/lib/core/registry/subregistry/subregistry-api";
import { provideAppServices } from "@/lib/services/app-services";
import { routeForLog } from "@/lib/server/request-log";
import { ErrorBody, expectShape, ServerList, ServerResponse } from "../../support/official-registry-schema";
import { callRoute } from "../api/call-route";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { BASE, seedSubregistry, serverJson } from "./seed-subregistry";

let ipCounter = 0;
/** A fresh client address per call, so the read limit never gets in the way of what a test is about. */
function get(path: string, handler: (r: Request) => Promise<Response>, clientIp = `198.51.100.${(ipCounter++ % 250) + 1}`) {
  return callRoute(handler as never, path, { clientIp });
}
const list = (query = "") => get(`/v0.1/servers${query}`, listRoute.GET);
const detail = (path: string) => get(`/v0.1/servers/${path}`, serverRoute.GET);

async function listBody(query = "") {
  const response = await list(query);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return expectShape(ServerList, await response.json());
}

describe(`subregistry v0.1 on ${databaseKind()}`, () => {
  let services: TestServices;
  beforeAll(async () => {
    services = await openTestServices({ BASE_URL: BASE });
    provideAppServices(services);
    await seedSubregistry(services);
  });
  afterAll(async () => services?.close());

  it("lists imported servers in the official ServerList shape, with our verdict beside the official _meta", async () => {
    const body = await listBody();
    expect(body.servers.map((s) => s.server.name)).toEqual([
      "com.gamma/tasks",
      "io.github.alpha/weather",
      "io.github.beta/notes",
      "io.github.delta/shell",
      "io.github.epsilon/files",
    ]);
    expect(body.metadata).toEqual({ count: 5 });
    const weather = body.servers[1];
    // The publisher's server.json as it was published, remotes and their headers included.
    expect(weather.server).toEqual(serverJson("io.github.alpha/weather", "https://weather.alpha.example/mcp"));
    expect(weather._meta?.["io.modelcontextprotocol.registry/official"]).toEqual({
      status: "active",
      publishedAt: "2026-01-02T03:04:05.000Z",
      updatedAt: expect.any(String),
      isLatest: true,
    });
    expect(weather._meta?.[VERDICT_META_KEY]).toEqual({
      status: "assessed",
      grade: "A",
      score: 95,
      label: "trusted",
      trustSummary: expect.any(String),
      findingsSummary: expect.any(String),
      scannedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      certificationStatus: "none",
      url: "https://weather.alpha.example/mcp",
      reportUrl: `${BASE}/api/v1/server/${encodeURIComponent("https://weather.alpha.example/mcp")}/report`,
      registry: BASE,
    });
    expect(body.servers[4]._meta?.[VERDICT_META_KEY]).toEqual({ status: "unassessed", registry: BASE });
  });

  it("filters by minimum grade: only assessed servers at that grade or better", async () => {
    const b = await listBody("?min_grade=B");
    expect(b.servers.map((s) => s.server.name)).toEqual(["io.github.alpha/weather", "io.github.beta/notes"]);
    const c = await listBody("?min_grade=c");
    expect(c.servers.map((s) => (s._meta?.[VERDICT_META_KEY] as { grade: string }).grade)).toEqual(["C", "A", "B"]);
    const f = await listBody("?min_grade=F");
    expect(f.servers).toHaveLength(4); // every assessed one; the unassessed package is not
  });

  it("pages with an opaque cursor until nextCursor is absent", async () => {
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const body = await listBody(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      names.push(...body.servers.map((s) => s.server.name));
      expect(body.metadata?.count).toBe(body.servers.length);
      cursor = body.metadata?.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(names).toHaveLength(5);
    expect(new Set(names).size).toBe(5);
  });

  it("searches names by substring, case-insensitively, and filters by version", async () => {
    expect((await listBody("?search=ALPHA")).servers.map((s) => s.server.name)).toEqual(["io.github.alpha/weather"]);
    expect((await listBody("?search=100%25")).servers).toEqual([]);
    expect((await listBody("?version=latest")).servers).toHaveLength(5);
    expect((await listBody("?version=0.4.0")).servers.map((s) => s.server.name)).toEqual(["io.github.epsilon/files"]);
  });

  it("updated_since returns what changed since, deleted entries included for a sync", async () => {
    const future = await listBody(`?updated_since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    expect(future.servers).toEqual([]);
    const past = await listBody("?updated_since=2020-01-01T00:00:00Z");
    const gone = past.servers.find((s) => s.server.name === "io.github.zeta/gone");
    expect(gone?._meta?.["io.modelcontextprotocol.registry/official"]?.status).toBe("deleted");
    expect((await listBody("?include_deleted=true")).servers).toHaveLength(6);
  });

  it("a sync under a grade policy sees servers below it as deleted, so mirrors drop them", async () => {
    const body = await listBody("?updated_since=2020-01-01T00:00:00Z&min_grade=B");
    const status = Object.fromEntries(body.servers.map((s) => [s.server.name, s._meta?.["io.modelcontextprotocol.registry/official"]]));
    expect(status["io.github.alpha/weather"]?.status).toBe("active");
    expect(status["io.github.delta/shell"]).toMatchObject({ status: "deleted", statusMessage: "Below this registry's minimum grade B." });
  });

  it("serves one server's versions and a version, with the name percent-encoded or its slash decoded by a proxy", async () => {
    const encoded = encodeURIComponent("io.github.alpha/weather");
    const versions = expectShape(ServerList, await (await detail(`${encoded}/versions`)).json());
    expect(versions.servers.map((s) => s.server.version)).toEqual(["1.2.3"]);
    for (const path of [`${encoded}/versions/1.2.3`, `${encoded}/versions/latest`, "io.github.alpha/weather/versions/latest"]) {
      const response = await detail(path);
      expect(response.status, path).toBe(200);
      const body = expectShape(ServerResponse, await response.json());
      expect(body.server.name).toBe("io.github.alpha/weather");
      expect(body._meta?.[VERDICT_META_KEY]).toMatchObject({ grade: "A" });
    }
  });

  it("answers 404 in the official error shape for an unknown server or version, or one below the policy", async () => {
    const cases: [string, string][] = [
      [`${encodeURIComponent("io.github.nobody/nothing")}/versions`, "Server not found"],
      [`${encodeURIComponent("io.github.alpha/weather")}/versions/9.9.9`, "Server version not found"],
      [`${encodeURIComponent("io.github.delta/shell")}/versions/latest?min_grade=C`, "Server not found"],
      [`${encodeURIComponent("io.github.zeta/gone")}/versions/latest`, "Server not found"],
    ];
    for (const [path, message] of cases) {
      const response = await detail(path);
      expect(response.status, path).toBe(404);
      expect(expectShape(ErrorBody, await response.json())).toEqual({ error: message });
    }
    const deleted = await detail(`${encodeURIComponent("io.github.zeta/gone")}/versions/latest?include_deleted=true`);
    expect(deleted.status).toBe(200);
    const other = await get("/v0.1/nothing", unknownRoute.GET);
    expect(other.status).toBe(404);
    expectShape(ErrorBody, await other.json());
  });

  it("refuses bad parameters with 400 naming the parameter, in the official error shape", async () => {
    for (const [query, parameter] of [
      ["?limit=0", "limit"],
      ["?limit=101", "limit"],
      ["?limit=ten", "limit"],
      ["?updated_since=yesterday", "updated_since"],
      ["?min_grade=E", "min_grade"],
      ["?cursor=not-ours", "cursor"],
      ["?include_deleted=yes", "include_deleted"],
    ]) {
      const response = await list(query);
      expect(response.status, query).toBe(400);
      const body = expectShape(ErrorBody, await response.json());
      expect(Object.keys(body)).toEqual(["error"]);
      expect(body.error, query).toMatch(new RegExp(`^${parameter}: `));
    }
  });

  it("answers the optional write endpoints with 405 and Allow: this registry is read-only", async () => {
    const publish = await callRoute(publishRoute.POST as never, "/v0.1/publish", { method: "POST" });
    expect(publish.status).toBe(405);
    expect(publish.headers.get("allow")).toBe("");
    expect(await publish.json()).toEqual({ error: "Publishing is not supported: this registry is a read-only subregistry." });
    const remove = await callRoute(serverRoute.DELETE as never, "/v0.1/servers/a%2Fb/versions/1.0.0", { method: "DELETE" });
    expect(remove.status).toBe(405);
    expect(remove.headers.get("allow")).toBe("GET");
  });

  it("counts as a public read: RateLimit headers, and 429 with Retry-After in the official shape past the limit", async () => {
    const first = await get("/v0.1/servers", listRoute.GET, "192.0.2.77");
    const remaining = Number(first.headers.get("ratelimit-remaining"));
    expect(first.headers.get("ratelimit-limit")).toBeTruthy();
    const second = await get("/v0.1/servers", listRoute.GET, "192.0.2.77");
    expect(Number(second.headers.get("ratelimit-remaining"))).toBe(remaining - 1);
    let last = second;
    for (let i = 0; i < remaining && last.status !== 429; i++) last = await get("/v0.1/servers?limit=1", listRoute.GET, "192.0.2.77");
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expectShape(ErrorBody, await last.json());
  });

  it("applies the instance's policy, which a request can tighten but never loosen", async () => {
    provideAppServices({ ...services, config: { ...services.config, SUBREGISTRY_MIN_GRADE: "B" } });
    try {
      expect((await listBody()).servers.map((s) => s.server.name)).toEqual(["io.github.alpha/weather", "io.github.beta/notes"]);
      expect((await listBody("?min_grade=F")).servers).toHaveLength(2);
      expect((await listBody("?min_grade=A")).servers.map((s) => s.server.name)).toEqual(["io.github.alpha/weather"]);
      const below = await detail(`${encodeURIComponent("com.gamma/tasks")}/versions/latest`);
      expect(below.status).toBe(404);
    } finally {
      provideAppServices(services);
    }
  });

  it("logs route patterns, never a server name", () => {
    expect(routeForLog("/v0.1/servers?search=secret")).toBe("/v0.1/servers");
    expect(routeForLog("/v0.1/servers/io.github.a%2Fb/versions")).toBe("/v0.1/servers/:serverName/versions");
    expect(routeForLog("/v0.1/servers/io.github.a/b/versions/1.0.0")).toBe("/v0.1/servers/:serverName/versions/:version");
    expect(routeForLog("/v0.1/elsewhere")).toBe("/v0.1/(unknown)");
  });
});
