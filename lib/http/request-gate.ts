/**
 * What every /api/v1 request passes before its handler: API-key check and
 * rate limits (spec 5 and 8, D9, D10). The gate decides; the wrapper applies
 * its headers to whatever the handler answers.
 */
export type AccessKind = "read" | "scan" | "certify" | "unmetered";

export interface GateInput {
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
   * be counted safely (the shared limit store is down, D10).
   */
  admit(input: GateInput): Promise<GateDecision>;
}

/** Admits everything: the gate before keys and limits exist, and for unmetered routes. */
export const openGate: RequestGate = {
  async admit() {
    return { headers: new Headers(), apiKey: null };
  },
};
