import { Ratelimit } from "@upstash/ratelimit";
import type { Redis as UpstashRedis } from "@upstash/redis";
import { createMemoryScriptRunner } from "./memory-script-runner";
import { DEFAULT_RATE_LIMIT_POLICY, RATE_LIMIT_RULES, type RateLimitPolicy, type RateLimitRule } from "./rate-limit-policy";
import type { BackendKind, LimiterBackend, ScriptRunner } from "./script-runner";

/**
 * The rate limiter (D10): @upstash/ratelimit's fixed-window algorithm over
 * whichever store is configured, with the in-process store standing in
 * whenever that store fails.
 *
 * Why fixed window: its counts are exact and its reset is one instant, so
 * RateLimit-Remaining, RateLimit-Reset and Retry-After are true (a client
 * that waits Retry-After seconds is admitted). The library's sliding window
 * weighs the previous window, so a client refused near a window's end can
 * still be refused after the reset it was told. The price is a burst of up
 * to twice the limit across a window boundary, which the per-process scan
 * concurrency cap absorbs.
 *
 * Why a fallback and not fail-open: the library's own timeout admits the
 * request ("reason: timeout") when Redis is slow, which would turn an
 * outage into unlimited scans. We run with its timeout off, apply our own
 * (~300 ms), and on error or timeout count the request in process instead,
 * log once, and try Redis again after a short pause. A limiter failure
 * never fails a request.
 */

export interface RateLimitVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the window resets, ms since the epoch. */
  resetAtMs: number;
  /** The store that counted this request. */
  backend: BackendKind;
}

export interface RateLimiter {
  consume(rule: RateLimitRule, identifier: string): Promise<RateLimitVerdict>;
  readonly policy: Readonly<RateLimitPolicy>;
  /** The store requests are counted in right now: the configured one, or "memory" during an outage. */
  activeBackend(): BackendKind;
  close(): Promise<void>;
}

export interface RateLimiterOptions {
  primary: LimiterBackend;
  policy?: RateLimitPolicy;
  /** Key prefix in the store; tests use one per run so runs never share counters. */
  prefix?: string;
  /** Longest wait for the store before counting in process instead. */
  timeoutMs?: number;
  /** After a failure, how long to count in process before trying the store again. */
  retryAfterFailureMs?: number;
  /** Must be the clock @upstash/ratelimit reads (Date.now); tests fake Date to move time. */
  now?: () => number;
  log?: (message: string) => void;
}

type Limiters = Record<RateLimitRule, Ratelimit>;

function buildLimiters(runner: ScriptRunner, policy: RateLimitPolicy, prefix: string): Limiters {
  const limiters = {} as Limiters;
  for (const rule of RATE_LIMIT_RULES) {
    const { limit, windowMs } = policy[rule];
    limiters[rule] = new Ratelimit({
      // The library types its client as @upstash/redis; it only calls eval/evalsha (see script-runner.ts).
      redis: runner as unknown as UpstashRedis,
      limiter: Ratelimit.fixedWindow(limit, `${windowMs} ms`),
      prefix: `${prefix}:${rule}`,
      timeout: 0,
      ephemeralCache: false,
      analytics: false,
      enableProtection: false,
      enableTelemetry: false,
    });
  }
  return limiters;
}

class StoreTimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = "StoreTimeoutError";
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreTimeoutError(ms)), ms);
  });
  promise.catch(() => {}); // a late rejection after the timeout is expected and already handled
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Builds the limiter; see the module comment for the algorithm and the fallback. */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const policy = options.policy ?? DEFAULT_RATE_LIMIT_POLICY;
  const prefix = options.prefix ?? "mtr:rl";
  const timeoutMs = options.timeoutMs ?? 300;
  const retryAfterFailureMs = options.retryAfterFailureMs ?? 5_000;
  const now = options.now ?? (() => Date.now());
  const log = options.log ?? ((message: string) => console.warn(message));
  const primary = options.primary;
  const primaryLimiters = buildLimiters(primary.runner, policy, prefix);
  const fallbackLimiters =
    primary.kind === "memory" ? primaryLimiters : buildLimiters(createMemoryScriptRunner({ now }), policy, prefix);
  let downUntil = 0;
  let down = false;
  let fallbackBroken = false;

  async function count(limiters: Limiters, rule: RateLimitRule, identifier: string, backend: BackendKind): Promise<RateLimitVerdict> {
    const result = await limiters[rule].limit(identifier);
    return { allowed: result.success, limit: result.limit, remaining: result.remaining, resetAtMs: result.reset, backend };
  }

  return {
    async consume(rule, identifier) {
      if (primary.kind !== "memory" && (!down || now() >= downUntil)) {
        try {
          const verdict = await withTimeout(count(primaryLimiters, rule, identifier, primary.kind), timeoutMs);
          if (down) {
            down = false;
            log(`[rate-limit] ${primary.kind} is answering again; counting there again`);
          }
          return verdict;
        } catch (error) {
          downUntil = now() + retryAfterFailureMs;
          if (!down) {
            down = true;
            log(`[rate-limit] ${primary.kind} failed (${error instanceof Error ? error.message : String(error)}); counting in process until it answers again`);
          }
        }
      }
      try {
        return await count(fallbackLimiters, rule, identifier, "memory");
      } catch (error) {
        // Last resort (a bug, not an outage: the in-process store cannot be down). Admit rather than fail the request.
        if (!fallbackBroken) {
          fallbackBroken = true;
          log(`[rate-limit] the in-process store failed (${error instanceof Error ? error.message : String(error)}); admitting uncounted`);
        }
        const { limit, windowMs } = policy[rule];
        return { allowed: true, limit, remaining: limit, resetAtMs: now() + windowMs, backend: "memory" };
      }
    },
    policy,
    activeBackend: () => (primary.kind !== "memory" && down ? "memory" : primary.kind),
    close: () => primary.close(),
  };
}
