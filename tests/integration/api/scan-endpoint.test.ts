import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provideAppServices } from "@/lib/services/app-services";
import { scanResponseSchema } from "@/lib/schemas/scan";
import { errorResponseSchema } from "@/lib/schemas/common";
import * as scanRoute from "@/app/api/v1/scan/route";
import * as serverRoute from "@/app/api/v1/server/[...url]/route";
import { startStreamableHttpFixture } from "../../fixtures/harness/mcp-fixture";
import type { FixtureHandle } from "../../fixtures/harness/http-fixture";
import { BENIGN_DEVELOPMENT_SERVERS } from "../../fixtures/servers/benign/benign-servers";
import { F_GRADE_POISONED_SERVER } from "../../fixtures/servers/malicious/malicious-servers";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { callRoute, encodeServerUrl } from "./call-route";

// Each call from its own address: this file is about scanning, the per-IP limit has its own tests.
let clientCounter = 0;
const post = (body: unknown, init: { raw?: string; contentType?: string } = {}) =>
  callRoute(scanRoute.POST, "/api/v1/scan", {
    method: "POST",
    headers: { "content-type": init.contentType ?? "application/json" },
    body: init.raw ?? JSON.stringify(body),
    clientIp: `198.51.100.${++clientCounter}`,
  });

describe(`POST /api/v1/scan on ${databaseKind()}`, () => {
  let services: TestServices;
  const fixtures: FixtureHandle[] = [];
  let benignUrl: string;
  let poisonedUrl: string;

  beforeAll(async () => {
    // Loopback only, never the whole private range: a target in 10/8 must be refused before any connection.
    services = await openTestServices({}, { scan: { allowPrivateTargets: false, allowedRanges: ["127.0.0.0/8"], deadlineMs: 8000 } });
    provideAppServices(services);
    const benign = BENIGN_DEVELOPMENT_SERVERS[0];
    const poisoned = F_GRADE_POISONED_SERVER;
    const a = await startStreamableHttpFixture(() => benign.createServer());
    const b = await startStreamableHttpFixture(() => poisoned.createServer());
    fixtures.push(a, b);
    benignUrl = a.url;
    poisonedUrl = b.url;
  });
  afterAll(async () => {
    await Promise.all(fixtures.map((f) => f.close()));
    await services?.close();
  });

  it("scans a real server, answers ScanResponse and lists it", async () => {
    const response = await post({ server_url: benignUrl });
    expect(response.status).toBe(200);
    const body = scanResponseSchema.parse(await response.json());
    expect(body.status).toBe("completed");
    expect(body.server_url).toBe(benignUrl);
    expect(body.trustScore).toBe(Object.values(body.factors!).reduce((a, b) => a + b, 0));
    expect(body.discovery.toolCount).toBeGreaterThan(0);
    // An honest server on the scanner's own loopback: plain http there costs nothing and caps nothing (docs/scoring.md#caps);
    // with no repository and no publisher record it cannot reach A.
    expect(body.grade).toBe("B");
    const profile = await callRoute(serverRoute.GET, `/api/v1/server/${encodeServerUrl(benignUrl)}`);
    expect(profile.status).toBe(200);
    expect((await profile.json()).scanCount).toBe(1);
  });

  it("never calls a poisoned server trusted", async () => {
    const body = scanResponseSchema.parse(await (await post({ server_url: poisonedUrl })).json());
    expect(body.status).toBe("completed");
    // Its instruction findings combine to critical, and a critical finding caps the grade at F (docs/scoring.md#caps).
    expect(body.grade).toBe("F");
    const critical = body.findings.filter((f) => f.severity === "critical").map((f) => f.id);
    expect(critical).toEqual(expect.arrayContaining(F_GRADE_POISONED_SERVER.expected.mustFlag));
    for (const finding of body.findings) expect(finding.evidence.length).toBeLessThanOrEqual(200);
  });

  it("records an unreachable target without a score and without changing the registry's verdict", async () => {
    const before = await (await callRoute(serverRoute.GET, `/api/v1/server/${encodeServerUrl(benignUrl)}`)).json();
    const closed = fixtures[0];
    await closed.close();
    const body = scanResponseSchema.parse(await (await post({ server_url: benignUrl })).json());
    expect(body.status).toBe("unreachable");
    expect(body).not.toHaveProperty("trustScore");
    expect(body).not.toHaveProperty("grade");
    expect(body).not.toHaveProperty("factors");
    expect(body.findings.length).toBeGreaterThan(0);
    const after = await (await callRoute(serverRoute.GET, `/api/v1/server/${encodeServerUrl(benignUrl)}`)).json();
    expect(after.trustScore).toBe(before.trustScore);
    expect(after.scanCount).toBe(2);
    expect(after.lastScanHistory[0].status).toBe("unreachable");
  });

  it.each([
    [{}, "invalid_url"],
    [{ server_url: 42 }, "invalid_url"],
    [{ server_url: "not a url" }, "invalid_url"],
    [{ server_url: "ftp://example.com" }, "invalid_url"],
    [{ server_url: "http://169.254.169.254/latest/meta-data" }, "target_forbidden"],
    [{ server_url: "http://10.0.0.1/mcp" }, "target_forbidden"],
  ])("400 for %o", async (body, code) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(errorResponseSchema.parse(await response.json()).error).toBe(code);
  });

  it("refuses bad bodies clearly", async () => {
    expect((await post(null, { raw: "{not json" })).status).toBe(400);
    expect((await post(null, { raw: "", contentType: "application/json" })).status).toBe(400);
    expect((await post({ server_url: "x" }, { contentType: "text/plain" })).status).toBe(400);
    const big = await post({ server_url: "https://example.com/" + "a".repeat(17_000) });
    expect(big.status).toBe(413);
    expect((await big.json()).error).toBe("payload_too_large");
  });
});
