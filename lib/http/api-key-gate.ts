import { authenticateApiKey } from "@/lib/core/api-keys/authenticate-api-key";
import type { ApiKeyStore } from "@/lib/core/api-keys/api-key-store";
import { AppError } from "@/lib/core/errors";
import { clientBucket } from "./rate-limit/client-bucket";
import type { RateLimiter } from "./rate-limit/create-rate-limiter";
import { rateLimitHeaders, secondsUntil } from "./rate-limit/rate-limit-headers";
import { RULE_DESCRIPTION, ruleForAccess } from "./rate-limit/rate-limit-policy";
import type { GateDecision, RequestGate } from "./request-gate";

const API_KEY_HEADER = "x-api-key";

export interface ApiKeyGateDeps {
  apiKeys: ApiKeyStore;
  limiter: RateLimiter;
  /** The limiter's clock (Date.now unless a test fakes Date). */
  now?: () => number;
}

/**
 * The real gate (docs/api-keys-and-rate-limits.md). A present key must be valid on
 * every route, unmetered ones included: a wrong key is a client bug the
 * client should hear about, never a silent downgrade to anonymous. Then the
 * request is counted: per key when keyed, else per client address and kind.
 * The address is the one our own HTTP server put in x-registry-client-ip,
 * never a header the client chose. While the shared limit store is down, a
 * scan or certification request the limiter cannot count on from the
 * store's own counts gets 503 with Retry-After (the fail-safe of
 * docs/limits-and-faults.md#rate-limits-while-redis-is-down).
 */
export function createApiKeyGate(deps: ApiKeyGateDeps): RequestGate {
  const now = deps.now ?? (() => Date.now());
  const lastTouched = new Map<string, number>();

  return {
    async admit({ request, clientIp, access }): Promise<GateDecision> {
      const presented = request.headers.get(API_KEY_HEADER);
      let apiKey: GateDecision["apiKey"] = null;
      if (presented !== null) {
        const record = await authenticateApiKey(deps.apiKeys, presented, { lastTouched, now: () => new Date(now()) });
        if (!record) throw new AppError("unauthorized", "The API key in X-API-Key is not valid (unknown or revoked).");
        apiKey = { id: record.id, scope: record.scope };
      }
      const rule = ruleForAccess(access, apiKey !== null);
      if (!rule) return { headers: new Headers(), apiKey };

      const identifier = apiKey ? `key:${apiKey.id}` : `ip:${clientBucket(clientIp)}`;
      // Keyed scans draw from the key's bucket, and still must not get fresh quota from a store outage.
      const verdict = await deps.limiter.consume(rule, identifier, { failSafe: access === "scan" || access === "certify" });
      const at = now();
      if (verdict.storeDownUntilMs !== undefined) {
        // Fail-safe (docs/limits-and-faults.md#rate-limits-while-redis-is-down): no count to go on from while the shared store is down. Not a spent quota, so no RateLimit-* fields.
        const retryAfterSeconds = secondsUntil(verdict.storeDownUntilMs, at);
        throw new AppError(
          "service_unavailable",
          `Scans and certification requests are paused while the rate-limit store is unreachable. Try again in ${retryAfterSeconds} s.`,
          { retryAfterSeconds },
        );
      }
      const headers = rateLimitHeaders(verdict, at);
      if (!verdict.allowed) {
        const retryAfterSeconds = secondsUntil(verdict.resetAtMs, at);
        throw new AppError(
          "rate_limited",
          `Rate limit exceeded: ${verdict.limit} ${RULE_DESCRIPTION[rule]} per ${windowWords(deps.limiter.policy[rule].windowMs)}. Try again in ${retryAfterSeconds} s.`,
          { retryAfterSeconds, headers },
        );
      }
      return { headers: new Headers(headers), apiKey };
    },
  };
}

function windowWords(windowMs: number): string {
  if (windowMs === 3600_000) return "hour";
  if (windowMs % 3600_000 === 0) return `${windowMs / 3600_000} hours`;
  return `${Math.round(windowMs / 1000)} s`;
}
