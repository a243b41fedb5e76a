import { checkAddress, type TargetPolicy } from "../../scanning/target-guard";
import { tryNormalizeServerUrl } from "../normalize-url";

/**
 * Whether a remote URL from an imported server.json may become the
 * server's identity (its registry key;
 * docs/import.md#identity-no-loopback-private-or-placeholder-urls). Registry entries are written
 * by strangers and copied from READMEs: `http://localhost:3001/mcp`,
 * `https://<YOUR_HOST>/mcp` or `https://example.com/mcp` name no server
 * anyone else can reach, and as keys they make unrelated entries collide.
 * No DNS here: only what the URL itself says.
 *
 * `policy` is the scanner's (SCAN_ALLOW_PRIVATE_TARGETS, a test's
 * allowedRanges): local development may import its own loopback servers.
 * Placeholders are refused under every policy.
 */
export type IdentityCheck = { ok: true; url: string } | { ok: false; reason: string };

/** Text that marks a URL as a template or a value the reader was meant to replace. */
const PLACEHOLDER_MARKERS: Array<[RegExp, string]> = [
  [/[<>]|%3c|%3e/i, "an <angle-bracket> placeholder"],
  [/[{}]|%7b|%7d/i, "a {template} variable"],
  [/\$\{|\$[A-Z_][A-Z0-9_]+/, "a $VARIABLE placeholder"],
  [/\byour[-_ ]|your(?=[A-Z_])|YOUR/, "a 'your-…' placeholder"],
  [/\b(x{3,}|changeme|placeholder|replace[-_]?me)\b/i, "a placeholder word"],
];

/** Names reserved for documentation and examples (RFC 2606/6761): never a real server. */
const RESERVED_NAMES = /(^|\.)(example\.(com|net|org)|invalid)$/;
/** Names that only mean something on the machine or network that reads them. */
const LOCAL_NAMES = /(^|\.)(localhost|localdomain|local|internal|lan|home\.arpa|intranet)$/;

function shorten(url: string): string {
  return url.length > 120 ? `${url.slice(0, 117)}...` : url;
}

export function checkIdentityUrl(raw: string, policy: TargetPolicy = {}): IdentityCheck {
  for (const [marker, what] of PLACEHOLDER_MARKERS) {
    if (marker.test(raw)) return { ok: false, reason: `${shorten(raw)} has ${what}, not a real address` };
  }
  const normalized = tryNormalizeServerUrl(raw);
  if (!normalized) return { ok: false, reason: `${shorten(raw)} is not an http(s) URL without credentials` };
  const host = new URL(normalized).hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "");
  if (RESERVED_NAMES.test(host)) return { ok: false, reason: `${shorten(raw)} uses ${host}, a name reserved for examples` };
  const isAddress = /^[\d.]+$/.test(host) || host.includes(":");
  if (isAddress) {
    const checked = checkAddress(host, policy);
    if (!checked.allowed) return { ok: false, reason: `${shorten(raw)}: ${checked.reason}` };
    return { ok: true, url: normalized };
  }
  if (!policy.allowPrivateTargets && (LOCAL_NAMES.test(host) || !host.includes("."))) {
    return { ok: false, reason: `${shorten(raw)} names ${host}, a loopback or local-network host` };
  }
  return { ok: true, url: normalized };
}
