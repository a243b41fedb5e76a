/**
 * The part of a Redis client that @upstash/ratelimit actually calls for the
 * algorithms we use (read from its source: `safeEval` tries EVALSHA and falls
 * back to EVAL on NOSCRIPT; analytics, deny lists and dynamic limits, which
 * would need more, are off). Every backend (Upstash REST, Redis over TCP,
 * in-process) implements exactly this, so one limiter code path runs on all
 * of them.
 */
export interface ScriptRunner {
  eval(script: string, keys: string[], args: unknown[]): Promise<unknown>;
  evalsha(sha1: string, keys: string[], args: unknown[]): Promise<unknown>;
}

export type BackendKind = "upstash" | "redis" | "memory";

export interface LimiterBackend {
  kind: BackendKind;
  runner: ScriptRunner;
  close(): Promise<void>;
}
