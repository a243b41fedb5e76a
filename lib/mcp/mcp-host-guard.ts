/**
 * DNS-rebinding protection for the MCP endpoint (MCP transport security;
 * the conformance suite's dns-rebinding-protection scenario). A web page on
 * evil.example whose name is made to resolve to our address can make a
 * browser POST to us: its requests carry Host (and Origin) evil.example.
 * We answer only requests addressed to us: the host of BASE_URL, or
 * localhost / 127.0.0.1 / [::1] on the port we listen on.
 */

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

function defaultPort(protocol: string): string {
  return protocol === "https:" ? "443" : "80";
}

/**
 * The host:port pairs a request may name. From the configuration, not from
 * the request: BASE_URL is the address the public uses (a proxy in front
 * passes its Host through), the loopback names are for local clients.
 */
export function allowedHostKeys(baseUrl: string, port: number): Set<string> {
  const base = new URL(baseUrl);
  const keys = new Set([`${base.hostname}:${base.port || defaultPort(base.protocol)}`]);
  for (const name of LOOPBACK_NAMES) keys.add(`${name}:${port}`);
  return keys;
}

function parseHost(value: string): URL | null {
  try {
    const url = new URL(`http://${value}`);
    // Anything beyond host[:port] (a path, credentials) is not a Host header.
    if (url.username || url.password || url.pathname !== "/" || url.search || url.hash || value.includes("/")) return null;
    return url;
  } catch {
    return null;
  }
}

/**
 * Why the request must be refused, or null when its Host and Origin name
 * us. A Host without a port may mean 80 or 443 (a proxy in front may speak
 * either); an Origin always says its scheme, so its port is exact. A missing
 * Origin is fine: only browsers send it, and only browsers can be rebound.
 */
export function rebindingRefusal(headers: Headers, fallbackHost: string, allowed: Set<string>): string | null {
  const hostHeader = headers.get("host") ?? fallbackHost;
  const host = parseHost(hostHeader);
  const hostOk = host !== null && (host.port ? allowed.has(`${host.hostname}:${host.port}`) : allowed.has(`${host.hostname}:80`) || allowed.has(`${host.hostname}:443`));
  if (!hostOk) return `Host header ${JSON.stringify(hostHeader)} does not name this server.`;
  const origin = headers.get("origin");
  if (origin !== null) {
    let originOk = false;
    try {
      const url = new URL(origin);
      originOk = (url.protocol === "http:" || url.protocol === "https:") && allowed.has(`${url.hostname}:${url.port || defaultPort(url.protocol)}`);
    } catch {
      originOk = false;
    }
    if (!originOk) return `Origin ${JSON.stringify(origin)} is not allowed to call this server.`;
  }
  return null;
}
