import type { NetworkEvidence } from "../scan-outcome";
import { isLoopbackAddress } from "../target-guard";
import { plainHit, type RuleHit } from "./rule-hit";

/**
 * Transport security from the evidence the TLS probe recorded. Only what was
 * observed is judged: no evidence earns no points, and says so.
 */
const OLD_PROTOCOL_RE = /^(?:SSLv[23]|TLSv1(?:\.0|\.1)?)$/i;
const WEAK_CIPHER_RE = /RC4|3DES|DES-CBC|_DES_|\bDES\b|NULL|EXPORT|anon|MD5/i;
const MIN_HSTS_SECONDS = 15_552_000;

/** Every address the target resolved to is loopback (and it resolved to at least one). */
export function servedOnLoopback(network: NetworkEvidence): boolean {
  return network.resolvedAddresses.length > 0 && network.resolvedAddresses.every(isLoopbackAddress);
}

/** Reports plain HTTP, certificate problems, old TLS, weak ciphers and HSTS gaps. */
export function detectTransportProblems(network: NetworkEvidence | null): RuleHit[] {
  if (!network) return [plainHit("TS-NO-EVIDENCE", "info", "transport", "The scan recorded no network evidence; transport security was not verified.", "no network evidence")];
  if (network.scheme === "http") {
    // On the scanning machine's own loopback nothing crosses a network: there is no one in between to read or alter the
    // traffic. Such targets exist only where private targets are allowed (local development, tests, evaluations).
    if (servedOnLoopback(network)) {
      return [plainHit("TS-LOOPBACK-HTTP", "info", "transport/scheme", `The server at ${network.host} is served over plain HTTP on this machine's loopback; deployed anywhere else it needs HTTPS.`, `http://${network.host}`)];
    }
    return [plainHit("TS-PLAINTEXT-HTTP", "medium", "transport/scheme", `The server at ${network.host} is served over plain HTTP.`, `http://${network.host}`)];
  }
  const hits: RuleHit[] = [];
  const tls = network.tls;
  if (!tls) {
    hits.push(plainHit("TS-TLS-UNKNOWN", "info", "transport/tls", "The scan recorded no TLS details for this https server; they could not be verified.", network.host));
  } else {
    const cert = `issuer: ${tls.issuer ?? "?"}; subject: ${tls.subject ?? "?"}; valid ${tls.validFrom ?? "?"} to ${tls.validTo ?? "?"}`;
    if (tls.selfSigned) hits.push(plainHit("TS-TLS-SELF-SIGNED", "high", "transport/tls", "The certificate is self-signed.", cert));
    if (tls.expired) hits.push(plainHit("TS-TLS-EXPIRED", "high", "transport/tls", "The certificate is outside its validity period.", cert));
    if (!tls.hostnameMatch) hits.push(plainHit("TS-TLS-HOSTNAME-MISMATCH", "high", "transport/tls", `The certificate does not cover ${network.host}.`, cert));
    if (!tls.authorized && !tls.selfSigned && !tls.expired && tls.hostnameMatch) {
      hits.push(plainHit("TS-TLS-UNTRUSTED", "high", "transport/tls", `The certificate chain is not trusted${tls.authorizationError ? ` (${tls.authorizationError})` : ""}.`, cert));
    }
    if (tls.protocol && OLD_PROTOCOL_RE.test(tls.protocol)) hits.push(plainHit("TS-TLS-OLD-PROTOCOL", "medium", "transport/tls", `Negotiated ${tls.protocol}.`, tls.protocol));
    if (tls.cipher && WEAK_CIPHER_RE.test(tls.cipher)) hits.push(plainHit("TS-TLS-WEAK-CIPHER", "medium", "transport/tls", `Negotiated the weak cipher ${tls.cipher}.`, tls.cipher));
  }
  if (!network.hsts) hits.push(plainHit("TS-NO-HSTS", "low", "transport/hsts", "No Strict-Transport-Security header.", network.host));
  else if (network.hsts.maxAge < MIN_HSTS_SECONDS) {
    hits.push(plainHit("TS-HSTS-SHORT", "low", "transport/hsts", `HSTS max-age is ${network.hsts.maxAge} seconds.`, `max-age=${network.hsts.maxAge}`));
  }
  return hits;
}
