import http from "node:http";
import next from "next";
import { prepareIncomingRequest } from "@/lib/http/client-ip";

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

type RequestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/**
 * The server's request listener, apart so the spoofing tests run it in a
 * real node:http server in front of a route handler, without a Next build:
 * client address first (prepareIncomingRequest), then the app; an error that
 * escapes the app is a JSON 500 without details.
 */
export function createRequestListener(handle: RequestHandler, trustedProxyCount: number): http.RequestListener {
  return (req, res) => {
    prepareIncomingRequest(req, trustedProxyCount);
    handle(req, res).catch((error: unknown) => {
      console.error("[server] unhandled request error", error);
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
 * Serves the Next.js app from our own node:http server. It exists for one
 * reason: `next start` passes a client-sent X-Forwarded-For through
 * unchanged, so handlers could not tell a spoofed address from a real one.
 * Here the client address is computed from the socket (and trusted proxies
 * only) and put in a header that no client can set.
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
  const server = http.createServer(createRequestListener(handle, options.trustedProxyCount));
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
