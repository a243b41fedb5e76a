import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "@/app/v0.1/servers/route";
import * as serverRoute from "@/app/v0.1/servers/[...path]/route";
import * as unknownRoute from "@/app/v0.1/[...rest]/route";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { provideAppServices } from "@/lib/services/app-services";
import { expectShape, ServerList, ServerResponse } from "../../support/official-registry-schema";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { BASE, seedSubregistry } from "./seed-subregistry";
import { RegistryClient } from "./spec-client";

/**
 * The real /v0.1 route handlers behind a real HTTP listener on loopback,
 * and a client that only knows the published API: what a registry-only MCP
 * client sees when pointed at this service.
 */
function serveRoutes(): Promise<Server> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const handler = url.pathname === "/v0.1/servers" ? listRoute.GET : url.pathname.startsWith("/v0.1/servers/") ? serverRoute.GET : unknownRoute.GET;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    headers.set(CLIENT_IP_HEADER, req.socket.remoteAddress ?? "unknown");
    const response = await (handler as (r: Request) => Promise<Response>)(new Request(url, { method: req.method, headers }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe(`a registry-only client against /v0.1 over HTTP on ${databaseKind()}`, () => {
  let services: TestServices;
  let http: Server;
  let client: RegistryClient;
  beforeAll(async () => {
    services = await openTestServices({ BASE_URL: BASE });
    provideAppServices(services);
    await seedSubregistry(services);
    http = await serveRoutes();
    client = new RegistryClient(`http://127.0.0.1:${(http.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await new Promise((resolve) => http?.close(resolve));
    await services?.close();
  });

  it("lists only servers that meet the trust policy, page by page, each in the official shape", async () => {
    const allowed = await client.listAll({ minGrade: "B", limit: 1 });
    expect(allowed.map((s) => s.server.name)).toEqual(["io.github.alpha/weather", "io.github.beta/notes"]);
    expectShape(ServerList, { servers: allowed });
    for (const entry of allowed) {
      const verdict = entry._meta?.["dev.mcp-trust-registry/verdict"];
      expect(["A", "B"]).toContain(verdict?.grade);
      // What the client would install from: the publisher's remote, read back by name.
      const latest = expectShape(ServerResponse, await client.latest(entry.server.name));
      expect(latest.server).toEqual(entry.server);
      expect(latest.server.remotes?.[0].url).toMatch(/^https:\/\//);
      expect((await client.versions(entry.server.name)).servers).toHaveLength(1);
    }
  });

  it("lists everything without a policy, and refuses a server below it by name", async () => {
    expect(await client.listAll({ limit: 2 })).toHaveLength(5);
    expect(await client.listAll({ search: "delta", minGrade: "D" })).toEqual([]);
    await expect(client.latest("io.github.nobody/nothing")).rejects.toThrow(/404 Server not found/);
  });
});
