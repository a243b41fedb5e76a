import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/core/api-keys/revoke-api-key";
import { apiRoute } from "@/lib/services/api-route";
import { jsonResponse } from "@/lib/http/responses";
import { provideAppServices } from "@/lib/services/app-services";
import * as searchRoute from "@/app/api/v1/search/route";
import * as statsRoute from "@/app/api/v1/stats/route";
import * as certifyRoute from "@/app/api/v1/certify/route";
import * as badgeRoute from "@/app/api/v1/badge/route";
import * as serverRoute from "@/app/api/v1/server/[...url]/route";
import * as agentRoute from "@/app/.well-known/agent.json/route";
import * as openapiRoute from "@/app/api/v1/openapi.json/route";
import { buildScanOutcome } from "../../support/scan-outcome-builder";
import { callRoute } from "../api/call-route";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { recordScanOutcome } from "@/lib/core/registry/record-scan";

/**
 * The rate limits (docs/api-keys-and-rate-limits.md#rate-limits) through the real wrapper and gate, on the in-process store and (when
 * TEST_REDIS_URL is set, as in CI) on a real Redis with a key prefix of its
 * own. Time is injected by faking Date (the library reads Date.now), fixed
 * a minute into an hour so no real hour boundary can reset a window mid-test.
 */
const T0 = Date.UTC(2031, 4, 6, 10, 1, 0);
const HOUR = 3600_000;
const SERVER = "https://limits.example/mcp";

// POST /api/v1/scan is being written elsewhere; the gate only sees the access kind, so a stand-in route is exact.
const scanRoute = apiRoute("scan", async () => jsonResponse({ status: "completed" }));
const cheapRead = apiRoute("read", async () => jsonResponse({ ok: true }));

const backends: [string, Record<string, string>][] = [["in-process store", {}]];
if (process.env.TEST_REDIS_URL) backends.push([`Redis at ${process.env.TEST_REDIS_URL}`, { REDIS_URL: process.env.TEST_REDIS_URL }]);

async function deleteKeys(url: string, pattern: string) {
  const redis = new Redis(url);
  const keys = await redis.keys(pattern);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}

