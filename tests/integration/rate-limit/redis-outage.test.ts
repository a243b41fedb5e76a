import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import net from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiRoute } from "@/lib/services/api-route";
import { jsonResponse } from "@/lib/http/responses";
import { provideAppServices } from "@/lib/services/app-services";
import * as statsRoute from "@/app/api/v1/stats/route";
import { callRoute } from "../api/call-route";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { freePort } from "../../support/free-port";

/**
 * Redis dying under the limiter (docs/limits-and-faults.md#rate-limits-while-redis-is-down): requests keep being answered, one log
 * line says so, and counting returns to Redis once it is back. Scans and
 * certification requests fail safe: an address counted while Redis was up is
 * counted on from there (its quota is not renewed), an address this process
 * holds no count for gets 503 with Retry-After; reads count in process. The
 * Redis here is a second redis-server of the test's own on a spare loopback
 * port; the machine's Redis on 6379 is never touched.
 */
const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;
const scanRoute = apiRoute("scan", async () => jsonResponse({ status: "completed" }));
const certifyRoute = apiRoute("certify", async () => jsonResponse({ status: "pending" }));
const readRoute = apiRoute("read", async () => jsonResponse({ ok: true }));

async function expectStoreDown503(response: Response) {
  expect(response.status).toBe(503);
  expect(await response.json()).toEqual({ error: "service_unavailable", message: expect.stringMatching(/rate-limit store is unreachable/) });
  expect(response.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
  // Not a spent quota: no RateLimit-* fields to mislead a client.
  expect(response.headers.get("ratelimit-remaining")).toBeNull();
}

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
  const certify = (ip: string) => callRoute(certifyRoute, "/api/v1/certify", { method: "POST", clientIp: ip });
  const keysInRedis = async () => (await probe.keys(`${prefix}:*`)).length;
  const stopRedis = async () => {
    spawnSync("redis-cli", ["-p", String(port), "shutdown", "nosave"]);
    await waitFor(async () => {
      try {
        await probe.ping();
        return false;
      } catch {
        return true;
      }
    }, 5_000);
  };

  it("gives no scan beyond the quota during an outage, and counts on in Redis when it returns", async () => {
    // Healthy: counted in Redis. One address spends its 5 scans, another 2.
    for (let i = 0; i < 5; i++) expect((await scan("192.0.2.1")).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await scan("192.0.2.4")).status).toBe(200);
    expect(await keysInRedis()).toBeGreaterThan(0);
    expect(services.rateLimiter.activeBackend()).toBe("redis");
    expect(await services.rateLimiter.checkStore()).toBe("ok");
    expect(log).not.toHaveBeenCalled();

    // Stopped mid-test (never the machine's Redis on 6379); it comes back empty (no persistence).
    await stopRedis();

    const started = performance.now();
    // The spent address: its 6th scan is refused, not granted a fresh quota.
    const sixth = await scan("192.0.2.1");
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("ratelimit-remaining")).toBe("0");
    expect(sixth.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(services.rateLimiter.activeBackend()).toBe("memory");
    // The partly spent one continues from 2: three more, then refused.
    const partial = [];
    for (let i = 0; i < 4; i++) partial.push((await scan("192.0.2.4")).status);
    expect(partial).toEqual([200, 200, 200, 429]);
    // An address this process holds no count for: no guess, 503 with Retry-After, for scans and certification alike.
    await expectStoreDown503(await scan("192.0.2.2"));
    await expectStoreDown503(await certify("192.0.2.2"));
    // Reads are still answered, counted in process.
    const read = await callRoute(statsRoute.GET, "/api/v1/stats", { clientIp: "192.0.2.2" });
    expect(read.status).toBe(200);
    expect(read.headers.get("ratelimit-remaining")).toBe("99");
    // At most one slow (timed-out) attempt, then straight to the in-process counts for the pause.
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(await services.rateLimiter.checkStore()).toBe("down");
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toMatch(/^\[rate-limit\] redis failed .*counting in process/);

    // Back, empty: the limiter finds it again by itself (ioredis reconnects, the pause ends).
    startRedis(port);
    await waitFor(async () => (await probe.ping()) === "PONG", 5_000);
    await waitFor(async () => (await scan("192.0.2.3")).status === 200 && services.rateLimiter.activeBackend() === "redis", 10_000);
    expect(log.mock.calls.at(-1)?.[0]).toMatch(/answering again/);
    expect(log).toHaveBeenCalledTimes(2);
    // Counting continues in Redis: the new address's first scan is there, its next sees 3 left.
    expect(await probe.keys(`${prefix}:scan:ip:192.0.2.3:*`)).toHaveLength(1);
    expect((await scan("192.0.2.3")).headers.get("ratelimit-remaining")).toBe("3");
    // The spent addresses stay spent: Redis lost their counts, and is raised to this process's.
    for (const ip of ["192.0.2.1", "192.0.2.4"]) {
      const again = await scan(ip);
      expect(again.status, ip).toBe(429);
      const [key] = await probe.keys(`${prefix}:scan:ip:${ip}:*`);
      expect(Number(await probe.get(key)), ip).toBeGreaterThan(5);
    }
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
    services = await openTestServices(
      { REDIS_URL: `redis://127.0.0.1:${port}` },
      { rateLimiter: { prefix: `mtr-test:${randomUUID()}`, log, policy: { read: { limit: 5, windowMs: 3600_000 } } } },
    );
    provideAppServices(services);
  });
  afterAll(async () => {
    await services?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it("answers within the store timeout: reads limited in process, scans refused with 503", async () => {
    const read = () => callRoute(readRoute, "/api/v1/stats", { clientIp: "192.0.2.9" });
    const started = performance.now();
    const first = await read();
    const firstMs = performance.now() - started;
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-remaining")).toBe("4");
    expect(firstMs).toBeGreaterThanOrEqual(250);
    expect(firstMs).toBeLessThan(1_500);
    const next = performance.now();
    for (let i = 0; i < 4; i++) await read();
    expect(performance.now() - next).toBeLessThan(500);
    expect((await read()).status).toBe(429);
    // The store never answered, so this process has no count to go on from for a scan.
    const refusedAt = performance.now();
    await expectStoreDown503(await callRoute(scanRoute, "/api/v1/scan", { method: "POST", clientIp: "192.0.2.9" }));
    expect(performance.now() - refusedAt).toBeLessThan(500);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toMatch(/no answer within 300 ms|not connected/);
  });
});
