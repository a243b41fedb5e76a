import type { NetworkEvidence } from "../scan-outcome";
import type { AnalyzedField } from "./analyzed-field";
import { registrableDomain } from "./registrable-domain";
import { plainHit, type RuleHit } from "./rule-hit";
import { URL_RE } from "./threat-targets";

/**
 * Network behaviour a remote scan can observe: where the endpoint
 * redirected, and which hosts its metadata points the model at. What the
 * server itself connects to cannot be observed from outside; the factor's
 * rationale says so rather than guessing.
 */

/** Reports redirects off-site, downgrades and long chains. */
export function detectRedirectProblems(network: NetworkEvidence | null): RuleHit[] {
  if (!network) return [];
  const hits: RuleHit[] = [];
  const home = registrableDomain(network.host);
  const chain = network.redirectChain;
  const offsite = chain.find((hop) => registrableDomain(hop.host) !== home);
  const sameSite = chain.find((hop) => hop.host.toLowerCase() !== network.host.toLowerCase() && registrableDomain(hop.host) === home);
  if (offsite) {
    hits.push(plainHit("NB-CROSS-HOST-REDIRECT", "medium", "network/redirects", `The endpoint redirected from ${network.host} to ${offsite.host}.`, `${offsite.status} -> ${offsite.url}`));
  } else if (sameSite) {
    hits.push(plainHit("NB-CROSS-HOST-REDIRECT", "low", "network/redirects", `The endpoint redirected to ${sameSite.host}, within the same site.`, `${sameSite.status} -> ${sameSite.url}`));
  }
  let secure = network.scheme === "https";
  for (const hop of chain) {
    const hopSecure = hop.url.toLowerCase().startsWith("https:");
    if (secure && !hopSecure && hop.url.toLowerCase().startsWith("http:")) {
      hits.push(plainHit("NB-HTTPS-DOWNGRADE", "high", "network/redirects", "A redirect left HTTPS for plain HTTP.", `${hop.status} -> ${hop.url}`));
      break;
    }
    secure = hopSecure;
  }
  if (chain.length > 3) hits.push(plainHit("NB-LONG-REDIRECT-CHAIN", "low", "network/redirects", `${chain.length} redirects before the endpoint answered.`, chain.map((h) => h.host).join(" -> ")));
  return hits;
}

/** Lists (info) the external hosts the metadata names, for review. */
export function detectExternalHosts(fields: readonly AnalyzedField[], network: NetworkEvidence | null): RuleHit[] {
  const home = network ? registrableDomain(network.host) : null;
  const hosts = new Set<string>();
  for (const field of fields) {
    if (field.decodedFrom) continue;
    URL_RE.lastIndex = 0;
    for (let m = URL_RE.exec(field.norm.lower); m !== null && hosts.size < 50; m = URL_RE.exec(field.norm.lower)) {
      const host = m[0].replace(/^https?:\/\//, "").split(/[/?#:]/)[0];
      if (host && registrableDomain(host) !== home) hosts.add(host);
    }
  }
  if (hosts.size === 0) return [];
  const list = [...hosts].sort().slice(0, 8);
  return [plainHit("NB-EXTERNAL-HOSTS", "info", "discovery/urls", `Metadata names ${hosts.size} external host(s): ${list.join(", ")}${hosts.size > list.length ? ", …" : ""}.`, list.join(" "))];
}
