import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/core/errors";
import { createGuardedFetcher, RequestTimeoutError, ResponseTooLargeError, type GuardedFetcher } from "@/lib/core/scanning/guarded-fetch";
import { resolveScanLimits } from "@/lib/core/scanning/scan-limits";
import type { HostLookup } from "@/lib/core/scanning/target-guard";
import { startHttpFixture, type FixtureHandle } from "../../fixtures/harness/http-fixture";
import { startHangingServer } from "../../fixtures/servers/misbehaving/hanging";
import { startRedirectingServer } from "../../fixtures/servers/misbehaving/redirecting";

const LOOPBACK_ONLY = ["127.0.0.0/8"];
const limits = resolveScanLimits({ perRequestMs: 1500, maxResponseBytes: 64 * 1024 });

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});
async function fixture(start: Promise<FixtureHandle>): Promise<FixtureHandle> {
  const handle = await start;
  cleanups.push(() => handle.close());
  return handle;
}
function fetcherWith(options: Partial<Parameters<typeof createGuardedFetcher>[0]> = {}): GuardedFetcher {
  const fetcher = createGuardedFetcher({ allowedRanges: LOOPBACK_ONLY, limits, ...options });
  cleanups.push(() => fetcher.close());
  return fetcher;
}

describe("guarded fetch: redirects", () => {
  it("refuses a redirect hop to a private address without connecting, and records the chain", async () => {
    const server = await fixture(startRedirectingServer("http://10.0.0.1/mcp"));
    const fetcher = fetcherWith();
    const started = performance.now();
    const error = await fetcher.fetch(server.url, { method: "POST", body: "{}" }).catch((e: unknown) => e);
    // A connection attempt to 10.0.0.1 would fail differently (ENETUNREACH or a timeout), and later.
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("target_forbidden");
    expect((error as AppError).details).toMatchObject({ address: "10.0.0.1", category: "private" });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(fetcher.evidence().redirectChain).toEqual([
      { url: server.url, status: 302, host: "127.0.0.1" },
      { url: "http://10.0.0.1/mcp", status: 0, host: "10.0.0.1" },
    ]);
  });

  it("checks a redirect to a host name through DNS and the guard", async () => {
    const server = await fixture(startRedirectingServer("http://internal.example/admin", 307));
    const lookup = vi.fn<HostLookup>(async () => [{ address: "192.168.1.20", family: 4 }]);
    const fetcher = fetcherWith({ lookup });
    await expect(fetcher.fetch(server.url)).rejects.toMatchObject({ code: "target_forbidden" });
    expect(lookup).toHaveBeenCalledWith("internal.example");
  });

  it("refuses a redirect to a non-http scheme", async () => {
    const server = await fixture(startRedirectingServer("file:///etc/passwd"));
    await expect(fetcherWith().fetch(server.url)).rejects.toMatchObject({ code: "target_forbidden" });
  });

  it("follows allowed hops (303 turns POST into GET) and stops after the hop limit", async () => {
    const target = await fixture(startHttpFixture((req, res) => void res.writeHead(200, { "content-type": "text/plain" }).end(req.method)));
    const hop = await fixture(startRedirectingServer(target.url, 303));
    const fetcher = fetcherWith();
    const res = await fetcher.fetch(hop.url, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(await res.text()).toBe("GET");
    expect(res.redirected).toBe(true);
    expect(fetcher.evidence().redirectChain.map((h) => h.status)).toEqual([303, 200]);

    const loop = await fixture(startHttpFixture((req, res) => void res.writeHead(302, { location: req.url ?? "/" }).end()));
    await expect(fetcherWith().fetch(loop.url)).rejects.toThrow(/more than 5 redirects/);
  });
});

describe("guarded fetch: the connection uses the checked address", () => {
  it("never asks DNS again, so a rebinding answer cannot redirect the connection", async () => {
    // The server closes every connection, so each request makes the agent connect (and "resolve") again.
    const server = await fixture(
      startHttpFixture((req, res) => void res.writeHead(200, { connection: "close" }).end(`${req.headers.host} ${req.socket.remotePort}`)),
    );
    const answers = ["127.0.0.1", "10.0.0.1", "169.254.169.254"];
    const lookup = vi.fn<HostLookup>(async () => [{ address: answers.shift() ?? "10.0.0.1", family: 4 }]);
    const fetcher = fetcherWith({ lookup });
    const url = `http://rebind.example:${server.port}/mcp`;
    const clientPorts = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const [host, clientPort] = (await (await fetcher.fetch(url)).text()).split(" ");
      // Host header keeps the name; the socket went to 127.0.0.1 (the only place this server listens).
      expect(host).toBe(`rebind.example:${server.port}`);
      clientPorts.add(clientPort);
    }
    expect(clientPorts.size).toBe(3);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(server.requests).toHaveLength(3);
  });
});

describe("guarded fetch: bounds", () => {
  it("gives up on a server that never answers after the per-request timeout", async () => {
    const server = await fixture(startHangingServer());
    const started = performance.now();
    await expect(fetcherWith().fetch(server.url)).rejects.toBeInstanceOf(RequestTimeoutError);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    expect(elapsed).toBeLessThan(4000);
  });

  it("cuts a body at the byte cap and tells subscribers", async () => {
    const server = await fixture(startHttpFixture((_req, res) => void res.writeHead(200, { "content-type": "application/json" }).end("x".repeat(1024 * 1024))));
    const fetcher = fetcherWith();
    const cuts: Error[] = [];
    fetcher.onBodyCut((e) => cuts.push(e));
    const res = await fetcher.fetch(server.url);
    await expect(res.text()).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(cuts).toHaveLength(1);
  });

  it("refuses an announced oversized body without reading it", async () => {
    const server = await fixture(
      startHttpFixture((_req, res) => {
        res.writeHead(200, { "content-type": "application/json", "content-length": String(50 * 1024 * 1024) });
        res.write("[");
      }),
    );
    const res = await fetcherWith().fetch(server.url);
    await expect(res.json()).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it("honours the scan's abort signal", async () => {
    const server = await fixture(startHangingServer());
    const deadline = new AbortController();
    const fetcher = fetcherWith({ signal: deadline.signal, limits: resolveScanLimits({ perRequestMs: 10_000 }) });
    setTimeout(() => deadline.abort(new Error("deadline")), 300);
    const started = performance.now();
    await expect(fetcher.fetch(server.url)).rejects.toThrow("deadline");
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
