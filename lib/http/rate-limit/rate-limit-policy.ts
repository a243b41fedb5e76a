import type { AccessKind } from "../request-gate";

/**
 * The limits of docs/api-keys-and-rate-limits.md#buckets, one rule per bucket. A keyed client has
 * one bucket for everything; a client without a key has one per kind of
 * request, per address. Tests and operators may override the numbers, never
 * the shape.
 */
export const RATE_LIMIT_RULES = ["read", "scan", "certify", "key"] as const;
export type RateLimitRule = (typeof RATE_LIMIT_RULES)[number];

interface RuleLimit {
  limit: number;
  windowMs: number;
}

export type RateLimitPolicy = Record<RateLimitRule, RuleLimit>;

const HOUR_MS = 3600_000;

export const DEFAULT_RATE_LIMIT_POLICY: Readonly<RateLimitPolicy> = Object.freeze({
  read: { limit: 100, windowMs: HOUR_MS },
  scan: { limit: 5, windowMs: HOUR_MS },
  certify: { limit: 5, windowMs: HOUR_MS },
  key: { limit: 1000, windowMs: HOUR_MS },
});

/** Words for a 429's message: what was exceeded, so a person knows which quota ran out. */
export const RULE_DESCRIPTION: Record<RateLimitRule, string> = {
  read: "requests per client address",
  scan: "scans per client address",
  certify: "certification requests per client address",
  key: "requests per API key",
};

/**
 * Which bucket a request draws from (docs/api-keys-and-rate-limits.md#what-is-counted), or null for unmetered routes
 * (badges, discovery, OpenAPI, pages), which are never counted.
 */
export function ruleForAccess(access: AccessKind, keyed: boolean): RateLimitRule | null {
  if (access === "unmetered") return null;
  if (keyed) return "key";
  // Without a key an operator route answers 401; probing it is counted like a read.
  return access === "admin" ? "read" : access;
}
