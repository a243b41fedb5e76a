import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replaceLoggerForTests } from "@/lib/log";
import { attachEdgeHandlers, createRequestListener } from "@/lib/server/http-server";

/**
 * The app's own HTTP server in front of a stand-in for Next (a handler that
 * fails the test if it is reached for a request the front door must answer),
 * spoken to over raw sockets, so request lines no fetch client would send
 * (TRACE, `*`, `%ff`, PROPFIND, odd Expect headers, garbage) arrive as sent.
 */
const logLines: Array<Record<string, unknown>> = [];
const reachedApp: string[] = [];

async function rawRequest(port: number, text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    let data = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => (data += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head, ...rest] = data.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), headers: head.toLowerCase(), body: rest.join("\r\n\r\n") });
    });
  });
}

describe("the app's HTTP edge", () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    replaceLoggerForTests(pino({ level: "info" }, sink));
    const app = async (req: http.IncomingMessage, res: http.ServerResponse) => {
      reachedApp.push(`${req.method} ${req.url}`);
      if (req.url === "/explode") throw new Error("boom at /secret/path.ts with SELECT * FROM servers");
      const body = JSON.stringify({ csp: req.headers["content-security-policy"] ?? null });
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
    };
    server = http.createServer(createRequestListener(app, 0));
    attachEdgeHandlers(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    replaceLoggerForTests(undefined);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const request = (line: string, headers = "") => rawRequest(port, `${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`);

  it("answers malformed percent-encoding with a JSON 400 under the API and an HTML 400 for pages, before the app", async () => {
    const before = reachedApp.length;
    for (const bad of ["%ff", "%", "%zz", "%c0%af", "%ed%a0%80"]) {
      for (const prefix of ["/api/v1/server/", "/api/v1/certify/", "/api/v1/admin/certifications/", "/.well-known/"]) {
        const reply = await request(`GET ${prefix}${bad} HTTP/1.1`);
        expect(reply.status, prefix + bad).toBe(400);
        expect(reply.headers).toContain("content-type: application/json");
        expect(JSON.parse(reply.body)).toMatchObject({ error: "bad_request" });
      }
      for (const prefix of ["/servers/", "/certify/", "/servers/x/opengraph-image/"]) {
        const reply = await request(`GET ${prefix}${bad} HTTP/1.1`);
        expect(reply.status, prefix + bad).toBe(400);
        expect(reply.headers).toContain("content-type: text/html");
      }
    }
    expect(reachedApp.length).toBe(before);
  });

  it("answers TRACE, WebDAV and unknown methods with a JSON 405 and Allow, and `*` targets with 400", async () => {
    for (const method of ["TRACE", "PROPFIND", "MKCOL", "LOCK", "COPY"]) {
      for (const path of ["/api/v1/search", "/api/health", "/.well-known/agent.json", "/api/v1/mcp"]) {
        const reply = await request(`${method} ${path} HTTP/1.1`);
        expect(reply.status, `${method} ${path}`).toBe(405);
        expect(reply.headers).toMatch(/allow: get, head, post/);
        expect(JSON.parse(reply.body)).toMatchObject({ error: "method_not_allowed" });
      }
    }
    const star = await request("GET * HTTP/1.1");
    expect(star.status).toBe(400);
    const options = await request("OPTIONS * HTTP/1.1");
    expect(options.status).toBe(400);
    expect(JSON.parse(options.body)).toMatchObject({ error: "bad_request" });
  });

  it("answers an unsupported Expect with a JSON 417 and unparseable HTTP with a JSON 400", async () => {
    const expectation = await request("POST /api/v1/scan HTTP/1.1", "Expect: something-else\r\nContent-Length: 2\r\n");
    expect(expectation.status).toBe(417);
    expect(JSON.parse(expectation.body)).toMatchObject({ error: "bad_request" });
    const garbage = await rawRequest(port, "THIS IS NOT HTTP\r\n\r\n");
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toMatchObject({ error: "bad_request" });
    const badHeader = await rawRequest(port, "GET / HTTP/1.1\r\nHost: x\r\nBad Header Name: y\r\n\r\n");
    expect(badHeader.status).toBe(400);
  });

  it("hands the app a Content-Security-Policy with a fresh nonce and sends the same policy", async () => {
    const first = await request("GET /servers/x HTTP/1.1");
    const second = await request("GET /servers/x HTTP/1.1");
    const policies = [JSON.parse(first.body).csp, JSON.parse(second.body).csp] as string[];
    expect(policies[0]).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(policies[0]).not.toBe(policies[1]);
    expect(first.headers).toContain(`content-security-policy: ${policies[0].toLowerCase()}`);
  });

  it("turns an error escaping the app into a JSON 500 without detail, and logs it with its stack", async () => {
    const reply = await request("GET /explode HTTP/1.1");
    expect(reply.status).toBe(500);
    expect(JSON.parse(reply.body)).toEqual({ error: "internal_error", message: "Something went wrong on our side." });
    expect(reply.body).not.toMatch(/boom|secret|SELECT/);
    const logged = logLines.find((line) => line.level === 50 && line.scope === "server");
    expect((logged?.err as { stack?: string } | undefined)?.stack).toContain("boom");
  });

  it("logs one line per request with method, route pattern, status, duration and a client hash, and nothing private", async () => {
    const secretUrl = encodeURIComponent("https://example.com/mcp?token=SECRET-TOKEN");
    logLines.length = 0;
    await request(`GET /api/v1/server/${secretUrl}/report?email=alice@example.com HTTP/1.1`, "X-API-Key: mtr_SECRETKEY\r\n");
    await request("TRACE /api/v1/search HTTP/1.1");
    const requests = logLines.filter((line) => line.msg === "request");
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ method: "GET", route: "/api/v1/server/:url/report", status: 200 });
    expect(requests[1]).toMatchObject({ method: "TRACE", route: "/api/v1/search", status: 405 });
    for (const line of requests) {
      expect(typeof line.durationMs).toBe("number");
      expect(line.client).toMatch(/^[0-9a-f]{12}$/);
    }
    const text = JSON.stringify(logLines);
    for (const secret of ["SECRET-TOKEN", "alice@example.com", "mtr_SECRETKEY", "127.0.0.1"]) expect(text).not.toContain(secret);
  });
});
