import { Ratelimit } from "@upstash/ratelimit";
import type { Redis as UpstashRedis } from "@upstash/redis";
import { createCountMirror } from "./count-mirror";
import { DEFAULT_RATE_LIMIT_POLICY, RATE_LIMIT_RULES, type RateLimitPolicy, type RateLimitRule } from "./rate-limit-policy";
import type { BackendKind, LimiterBackend, ScriptRunner } from "./script-runner";

/**
 * The rate limiter (docs/api-keys-and-rate-limits.md#rate-limits): @upstash/ratelimit's fixed-window algorithm over
 * whichever store is configured, with counts kept in process whenever that
 * store fails.
 *
 * Why fixed window: its counts are exact and its reset is one instant, so
 * RateLimit-Remaining, RateLimit-Reset and Retry-After are true (a client
 * that waits Retry-After seconds is admitted). The library's sliding window
 * weighs the previous window, so a client refused near a window's end can
 * still be refused after the reset it was told. The price is a burst of up
 * to twice the limit across a window boundary, which the per-process scan
 * concurrency cap absorbs.
 *
 * Why not fail-open: the library's own timeout admits the request
 * ("reason: timeout") when Redis is slow, which would turn an outage into
 * unlimited scans. We run with its timeout off, apply our own (~300 ms),
 * and on error or timeout count the request in process instead, log once,
 * and try the store again after a short pause.
 *
 * Why a mirror and not counts from zero (the fail-safe of
 * docs/limits-and-faults.md#rate-limits-while-redis-is-down): an outage must not
 * hand out fresh scan or certify quota. Every verdict of the store is copied
 * into this process (count-mirror.ts), and during an outage requests are
 * counted on from those copies. A scan or certification request from a
 * client this process holds no copy for (it was counted by another process,
 * or before a restart) is refused with `storeDownUntilMs` (503 with
 * Retry-After) rather than admitted on a guess; reads count from zero. When
 * the store answers again and knows fewer requests than this process
 * counted (admissions during the outage, or a Redis that came back empty),
 * it is raised to this process's count, so no process starts over.
 */

export interface RateLimitVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the window resets, ms since the epoch. */
  resetAtMs: number;
  /** The store that counted this request. */
  backend: BackendKind;
  /**
   * Set when a fail-safe request was refused because the store is down and
   * this process holds no count from it to go on from: not a spent quota, so
   * a 503 with Retry-After until then (when the store is tried again), not a 429.
   */
  storeDownUntilMs?: number;
}

interface ConsumeOptions {
  /**
   * Never admit on a count begun during a store outage (scans and
   * certification intakes, keyed or not;
   * docs/limits-and-faults.md#rate-limits-while-redis-is-down). Defaults to
   * true for the scan and certify rules.
   */
  failSafe?: boolean;
}

/** What GET /api/health reports for the limiter's store. */
export type StoreStatus = "ok" | "down" | "not_configured";

export interface RateLimiter {
  consume(rule: RateLimitRule, identifier: string, options?: ConsumeOptions): Promise<RateLimitVerdict>;
  readonly policy: Readonly<RateLimitPolicy>;
  /** The store requests are counted in right now: the configured one, or "memory" during an outage. */
  activeBackend(): BackendKind;
  /** Asks the configured store for a round trip, within the store timeout; "not_configured" when counting in process by design. */
  checkStore(): Promise<StoreStatus>;
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

/** Scans and certification intakes: the requests an outage must not hand fresh quota to (docs/limits-and-faults.md#rate-limits-while-redis-is-down). */
const FAIL_SAFE_RULES: ReadonlySet<RateLimitRule> = new Set(["scan", "certify"]);

/** Builds the limiter; see the module comment for the algorithm, the fallback and the fail-safe. */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const policy = options.policy ?? DEFAULT_RATE_LIMIT_POLICY;
  const prefix = options.prefix ?? "mtr:rl";
  const timeoutMs = options.timeoutMs ?? 300;
  const retryAfterFailureMs = options.retryAfterFailureMs ?? 5_000;
  const now = options.now ?? (() => Date.now());
  const log = options.log ?? ((message: string) => console.warn(message));
  const primary = options.primary;
  const limiters = buildLimiters(primary.runner, policy, prefix);
  const mirror = createCountMirror();
  let downUntil = 0;
  let down = false;
  let memoryBroken = false;

