import { AppError } from "../errors";
import { canonicalPurl, parsePurl } from "./purl";

const MAX_URL_LENGTH = 2048;

/**
 * The registry's key for a server (docs/identity.md#what-a-server-is-keyed-by): scheme and host lower-cased, default
 * port dropped, fragment dropped, one trailing slash trimmed. The WHATWG URL
 * parser already lower-cases, converts IDN to punycode and compresses IPv6;
 * we add the policy on top. Only http(s) URLs without credentials are servers:
 * a URL with a password in it must never become a public registry key.
 */
export function normalizeServerUrl(raw: string): string {
  const input = raw.trim();
  if (input.length === 0) throw new AppError("invalid_url", "server_url is empty.");
  if (input.length > MAX_URL_LENGTH) {
    throw new AppError("invalid_url", `server_url is longer than ${MAX_URL_LENGTH} characters.`);
  }
  if (/^pkg:/i.test(input)) {
    throw new AppError(
      "invalid_url",
      "server_url is a Package URL (pkg:…), but this takes the http(s) URL of a running server: packages are assessed by the registry itself (import and rescan), not here. Look a package up with GET /api/v1/server/{url} or check_trust.",
    );
  }
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new AppError("invalid_url", "server_url is not a valid absolute URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new AppError("invalid_url", "server_url must use http or https.");
  }
  if (!url.hostname) throw new AppError("invalid_url", "server_url has no host.");
  if (url.username || url.password) {
    throw new AppError("invalid_url", "server_url must not carry a user name or password.");
  }
  let path = url.pathname;
  if (path.endsWith("/")) path = path.slice(0, -1);
  const normalized = `${url.protocol}//${url.host}${path}${url.search}`;
  return normalized;
}

/** Like normalizeServerUrl but answers null instead of throwing, for lookups of untrusted input. */
export function tryNormalizeServerUrl(raw: string): string | null {
  try {
    return normalizeServerUrl(raw);
  } catch {
    return null;
  }
}

/**
 * The registry key a reader asks for (docs/identity.md#what-a-server-is-keyed-by):
 * an http(s) URL normalized as normalizeServerUrl does, or a Package URL in
 * its canonical form (`pkg:npm/@scope/x` and `PKG:npm/%40scope/x` are `pkg:npm/%40scope/x`). Used wherever REST, MCP,
 * badges and pages look a server up by {url}; scans and certification stay
 * http(s)-only (normalizeServerUrl).
 */
export function normalizeServerIdentity(raw: string): string {
  if (/^\s*pkg:/i.test(raw)) {
    const purl = parsePurl(raw);
    if (!purl) throw new AppError("invalid_url", "server_url starts with pkg: but is not a valid Package URL (purl).");
    return canonicalPurl(purl);
  }
  return normalizeServerUrl(raw);
}

/** Like normalizeServerIdentity but answers null instead of throwing. */
export function tryNormalizeServerIdentity(raw: string): string | null {
  try {
    return normalizeServerIdentity(raw);
  } catch {
    return null;
  }
}

/**
 * Rebuilds a server URL from the {url} path segment(s). The segment is the
 * percent-encoded URL, but proxies sometimes decode it (turning %2F into /
 * and even collapsing "//" into "/"), so a catch-all route receives several
 * segments: join them and restore the scheme's double slash.
 */
export function serverUrlFromPathSegments(segments: readonly string[]): string {
  const joined = segments.map(safeDecode).join("/");
  return joined.replace(/^(https?):\/*/i, (_m, scheme: string) => `${scheme}://`);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
