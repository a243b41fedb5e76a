import { isIP } from "node:net";

/**
 * Which URL literals in code are endpoints worth listing, and how suspicious
 * each is. Documentation, schema, licence and example hosts are not
 * endpoints; nor is the package's own repository or homepage. Loopback stays
 * (a server talking to a local daemon is worth knowing). Pure.
 */

export type EndpointClass = "ignored" | "collection" | "raw-ip" | "loopback" | "private" | "named";

const DOC_HOSTS = new Set([
  "json-schema.org", "w3.org", "www.w3.org", "schema.org", "schemas.xmlsoap.org", "xmlns.com", "purl.org", "ns.adobe.com",
  "opensource.org", "spdx.org", "creativecommons.org", "www.apache.org", "apache.org", "www.gnu.org", "gnu.org", "mozilla.org", "www.mozilla.org",
  "developer.mozilla.org", "nodejs.org", "npmjs.com", "www.npmjs.com", "docs.npmjs.com", "npm.im", "semver.org", "yaml.org", "unicode.org",
  "www.unicode.org", "tc39.es", "ecma-international.org", "tools.ietf.org", "datatracker.ietf.org", "www.rfc-editor.org", "rfc-editor.org",
  "modelcontextprotocol.io", "spec.modelcontextprotocol.io", "reactjs.org", "react.dev", "fb.me", "typescriptlang.org", "www.typescriptlang.org",
  "stackoverflow.com", "en.wikipedia.org", "git.io", "goo.gl", "bit.ly", "shields.io", "img.shields.io", "badge.fury.io",
]);
const DOC_SUFFIXES = [".example", ".test", ".invalid", ".localhost.example", "example.com", "example.org", "example.net", ".w3.org"];

/** Services whose business is catching requests: where exfiltration is usually sent. */
const COLLECTION_HOSTS = [
  "webhook.site", "requestbin.com", "requestbin.net", "pipedream.net", "m.pipedream.net", "ngrok.io", "ngrok-free.app", "ngrok.app", "ngrok.dev",
  "interact.sh", "oast.fun", "oast.pro", "oast.live", "oast.site", "oast.online", "oast.me", "burpcollaborator.net", "oastify.com",
  "requestcatcher.com", "beeceptor.com", "hookbin.com", "canarytokens.com", "dnslog.cn", "ceye.io", "serveo.net", "loca.lt", "localtunnel.me",
  "trycloudflare.com", "pastebin.com", "hastebin.com", "transfer.sh", "file.io", "0x0.st",
];
const COLLECTION_PATHS: { host: RegExp; path: RegExp }[] = [
  { host: /^(?:ptb\.|canary\.)?discord(?:app)?\.com$/, path: /^\/api\/(?:v\d+\/)?webhooks\// },
  { host: /^api\.telegram\.org$/, path: /^\/bot/ },
  { host: /^hooks\.slack\.com$/, path: /^\/services\// },
];

function matchesHost(host: string, list: Iterable<string>): boolean {
  for (const h of list) if (host === h || host.endsWith(`.${h}`)) return true;
  return false;
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "::1" || host === "0.0.0.0";
}

function isPrivateIp(host: string): boolean {
  return /^(?:10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|169\.254\.|100\.(?:6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.)/.test(host) || /^f[cd][0-9a-f]{2}:/i.test(host) || /^fe80:/i.test(host);
}

export interface OwnUrls {
  /** Normalised repository URL (https://github.com/o/r), or null. */
  repository: string | null;
  homepageHost: string | null;
}

export function classifyEndpoint(value: string, own: OwnUrls): { cls: EndpointClass; host: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { cls: "ignored", host: "" };
  }
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (!host || /[$%{}]/.test(value.slice(0, value.indexOf(host) + host.length + 1))) return { cls: "ignored", host };
  if (isIP(host) === 0 && !host.includes(".") && host !== "localhost") return { cls: "ignored", host };
  if (matchesHost(host, COLLECTION_HOSTS) || COLLECTION_PATHS.some((c) => c.host.test(host) && c.path.test(url.pathname))) return { cls: "collection", host };
  if (isLoopback(host)) return { cls: "loopback", host };
  if (isIP(host) !== 0) return { cls: isPrivateIp(host) ? "private" : "raw-ip", host };
  if (DOC_HOSTS.has(host) || DOC_SUFFIXES.some((s) => host === s || host.endsWith(s.startsWith(".") ? s : `.${s}`) || host === s)) return { cls: "ignored", host };
  if (own.homepageHost && host === own.homepageHost) return { cls: "ignored", host };
  if (own.repository) {
    const repo = own.repository.toLowerCase();
    const plain = `${url.protocol}//${host}${url.pathname}`.toLowerCase().replace(/\.git$/, "");
    if (plain === repo || plain.startsWith(`${repo}/`) || plain.startsWith(`${repo}#`)) return { cls: "ignored", host };
  }
  return { cls: "named", host };
}
