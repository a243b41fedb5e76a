import { isIP } from "node:net";
import tls, { type DetailedPeerCertificate, type PeerCertificate } from "node:tls";
import type { NetworkEvidence, TlsEvidence } from "./scan-outcome";

/**
 * Transport-security evidence of an https target (factor transportSecurity,
 * the report's `network.tls`: docs/findings-and-scans.md#the-report). The probe is a separate TLS handshake with
 * verification turned off, so that a bad certificate is described (issuer,
 * dates, why it fails) instead of only failing; whether the scan itself
 * trusts the certificate is decided by the MCP session's own connection.
 */

export interface TlsProbeOptions {
  /** The address the target guard checked: the probe connects here and nowhere else. */
  address: string;
  port: number;
  /** Host name for SNI and the identity check. */
  hostname: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Replaces the trust store (tests with a generated CA). */
  ca?: string | string[];
  now?: () => Date;
}

/** The handshake itself failed: no TLS evidence, and no https session either. */
export class TlsProbeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "TlsProbeError";
  }
}

function formatName(name: PeerCertificate["subject"] | undefined): string | null {
  if (!name) return null;
  const parts = Object.entries(name as unknown as Record<string, string | string[]>).map(
    ([key, value]) => `${key}=${Array.isArray(value) ? value.join("+") : value}`,
  );
  return parts.length > 0 ? parts.join(", ") : null;
}

function isoDate(value: string | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function isSelfSigned(cert: DetailedPeerCertificate, authorizationError: string | null): boolean {
  if (authorizationError === "DEPTH_ZERO_SELF_SIGNED_CERT" || authorizationError === "SELF_SIGNED_CERT_IN_CHAIN") return true;
  const issuer = cert.issuerCertificate;
  return Boolean(issuer && issuer.fingerprint256 && issuer.fingerprint256 === cert.fingerprint256);
}

/**
 * Handshakes with the checked address and describes what it saw. Throws
 * TlsProbeError when no handshake completes (refused, timeout, not TLS).
 */
export function probeTls(options: TlsProbeOptions): Promise<TlsEvidence> {
  const now = options.now ?? (() => new Date());
  return new Promise<TlsEvidence>((resolve, reject) => {
    let settled = false;
    const socket = tls.connect({
      host: options.address,
      port: options.port,
      servername: isIP(options.hostname) ? undefined : options.hostname,
      rejectUnauthorized: false,
      ALPNProtocols: ["http/1.1"],
      ...(options.ca ? { ca: options.ca } : {}),
    });
    const finish = (error: Error | null, evidence?: TlsEvidence) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      socket.destroy();
      if (error) reject(error);
      else resolve(evidence as TlsEvidence);
    };
    const onAbort = () => finish(new TlsProbeError(`TLS handshake with ${options.hostname} aborted`, { cause: options.signal?.reason }));
    const timer = setTimeout(() => finish(new TlsProbeError(`TLS handshake with ${options.hostname} timed out after ${options.timeoutMs} ms`)), options.timeoutMs);
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener("abort", onAbort, { once: true });

    socket.once("error", (error: NodeJS.ErrnoException) => {
      finish(new TlsProbeError(`TLS handshake with ${options.hostname} failed: ${error.code ?? error.message}`, { cause: error }));
    });
    socket.once("secureConnect", () => {
      const cert = socket.getPeerCertificate(true);
      if (!cert || Object.keys(cert).length === 0) {
        finish(new TlsProbeError(`${options.hostname} presented no certificate`));
        return;
      }
      const rawError = socket.authorizationError as unknown;
      const errorCode = rawError ? String(rawError instanceof Error ? ((rawError as NodeJS.ErrnoException).code ?? rawError.message) : rawError) : null;
      // Node reports a name mismatch as the authorization error, but only once the chain verified:
      // keep the two apart (authorized = the chain; hostnameMatch = the name).
      const nameOnly = errorCode === "ERR_TLS_CERT_ALTNAME_INVALID";
      const authorizationError = nameOnly ? null : errorCode;
      const validTo = isoDate(cert.valid_to);
      const identityError = tls.checkServerIdentity(options.hostname, cert);
      finish(null, {
        protocol: socket.getProtocol() ?? null,
        cipher: socket.getCipher()?.name ?? null,
        issuer: formatName(cert.issuer),
        subject: formatName(cert.subject),
        validFrom: isoDate(cert.valid_from),
        validTo,
        authorized: socket.authorized || nameOnly,
        authorizationError,
        hostnameMatch: identityError === undefined,
        selfSigned: isSelfSigned(cert, authorizationError),
        expired: authorizationError === "CERT_HAS_EXPIRED" || (validTo !== null && new Date(validTo).getTime() < now().getTime()),
      });
    });
  });
}

/**
 * Parses Strict-Transport-Security (RFC 6797). A header without a valid
 * max-age is no policy at all, so it yields null like a missing header.
 */
export function parseHsts(header: string | null | undefined): NetworkEvidence["hsts"] {
  if (!header) return null;
  let maxAge: number | null = null;
  let includeSubDomains = false;
  let preload = false;
  for (const directive of header.split(";")) {
    const [rawName, ...rest] = directive.split("=");
    const name = rawName.trim().toLowerCase();
    const value = rest.join("=").trim().replace(/^"(.*)"$/, "$1");
    if (name === "max-age" && maxAge === null && /^\d+$/.test(value)) maxAge = Number(value);
    else if (name === "includesubdomains") includeSubDomains = true;
    else if (name === "preload") preload = true;
  }
  return maxAge === null ? null : { maxAge, includeSubDomains, preload };
}
