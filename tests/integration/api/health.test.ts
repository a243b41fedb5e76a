import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provideAppServices } from "@/lib/services/app-services";
import * as healthRoute from "@/app/api/health/route";
import * as readyRoute from "@/app/api/ready/route";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { freePort } from "../../support/free-port";

/** In-process: the handlers as Next calls them. The database restarting under them is in health-database-restart.test.ts. */
const routes = [
  ["/api/health", healthRoute],
  ["/api/ready", readyRoute],
] as const;

function expectProbeHeaders(response: Response) {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("cache-control")).toBe("no-store");
  // Never counted against a rate limit: no gate, no RateLimit-* fields.
  expect(response.headers.get("ratelimit-limit")).toBeNull();
}

describe(`GET /api/health and /api/ready on ${databaseKind()}`, () => {
  let services: TestServices;
  beforeAll(async () => {
    // One read per hour: a probe that were counted would be refused from the second call on.
    services = await openTestServices({}, { rateLimiter: { policy: { read: { limit: 1, windowMs: 3600_000 } } } });
    provideAppServices(services);
  });
  afterAll(async () => services?.close().catch(() => {}));

  it("reports the database and, without REDIS_URL, Redis as not configured", async () => {
    for (let i = 0; i < 3; i++) {
      const response = await healthRoute.GET();
      expect(response.status).toBe(200);
      expectProbeHeaders(response);
      expect(await response.json()).toEqual({ status: "ok", database: "ok", redis: "not_configured" });
    }
  });

  it("is ready while the database answers", async () => {
    for (let i = 0; i < 3; i++) {
      const response = await readyRoute.GET();
      expect(response.status).toBe(200);
      expectProbeHeaders(response);
      expect(await response.json()).toEqual({ status: "ready", database: "ok" });
    }
  });

  it.each(routes)("%s answers other methods with a JSON 405 and Allow", async (_path, route) => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
      const response = await route[method]();
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow"), method).toBe("GET");
      expect(await response.json(), method).toEqual({ error: "method_not_allowed", message: expect.any(String) });
    }
  });

  it("answers 503 with Retry-After and the report when the database does not", async () => {
    await services.database.close();
    const health = await healthRoute.GET();
    expect(health.status).toBe(503);
    expectProbeHeaders(health);
    expect(health.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    const body = await health.json();
    expect(body).toEqual({ error: "service_unavailable", message: expect.any(String), status: "unavailable", database: "down", redis: "not_configured" });
    expect(JSON.stringify(body)).not.toMatch(/Error:|at |select/);

    const ready = await readyRoute.GET();
    expect(ready.status).toBe(503);
    expectProbeHeaders(ready);
    expect(ready.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(await ready.json()).toEqual({ error: "service_unavailable", message: expect.any(String), status: "not_ready", database: "down" });
  });
});

describe(`GET /api/health with Redis configured, on ${databaseKind()}`, () => {
  let services: TestServices | undefined;
  afterAll(async () => services?.close().catch(() => {}));

  async function openWithRedis(url: string) {
    await services?.close();
    services = await openTestServices({ REDIS_URL: url });
    provideAppServices(services);
  }

  it.skipIf(!process.env.TEST_REDIS_URL)("reports Redis ok while it answers", async () => {
    await openWithRedis(process.env.TEST_REDIS_URL!);
    const response = await healthRoute.GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok", redis: "ok" });
  });

  it("is degraded but live, and still ready, while Redis does not answer", async () => {
    // A loopback port nothing listens on: connections are refused, as by a stopped Redis.
    await openWithRedis(`redis://127.0.0.1:${await freePort()}`);
    const started = performance.now();
    const response = await healthRoute.GET();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "degraded", database: "ok", redis: "down" });
    expect((await readyRoute.GET()).status).toBe(200);
  });
});
