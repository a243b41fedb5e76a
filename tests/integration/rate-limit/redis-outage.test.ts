import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import net from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiRoute } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/responses";
import { provideAppServices } from "@/lib/services/app-services";
import * as statsRoute from "@/app/api/v1/stats/route";
import { callRoute } from "../api/call-route";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { freePort } from "../../support/free-port";

/**
 * Redis dying under the limiter (D10): requests keep being answered and
 * limited (in process), one log line says so, and counting returns to Redis
 * once it is back. The Redis here is a second redis-server of the test's own
 * on a spare loopback port; the machine's Redis on 6379 is never touched.
 */
const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;
const scanRoute = apiRoute("scan", async () => jsonResponse({ status: "completed" }));


function startRedis(port: number): void {
  execFileSync("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "yes"]);
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`condition not met within ${ms} ms`);
}

describe.skipIf(!hasRedisServer)(`rate limits when Redis fails (${databaseKind()})`, () => {
  let services: TestServices;
  let port: number;
  let probe: Redis;
  const prefix = `mtr-test:${randomUUID()}`;
  const log = vi.fn();

  beforeAll(async () => {
    port = await freePort();
    startRedis(port);
    probe = new Redis({ port, host: "127.0.0.1", lazyConnect: true, retryStrategy: () => 50, maxRetriesPerRequest: 1 });
    probe.on("error", () => {});
    await waitFor(async () => (await probe.ping()) === "PONG", 5_000);
    services = await openTestServices({ REDIS_URL: `redis://127.0.0.1:${port}` }, { rateLimiter: { prefix, retryAfterFailureMs: 300, log } });
    provideAppServices(services);
  });
  afterAll(async () => {
    await services?.close();
    spawnSync("redis-cli", ["-p", String(port), "shutdown", "nosave"]);
    probe?.disconnect();
  });

  const scan = (ip: string) => callRoute(scanRoute, "/api/v1/scan", { method: "POST", clientIp: ip });
  const keysInRedis = async () => (await probe.keys(`${prefix}:*`)).length;

  it("counts in Redis, survives its death mid-test, and goes back to it when it returns", async () => {
    // Healthy: counted in Redis.
    for (let i = 0; i < 2; i++) expect((await scan("192.0.2.1")).status).toBe(200);
    expect(await keysInRedis()).toBeGreaterThan(0);
    expect(services.rateLimiter.activeBackend()).toBe("redis");
    expect(log).not.toHaveBeenCalled();

    // Killed mid-test (never the machine's Redis on 6379).
    spawnSync("redis-cli", ["-p", String(port), "shutdown", "nosave"]);
    await waitFor(async () => {
      try {
        await probe.ping();
        return false;
      } catch {
        return true;
      }
    }, 5_000);

    const started = performance.now();
    const during = [];
    for (let i = 0; i < 6; i++) during.push(await scan("192.0.2.2"));
    const elapsed = performance.now() - started;
    // No 500s: answered, and still limited (in process): 5 admitted, the 6th refused.
    expect(during.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(during[5].headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(services.rateLimiter.activeBackend()).toBe("memory");
    // At most one slow (timed-out) attempt, then straight to the fallback for the pause.
    expect(elapsed).toBeLessThan(3_000);
    expect((await callRoute(statsRoute.GET, "/api/v1/stats", { clientIp: "192.0.2.2" })).status).toBe(200);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toMatch(/^\[rate-limit\] redis failed .*counting in process/);

    // Back: the limiter finds it again by itself (ioredis reconnects, the pause ends).
    startRedis(port);
    await waitFor(async () => (await probe.ping()) === "PONG", 5_000);
    await waitFor(async () => {
      await scan("192.0.2.3");
      return services.rateLimiter.activeBackend() === "redis";
    }, 10_000);
    expect(await probe.keys(`${prefix}:scan:ip:192.0.2.3:*`)).toHaveLength(1);
    expect(log.mock.calls.at(-1)?.[0]).toMatch(/answering again/);
    expect(log).toHaveBeenCalledTimes(2);
  });
});

describe(`rate limits when Redis hangs (${databaseKind()})`, () => {
  let services: TestServices;
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  const log = vi.fn();

  beforeAll(async () => {
    // Accepts connections and never answers a byte: the limiter must time out (~300 ms), not wait.
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
    const { port } = silent.address() as net.AddressInfo;
    services = await openTestServices({ REDIS_URL: `redis://127.0.0.1:${port}` }, { rateLimiter: { prefix: `mtr-test:${randomUUID()}`, log } });
    provideAppServices(services);
  });
  afterAll(async () => {
    await services?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it("answers within the store timeout and limits in process", async () => {
    const started = performance.now();
    const first = await callRoute(scanRoute, "/api/v1/scan", { method: "POST", clientIp: "192.0.2.9" });
    const firstMs = performance.now() - started;
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-remaining")).toBe("4");
    expect(firstMs).toBeGreaterThanOrEqual(250);
    expect(firstMs).toBeLessThan(1_500);
    const next = performance.now();
    for (let i = 0; i < 4; i++) await callRoute(scanRoute, "/api/v1/scan", { method: "POST", clientIp: "192.0.2.9" });
    expect(performance.now() - next).toBeLessThan(500);
    expect((await callRoute(scanRoute, "/api/v1/scan", { method: "POST", clientIp: "192.0.2.9" })).status).toBe(429);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toMatch(/no answer within 300 ms|not connected/);
  });
});
