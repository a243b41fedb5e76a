import { Redis as UpstashRedis } from "@upstash/redis";
import type { AppConfig } from "@/lib/config";
import { createRateLimiter, type RateLimiter, type RateLimiterOptions } from "./create-rate-limiter";
import { openIoredisBackend } from "./ioredis-script-runner";
import { createMemoryScriptRunner } from "./memory-script-runner";
import { DEFAULT_RATE_LIMIT_POLICY, type RateLimitPolicy } from "./rate-limit-policy";
import type { LimiterBackend } from "./script-runner";

export type RateLimiterOverrides = Omit<RateLimiterOptions, "primary" | "policy"> & {
  /** Rules replaced one by one; the others keep the product's limits. */
  policy?: Partial<RateLimitPolicy>;
};

/**
 * Picks the store from configuration: Upstash REST when its URL and token
 * are set, else Redis over TCP (REDIS_URL), else the in-process store (one
 * process only: counts are per process and start over on restart).
 */
export function openRateLimiter(config: AppConfig, overrides: RateLimiterOverrides = {}): RateLimiter {
  const timeoutMs = overrides.timeoutMs ?? 300;
  let primary: LimiterBackend;
  if (config.UPSTASH_REDIS_REST_URL && config.UPSTASH_REDIS_REST_TOKEN) {
    const client = new UpstashRedis({
      url: config.UPSTASH_REDIS_REST_URL,
      token: config.UPSTASH_REDIS_REST_TOKEN,
      retry: false,
      enableTelemetry: false,
    });
    primary = {
      kind: "upstash",
      runner: {
        eval: (script, keys, args) => client.eval(script, keys, args),
        evalsha: (sha, keys, args) => client.evalsha(sha, keys, args),
      },
      close: async () => {},
    };
  } else if (config.REDIS_URL) {
    primary = openIoredisBackend(config.REDIS_URL, { timeoutMs });
  } else {
    primary = { kind: "memory", runner: createMemoryScriptRunner({ now: overrides.now }), close: async () => {} };
  }
  return createRateLimiter({ ...overrides, policy: { ...DEFAULT_RATE_LIMIT_POLICY, ...overrides.policy }, timeoutMs, primary });
}
