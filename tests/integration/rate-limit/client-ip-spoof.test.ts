import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { apiRoute } from "@/lib/services/api-route";
import { jsonResponse } from "@/lib/http/responses";
import { createRequestListener } from "@/lib/server/http-server";
import { provideAppServices } from "@/lib/services/app-services";
import * as scanRoute from "@/app/api/v1/scan/route";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";

/**
 * The client address the limiter counts under comes from the socket, through
 * the same request listener `npm start` and `npm run dev` use
 * (lib/server/http-server.ts), here in a real node:http server in front of
 * the route handlers (Next is left out: it only passes headers through).
 * Made-up X-Forwarded-For or X-Registry-Client-IP headers buy nothing.
 */
type Handler = (request: Request) => Promise<Response>;

const whoAmI = apiRoute("read", async ({ clientIp }) => jsonResponse({ clientIp }));

/** node:http -> Fetch API and back, as Next's request handler does. */
function serve(routes: Record<string, Handler>) {
  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const body = req.method === "POST" ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined;
    const handler = routes[url.pathname];
    const response = handler
      ? await handler(new Request(url, { method: req.method, headers, body, duplex: "half" } as RequestInit))
      : new Response("not found", { status: 404 });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}

async function listen(trustedProxyCount: number): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(createRequestListener(serve({ "/api/v1/scan": scanRoute.POST, "/whoami": whoAmI }), trustedProxyCount));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe(`client address behind our HTTP server (${databaseKind()})`, () => {
  let services: TestServices;

  beforeAll(async () => {
    services = await openTestServices();
    provideAppServices(services);
  });
  afterAll(async () => services?.close());
  // Mid-hour, so no real window boundary falls between the 5th and the 6th request.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.UTC(2031, 4, 6, 10, 30, 0));
  });
  afterEach(() => vi.useRealTimers());

  it("ignores spoofed X-Forwarded-For and X-Registry-Client-IP without trusted proxies", async () => {
    const server = await listen(0);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await fetch(`${server.url}/api/v1/scan`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-forwarded-for": `10.9.${i}.1, 172.16.${i}.2`,
            "x-registry-client-ip": `203.0.113.${i + 1}`,
            "x-real-ip": `198.51.100.${i + 1}`,
          },
          // Refused by the handler (400), but only after the gate has counted it.
          body: JSON.stringify({}),
        });
        statuses.push(response.status);
        await response.arrayBuffer();
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      const who = await fetch(`${server.url}/whoami`, { headers: { "x-forwarded-for": "1.2.3.4", "x-registry-client-ip": "5.6.7.8" } });
      expect(await who.json()).toEqual({ clientIp: "127.0.0.1" });
    } finally {
      await server.close();
    }
  });

  it("reads X-Forwarded-For from the right, past the trusted proxies only", async () => {
    const server = await listen(1);
    try {
      // Our proxy appended 203.0.113.77; whatever the client put before it is ignored.
      const seen = new Set<string>();
      for (const spoof of ["1.1.1.1", "2.2.2.2, 3.3.3.3", ""]) {
        const response = await fetch(`${server.url}/whoami`, { headers: { "x-forwarded-for": `${spoof ? `${spoof}, ` : ""}203.0.113.77`, "x-registry-client-ip": "9.9.9.9" } });
        seen.add((await response.json()).clientIp);
      }
      expect([...seen]).toEqual(["203.0.113.77"]);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await fetch(`${server.url}/api/v1/scan`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `100.64.${i}.9, 203.0.113.88` },
          body: "{}",
        });
        statuses.push(response.status);
        await response.arrayBuffer();
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    } finally {
      await server.close();
    }
  });
});
