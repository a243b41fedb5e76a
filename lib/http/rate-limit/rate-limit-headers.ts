import type { RateLimitVerdict } from "./create-rate-limiter";

/**
 * RateLimit-Limit, -Remaining and -Reset (docs/api-keys-and-rate-limits.md#headers; the IETF RateLimit header
 * fields draft), Reset in whole seconds until the window resets.
 */
export function rateLimitHeaders(verdict: RateLimitVerdict, nowMs: number): Record<string, string> {
  return {
    "ratelimit-limit": String(verdict.limit),
    "ratelimit-remaining": String(Math.max(0, verdict.remaining)),
    "ratelimit-reset": String(secondsUntil(verdict.resetAtMs, nowMs)),
  };
}

/** Whole seconds until `atMs`, at least 1: a client told "0" retries at once and is refused again. */
export function secondsUntil(atMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((atMs - nowMs) / 1000));
}
