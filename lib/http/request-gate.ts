/**
 * What every /api/v1 request passes before its handler: API-key check and
 * rate limits (docs/api-keys-and-rate-limits.md). The gate decides; the wrapper applies
 * its headers to whatever the handler answers.
 */
/** How a request is counted: a public read, a scan, a certification intake, an operator's request (reads and writes alike), or not at all. */
export type AccessKind = "read" | "scan" | "certify" | "admin" | "unmetered";

interface GateInput {
  request: Request;
  clientIp: string;
  access: AccessKind;
}

export interface GateDecision {
  /** Headers for the reply (RateLimit-*), whatever it turns out to be. */
  headers: Headers;
  /** The authenticated key, if one was sent and is valid. */
  apiKey: { id: string; scope: "client" | "admin" } | null;
}

export interface RequestGate {
  /**
   * Throws AppError unauthorized or rate_limited when the request may not go
   * on, or service_unavailable when a scan or certification request cannot
   * be counted safely (the shared limit store is down:
   * docs/limits-and-faults.md#rate-limits-while-redis-is-down).
   */
  admit(input: GateInput): Promise<GateDecision>;
}