async function expectLimited(response: Response, limit: number) {
  expect(response.headers.get("ratelimit-limit")).toBe(String(limit));
  expect(Number(response.headers.get("ratelimit-remaining"))).toBeGreaterThanOrEqual(0);
  expect(Number(response.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(1);
}

async function expect429(response: Response, limit: number) {
  expect(response.status).toBe(429);
  const body = await response.json();
  expect(body).toEqual({ error: "rate_limited", message: expect.stringMatching(/^Rate limit exceeded/) });
  const retryAfter = response.headers.get("retry-after");
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  await expectLimited(response, limit);
  expect(response.headers.get("ratelimit-remaining")).toBe("0");
  expect(response.headers.get("ratelimit-reset")).toBe(retryAfter);
  return Number(retryAfter);
}

describe.each(backends)(`rate limits on ${databaseKind()} with the %s`, (_name, env) => {
  let services: TestServices;
  const prefix = `mtr-test:${randomUUID()}`;

  beforeAll(async () => {
    services = await openTestServices({ BASE_URL: "https://trust.example.org", ...env }, { rateLimiter: { prefix } });
    provideAppServices(services);
    services.certification.scanIfUnknown = undefined; // this file is about limits, not scans
    await recordScanOutcome(services.store, buildScanOutcome({ url: SERVER, score: 88 }), { trigger: "api", fallbackName: "x", fallbackPublisher: "acme" });
  });
  afterAll(async () => {
    // Counted where configured, not silently in process.
    expect(services.rateLimiter.activeBackend()).toBe(env.REDIS_URL ? "redis" : "memory");
    await services?.close();
    if (env.REDIS_URL) await deleteKeys(env.REDIS_URL, `${prefix}:*`);
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it("refuses the 101st read in an hour from one address, not another address's", async () => {
    const ip = "198.51.100.1";
    for (let i = 1; i <= 100; i++) {
      const response = await callRoute(i % 2 ? searchRoute.GET : statsRoute.GET, i % 2 ? "/api/v1/search?q=limits" : "/api/v1/stats", { clientIp: ip });
      expect(response.status, `read ${i}`).toBe(200);
      expect(response.headers.get("ratelimit-remaining")).toBe(String(100 - i));
      await expectLimited(response, 100);
    }
    const retryAfter = await expect429(await callRoute(searchRoute.GET, "/api/v1/search", { clientIp: ip }), 100);
    expect(retryAfter).toBe(59 * 60);
    expect((await callRoute(searchRoute.GET, "/api/v1/search", { clientIp: "198.51.100.2" })).status).toBe(200);
  });

  it("refuses the 6th scan and the 6th certification intake, each with its own quota", async () => {
    const ip = "198.51.100.3";
    for (let i = 0; i < 5; i++) expect((await callRoute(scanRoute, "/api/v1/scan", { method: "POST", clientIp: ip })).status).toBe(200);
    await expect429(await callRoute(scanRoute, "/api/v1/scan", { method: "POST", clientIp: ip }), 5);

    const certify = (n: number) =>
      callRoute(certifyRoute.POST, "/api/v1/certify", {
        method: "POST",
        clientIp: ip,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ server_url: `https://c${n}.example/mcp`, tier: "standard", contact_email: "x@c.example" }),
      });
    for (let i = 0; i < 5; i++) {
      const response = await certify(i);
      expect(response.status).toBe(200);
      await expectLimited(response, 5);
    }
    await expect429(await certify(5), 5);
    // Reads have a quota of their own.
    expect((await callRoute(statsRoute.GET, "/api/v1/stats", { clientIp: ip })).status).toBe(200);
  });

  it("counts down Retry-After and admits again after the reset", async () => {
    const ip = "198.51.100.4";
    for (let i = 0; i < 5; i++) await callRoute(scanRoute, "/api/v1/scan", { method: "POST", clientIp: ip });
    expect(await expect429(await callRoute(scanRoute, "/api/v1/scan", { method: "POST", clientIp: ip }), 5)).toBe(59 * 60);
    vi.setSystemTime(T0 + 20 * 60_000);
    expect(await expect429(await callRoute(scanRoute, "/api/v1/scan", { method: "POST", clientIp: ip }), 5)).toBe(39 * 60);
    vi.setSystemTime(T0 + 59 * 60_000 - 500);
    expect(await expect429(await callRoute(scanRoute, "/api/v1/scan", { method: "POST", clientIp: ip }), 5)).toBe(1);
    vi.setSystemTime(T0 + 59 * 60_000);
    const admitted = await callRoute(scanRoute, "/api/v1/scan", { method: "POST", clientIp: ip });
    expect(admitted.status).toBe(200);
    expect(admitted.headers.get("ratelimit-remaining")).toBe("4");
    expect(admitted.headers.get("ratelimit-reset")).toBe("3600");
  });

  it("gives a keyed client 1,000 requests an hour for everything, whatever its address", async () => {
    const { key } = await createApiKey(services.apiKeys, { name: "integration", scope: "client" });
    const headers = { "x-api-key": key };
    // The address's own read quota is spent; the key does not care.
    const ip = "198.51.100.5";
    for (let i = 0; i < 100; i++) await callRoute(cheapRead, "/api/v1/x", { clientIp: ip });
    await expect429(await callRoute(cheapRead, "/api/v1/x", { clientIp: ip }), 100);
    for (let i = 1; i <= 1000; i++) {
      const route = i % 10 === 0 ? scanRoute : cheapRead;
      const response = await callRoute(route, "/api/v1/x", { method: i % 10 === 0 ? "POST" : "GET", clientIp: `203.0.113.${i % 200}`, headers });
      expect(response.status, `keyed request ${i}`).toBe(200);
      if (i === 1 || i === 1000) {
        expect(response.headers.get("ratelimit-limit")).toBe("1000");
        expect(response.headers.get("ratelimit-remaining")).toBe(String(1000 - i));
      }
    }
    await expect429(await callRoute(cheapRead, "/api/v1/x", { clientIp: ip, headers }), 1000);
    // The key's limit does not spill onto the address.
    expect((await callRoute(scanRoute, "/api/v1/scan", { method: "POST", clientIp: ip })).status).toBe(200);
  });

  it("never counts or limits badges, discovery and OpenAPI, and puts no RateLimit headers on them", async () => {
    const ip = "198.51.100.6";
    for (let i = 0; i < 100; i++) await callRoute(cheapRead, "/api/v1/x", { clientIp: ip });
    for (const [handler, path] of [
      [badgeRoute.GET, `/api/v1/badge?url=${encodeURIComponent(SERVER)}`],
      [serverRoute.GET, `/api/v1/server/${encodeURIComponent(SERVER)}/badge`],
      [agentRoute.GET, "/.well-known/agent.json"],
      [openapiRoute.GET, "/api/v1/openapi.json"],
    ] as const) {
      for (let i = 0; i < 3; i++) {
        const response = await callRoute(handler, path, { clientIp: ip });
        expect(response.status, path).toBe(200);
        expect(response.headers.get("ratelimit-limit"), path).toBeNull();
      }
    }
    await expect429(await callRoute(cheapRead, "/api/v1/x", { clientIp: ip }), 100);
  });

  it("answers 401 to an unknown or revoked key on every kind of route, before counting", async () => {
    const { key, record } = await createApiKey(services.apiKeys, { name: "to revoke", scope: "client" });
    await revokeApiKey(services.apiKeys, record.id);
    const wrong = `${key.slice(0, -2)}xx`;
    for (const bad of [key, wrong, "", "mtr_short", "x".repeat(5000)]) {
      for (const [handler, path, method] of [
        [searchRoute.GET, "/api/v1/search", "GET"],
        [scanRoute, "/api/v1/scan", "POST"],
        [badgeRoute.GET, `/api/v1/badge?url=${encodeURIComponent(SERVER)}`, "GET"],
        [agentRoute.GET, "/.well-known/agent.json", "GET"],
        [certifyRoute.POST, "/api/v1/certify", "POST"],
      ] as const) {
        const response = await callRoute(handler, path, { method, clientIp: "198.51.100.7", headers: { "x-api-key": bad } });
        expect(response.status, `${path} with ${bad.slice(0, 12)}`).toBe(401);
        expect(await response.json()).toEqual({ error: "unauthorized", message: expect.any(String) });
        expect(response.headers.get("ratelimit-limit")).toBeNull();
      }
    }
    // None of that was counted against the address.
    const fine = await callRoute(scanRoute, "/api/v1/scan", { method: "POST", clientIp: "198.51.100.7" });
    expect(fine.headers.get("ratelimit-remaining")).toBe("4");
  });
});
