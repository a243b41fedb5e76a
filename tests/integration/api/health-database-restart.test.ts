import { randomInt } from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provideAppServices } from "@/lib/services/app-services";
import * as healthRoute from "@/app/api/health/route";
import * as readyRoute from "@/app/api/ready/route";
import * as scanRoute from "@/app/api/v1/scan/route";
import * as serverRoute from "@/app/api/v1/server/[...url]/route";
import { startStreamableHttpFixture } from "../../fixtures/harness/mcp-fixture";
import type { FixtureHandle } from "../../fixtures/harness/http-fixture";
import { BENIGN_DEVELOPMENT_SERVERS } from "../../fixtures/servers/benign/benign-servers";
import { openTestServices, type TestServices } from "../support/test-services";
import { callRoute, encodeServerUrl } from "./call-route";

/**
 * PostgreSQL restarting under the app: requests are answered within a bound
 * (503 service_unavailable with Retry-After) instead of held, health and
 * readiness say so, the first request after the server is back succeeds,
 * and a write acknowledged before the fault is still there. The restart is
 * played by a TCP proxy of the test's own in front of the machine's
 * PostgreSQL (which is never touched): it drops every connection and then
 * refuses, answers as a starting server does (57P03), or accepts and never
 * answers, and finally forwards again.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const BOUND_MS = 5_000;

type Mode = "up" | "refusing" | "starting" | "silent";

/** The startup reply of a server that is starting up: FATAL 57P03, then close. */
function startingUpError(): Buffer {
  const fields = ["SFATAL", "VFATAL", "C57P03", "Mthe database system is starting up"].map((f) => Buffer.from(`${f}\0`));
  const body = Buffer.concat([...fields, Buffer.from([0])]);
  const header = Buffer.alloc(5);
  header.write("E", 0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let mode: Mode = "up";
  let server: net.Server;
  let port = 0;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const onConnection = (client: net.Socket) => {
    track(client);
    if (mode === "refusing") return client.destroy(); // accepted just before the listener closed
    if (mode === "silent") return;
    if (mode === "starting") {
      client.once("data", () => client.end(startingUpError()));
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  };
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer(onConnection);
      server.listen(port, "127.0.0.1", () => {
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });

  return {
    listen,
    get port() {
      return port;
    },
    /** Every connection dropped (as a stopping server ends its sessions), then the next mode. */
    async set(next: Mode) {
      const wasListening = mode !== "refusing";
      mode = next;
      // close() stops accepting at once and calls back when the last connection is gone.
      const closed = next === "refusing" && wasListening ? new Promise<void>((resolve) => server.close(() => resolve())) : null;
      for (const socket of sockets) socket.destroy();
      await closed;
      if (next !== "refusing" && !wasListening) await listen();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (mode !== "refusing") await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function timed(call: () => Promise<Response>): Promise<{ response: Response; ms: number }> {
  const started = performance.now();
  const response = await call();
  return { response, ms: performance.now() - started };
}

async function expectUnavailable({ response, ms }: { response: Response; ms: number }, label: string) {
  expect(response.status, label).toBe(503);
  expect(ms, label).toBeLessThan(BOUND_MS);
  expect(response.headers.get("retry-after"), label).toMatch(/^[1-9]\d*$/);
  const body = await response.json();
  expect(body.error, label).toBe("service_unavailable");
  expect(JSON.stringify(body), label).not.toMatch(/select|Failed query|ECONN|at /);
  return body;
}

describe.skipIf(!adminUrl)("a PostgreSQL restart under the API (postgres)", () => {
  let services: TestServices;
  let proxy: ReturnType<typeof startProxy>;
  let fixture: FixtureHandle;
  let n = 0;
  // A server the registry does not know, new each time, so no read cache can answer for the database.
  const unknownProfile = () => callRoute(serverRoute.GET, `/api/v1/server/${encodeServerUrl(`https://restart-${++n}.example/mcp`)}`, { clientIp: `198.51.100.${n}` });

  // A client of its own: with the shared Redis, other files' scans from the default address count
  // against the same per-address scan quota within the window (CI once got a 429 here instead of a 503).
  const scanClientIp = `192.0.2.${randomInt(1, 255)}`;
  const postScan = () =>
    callRoute(scanRoute.POST, "/api/v1/scan", {
      clientIp: scanClientIp,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ server_url: fixture.url }),
    });

  beforeAll(async () => {
    const target = new URL(adminUrl!);
    proxy = startProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.listen();
    const proxied = new URL(adminUrl!);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    // The test database is created, used and dropped through the proxy.
    process.env.TEST_DATABASE_URL = proxied.toString();
    try {
      services = await openTestServices(
        process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {},
        { scan: { allowPrivateTargets: false, allowedRanges: ["127.0.0.0/8"], deadlineMs: 8000 } },
      );
    } finally {
      process.env.TEST_DATABASE_URL = adminUrl;
    }
    provideAppServices(services);
    fixture = await startStreamableHttpFixture(() => BENIGN_DEVELOPMENT_SERVERS[0].createServer());
  });
  afterAll(async () => {
    await proxy?.set("up");
    await fixture?.close();
    await services?.close();
    await proxy?.close();
  });

  it("answers 503 with Retry-After within the bound during the restart, and 200 again at once after it", async () => {
    // An acknowledged write before the fault: a real scan, recorded.
    const scan = await postScan();
    expect(scan.status).toBe(200);
    expect((await unknownProfile()).status).toBe(404);
    expect((await healthRoute.GET()).status).toBe(200);

    // Stopping: sessions dropped, connections refused.
    await proxy.set("refusing");
    await expectUnavailable(await timed(unknownProfile), "refused");
    await expectUnavailable(await timed(unknownProfile), "refused again");
    const health = await expectUnavailable(await timed(() => healthRoute.GET()), "health");
    expect(health).toMatchObject({ status: "unavailable", database: "down" });
    expect(health.redis).toBe(process.env.TEST_REDIS_URL ? "ok" : "not_configured");
    expect(await expectUnavailable(await timed(() => readyRoute.GET()), "ready")).toMatchObject({ status: "not_ready", database: "down" });
    // A write during the fault is refused as such, never acknowledged.
    await expectUnavailable(await timed(postScan), "scan");

    // Starting up: the server answers, with 57P03 cannot_connect_now.
    await proxy.set("starting");
    await expectUnavailable(await timed(unknownProfile), "starting");

    // Accepting but not answering (a server stuck, a network in the way): the connect timeout bounds it.
    await proxy.set("silent");
    await expectUnavailable(await timed(unknownProfile), "silent");
    await expectUnavailable(await timed(() => readyRoute.GET()), "ready while silent");

    // Back: the very first request succeeds, without waiting out a reconnect backoff.
    await proxy.set("up");
    const first = await timed(unknownProfile);
    expect(first.response.status).toBe(404); // an answer from the database: that server is not in the registry
    expect(first.ms).toBeLessThan(BOUND_MS);
    expect((await healthRoute.GET()).status).toBe(200);
    expect((await readyRoute.GET()).status).toBe(200);

    // The write acknowledged before the fault is there (this process wrote it, so no read cache holds an older answer).
    const profile = await callRoute(serverRoute.GET, `/api/v1/server/${encodeServerUrl(fixture.url)}`);
    expect(profile.status).toBe(200);
    // Exactly the one acknowledged scan: the one refused during the fault was not recorded.
    expect((await profile.json()).scanCount).toBe(1);
  });
});
