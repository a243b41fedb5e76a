import http from "node:http";
import { randomBytes } from "node:crypto";
import type { Duplex } from "node:stream";
import next from "next";
import { prepareIncomingRequest } from "@/lib/http/client-ip";
import { clientHash, logError, logger } from "@/lib/log";
import { refuseExpectation, refuseRequestLine, renderRefusal, wantsJson, type Refusal } from "./front-door";
import { routeForLog } from "./request-log";
import { contentSecurityPolicy } from "./content-security-policy";

export interface RunningServer {
  url: string;
  /**
   * Graceful stop: no new connections, idle keep-alive sockets closed,
   * in-flight requests given up to `graceMs` to finish, then whatever is
   * left is cut. Resolves with how many requests were cut.
   */
  close(graceMs?: number): Promise<{ cut: number }>;
}

type RequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

function sendRefusal(req: http.IncomingMessage, res: http.ServerResponse, refusal: Refusal): void {
  const { body, headers } = renderRefusal(refusal, wantsJson(req.url));
  res.writeHead(refusal.status, { ...headers, "content-length": Buffer.byteLength(body), "cache-control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * The server's request listener, apart so the spoofing and edge tests run
 * it in a real node:http server in front of a route handler, without a Next
 * build. In order: client address (prepareIncomingRequest), the front door
 * (requests Next would answer with a bare 500), the Content-Security-Policy
 * with a fresh nonce that Next puts on its own scripts, the app, and one
 * log line when the response is finished. An error that escapes the app is
 * logged with its stack and answered as a JSON 500 without details.
 */
export function createRequestListener(handle: RequestHandler, trustedProxyCount: number): http.RequestListener {
  return (req, res) => {
    const started = process.hrtime.bigint();
    const clientIp = prepareIncomingRequest(req, trustedProxyCount);
    res.once("close", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger().info(
        {
          method: req.method,
          route: routeForLog(req.url),
          status: res.statusCode,
          durationMs: Math.round(durationMs * 10) / 10,
          client: clientHash(clientIp),
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        "request",
      );
    });
    const refusal = refuseRequestLine(req.method, req.url);
    if (refusal) return sendRefusal(req, res, refusal);

    const nonce = randomBytes(16).toString("base64");
    const policy = contentSecurityPolicy(req.url ?? "/", nonce);
    // Next reads the nonce for its inline scripts from the request's policy header.
    req.headers["content-security-policy"] = policy;
    res.setHeader("content-security-policy", policy);

    handle(req, res).catch((error: unknown) => {
      logError("server", error, { route: routeForLog(req.url) });
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader("content-type", "application/json; charset=utf-8");
        res.end(JSON.stringify({ error: "internal_error", message: "Something went wrong on our side." }));
      } else {
        res.destroy();
      }
    });
  };
}

/**
 * Answers what node's HTTP parser rejects before any listener runs (a
 * malformed request line or header): a JSON 400 instead of an empty one.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || (error as { code?: string }).code === "ECONNRESET") {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error: "bad_request", message: "The request could not be parsed as HTTP/1.1." });
  socket.end(
    `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/** Attaches the edge handlers every server of ours has, whatever it serves. */
export function attachEdgeHandlers(server: http.Server): void {
  server.on("clientError", answerClientError);
  // Expect other than 100-continue: node would answer an empty 417.
  server.on("checkExpectation", (req: http.IncomingMessage, res: http.ServerResponse) =>
    sendRefusal(req, res, refuseExpectation(req.headers.expect)),
  );
}

/**
 * Serves the Next.js app from our own node:http server. It exists because
 * `next start` passes a client-sent X-Forwarded-For through unchanged (so
 * handlers could not tell a spoofed address from a real one), answers
 * malformed paths and unknown methods with bare 500s, logs no requests and
 * drops in-flight requests on shutdown.
 */
export async function startHttpServer(options: {
  dev: boolean;
  host: string;
  port: number;
  trustedProxyCount: number;
}): Promise<RunningServer> {
  const app = next({ dev: options.dev, hostname: options.host, port: options.port, dir: process.cwd() });
  await app.prepare();
  const handle = app.getRequestHandler();
  const listener = createRequestListener(handle, options.trustedProxyCount);
  let inFlight = 0;
  let closing = false;
  let drained: (() => void) | null = null;
  const server = http.createServer((req, res) => {
    inFlight += 1;
    // During a graceful stop, a keep-alive socket is closed after its current response rather than reused.
    if (closing) res.setHeader("connection", "close");
    res.once("close", () => {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    });
    listener(req, res);
  });
  attachEdgeHandlers(server);
  // Slow clients cannot hold sockets forever.
  server.requestTimeout = 60_000;
  server.headersTimeout = 20_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    url: `http://${options.host === "0.0.0.0" ? "localhost" : options.host}:${port}`,
    close: async (graceMs = 10_000) => {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (inFlight > 0) {
        const finished = new Promise<void>((resolve) => (drained = resolve));
        await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
      }
      const cut = inFlight;
      server.closeAllConnections();
      await closed;
      return { cut };
    },
  };
}
