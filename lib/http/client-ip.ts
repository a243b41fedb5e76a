/**
 * The client's address as the rate limiter should see it (docs/http-edge.md#1-client-address): the socket
 * address, unless `trustedProxyCount` proxies sit in front, in which case
 * X-Forwarded-For is read from the right, skipping that many hops. A client
 * can prepend anything to X-Forwarded-For but cannot change what our own
 * proxies append, so reading from the right cannot be spoofed.
 */
function resolveClientIp(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxyCount: number,
): string {
  const socket = stripIpv4Mapped(socketAddress ?? "unknown");
  if (trustedProxyCount <= 0) return socket;
  const raw = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const hops = raw
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  // The socket peer is the last proxy; each trusted proxy appended the address it saw.
  const chain = [...hops, socket];
  const index = chain.length - 1 - trustedProxyCount;
  return stripIpv4Mapped(chain[Math.max(0, index)]);
}

function stripIpv4Mapped(address: string): string {
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
}

/** The request header the app's own server sets; handlers read the client IP from it and nothing else. */
export const CLIENT_IP_HEADER = "x-registry-client-ip";

/** The parts of node:http's IncomingMessage the preparation reads and writes. */
export interface PreparableRequest {
  socket: { remoteAddress?: string };
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Runs on every request before Next sees it (lib/server/http-server.ts, for
 * `npm start` and `npm run dev` alike): computes the client address from the
 * socket and the trusted proxies only, and OVERWRITES x-registry-client-ip,
 * so a client that sends that header itself, or a made-up X-Forwarded-For,
 * gains nothing. Without trusted proxies X-Forwarded-For is replaced by the
 * socket address too, so nothing downstream can be fooled by it. Answers the
 * address for logging.
 */
export function prepareIncomingRequest(req: PreparableRequest, trustedProxyCount: number): string {
  const clientIp = resolveClientIp(req.socket.remoteAddress, req.headers["x-forwarded-for"], trustedProxyCount);
  req.headers[CLIENT_IP_HEADER] = clientIp;
  if (trustedProxyCount === 0) req.headers["x-forwarded-for"] = clientIp;
  return clientIp;
}