  function verdictOf(result: { success: boolean; limit: number; remaining: number; reset: number }, backend: BackendKind): RateLimitVerdict {
    return { allowed: result.success, limit: result.limit, remaining: result.remaining, resetAtMs: result.reset, backend };
  }

  /** No shared store configured: the in-process store is the store (one process; counts start over on restart). */
  async function countInMemory(rule: RateLimitRule, identifier: string): Promise<RateLimitVerdict> {
    try {
      return verdictOf(await limiters[rule].limit(identifier), "memory");
    } catch (error) {
      // A bug, not an outage: the in-process store cannot be down. Admit rather than fail the request.
      if (!memoryBroken) {
        memoryBroken = true;
        log(`[rate-limit] the in-process store failed (${error instanceof Error ? error.message : String(error)}); admitting uncounted`);
      }
      const { limit, windowMs } = policy[rule];
      return { allowed: true, limit, remaining: limit, resetAtMs: now() + windowMs, backend: "memory" };
    }
  }

  async function countInStore(rule: RateLimitRule, identifier: string): Promise<RateLimitVerdict> {
    const key = `${rule}:${identifier}`;
    let result = await limiters[rule].limit(identifier);
    const usedInStore = (r: typeof result) => (r.success ? r.limit - r.remaining : r.limit);
    const held = mirror.get(key, now());
    if (result.success && held && held.resetAtMs === result.reset && usedInStore(result) <= held.used) {
      // The store knows fewer requests in this window than this process counted: raise it to ours plus this one.
      result = await limiters[rule].limit(identifier, { rate: held.used + 1 - usedInStore(result) });
    }
    mirror.record(key, usedInStore(result), result.reset, now());
    return verdictOf(result, primary.kind);
  }

  function countInProcess(rule: RateLimitRule, identifier: string, failSafe: boolean): RateLimitVerdict {
    const key = `${rule}:${identifier}`;
    const { limit, windowMs } = policy[rule];
    const at = now();
    const held = mirror.get(key, at);
    if (failSafe && !held?.fromStore) {
      const resetAtMs = held?.resetAtMs ?? (Math.floor(at / windowMs) + 1) * windowMs;
      return { allowed: false, limit, remaining: 0, resetAtMs, backend: "memory", storeDownUntilMs: Math.max(downUntil, at + 1) };
    }
    const counted = mirror.countHere(key, at, windowMs);
    return { allowed: counted.used <= limit, limit, remaining: Math.max(0, limit - counted.used), resetAtMs: counted.resetAtMs, backend: "memory" };
  }

  return {
    async consume(rule, identifier, consumeOptions = {}) {
      if (primary.kind === "memory") return countInMemory(rule, identifier);
      if (!down || now() >= downUntil) {
        try {
          const verdict = await withTimeout(countInStore(rule, identifier), timeoutMs);
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
      return countInProcess(rule, identifier, consumeOptions.failSafe ?? FAIL_SAFE_RULES.has(rule));
    },
    policy,
    activeBackend: () => (primary.kind !== "memory" && down ? "memory" : primary.kind),
    async checkStore() {
      if (primary.kind === "memory") return "not_configured";
      try {
        // A read of a counter nobody uses, through the library's own script: what the limiter needs from the store, without counting anything.
        await withTimeout(limiters.read.getRemaining("health-check"), timeoutMs);
        return "ok";
      } catch {
        return "down";
      }
    },
    close: () => primary.close(),
  };
}
