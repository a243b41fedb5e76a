import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A registry that lies, on loopback, for the cases verdaccio will not serve:
 * a packument whose integrity does not match, a tarball that escapes its
 * directory, a tarball URL on another origin, attestations, redirects.
 */
export interface FakeRoute {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer | ((base: string) => string | Buffer);
}

export interface FakeRegistry {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeRegistry(routes: Record<string, FakeRoute>): Promise<FakeRegistry> {
  const requests: string[] = [];
  let base = "";
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    const route = routes[req.url ?? ""];
    if (!route) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
      return;
    }
    const body = typeof route.body === "function" ? route.body(base) : (route.body ?? "");
    res.writeHead(route.status ?? 200, route.headers ?? {}).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url: base, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
