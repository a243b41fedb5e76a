import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import type { LimiterBackend, ScriptRunner } from "./script-runner";

/**
 * A plain Redis over TCP (REDIS_URL) as the limiter's store, through ioredis.
 *
 * The library's scripts start with `#!lua flags=allow-key-locking`, a flag
 * Redis 7.0 does not know (it refuses the script). We strip such a shebang
 * line before EVAL, and keep a map from the library's SHA-1 (of the script
 * as written) to the stripped script and its own SHA-1, so EVALSHA asks
 * Redis for the script Redis actually cached. A NOSCRIPT reply (Redis
 * restarted, SCRIPT FLUSH) falls back to EVAL of the stripped script.
 *
 * The client fails fast instead of queueing: no offline queue, no retries
 * per command, a short command timeout. The limiter decides what a failure
 * means (fall back to the in-process store); ioredis keeps reconnecting in
 * the background so Redis is used again as soon as it is back.
 */

export interface IoredisBackendOptions {
  /** Connect and command timeout; the limiter's own deadline is the same order. */
  timeoutMs?: number;
}

const SHEBANG = /^#![^\n]*\n/;

function sha1(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

function redisArgs(values: unknown[]): (string | number)[] {
  return values.map((v) => (typeof v === "number" ? v : v === null || v === undefined ? "" : String(v)));
}

/** Adapts an ioredis client to the script-runner interface the library needs. */
export function createIoredisScriptRunner(client: Redis): ScriptRunner {
  const byLibrarySha = new Map<string, { script: string; sha: string }>();

  function isNoScript(error: unknown): boolean {
    return String(error).includes("NOSCRIPT");
  }

  return {
    async eval(script, keys, args) {
      const stripped = script.replace(SHEBANG, "");
      byLibrarySha.set(sha1(script), { script: stripped, sha: sha1(stripped) });
      return client.eval(stripped, keys.length, ...keys, ...redisArgs(args));
    },
    async evalsha(sha, keys, args) {
      const known = byLibrarySha.get(sha);
      // Unknown: ask Redis as is; NOSCRIPT makes the library send EVAL, which teaches us the script.
      if (!known) return client.evalsha(sha, keys.length, ...keys, ...redisArgs(args));
      try {
        return await client.evalsha(known.sha, keys.length, ...keys, ...redisArgs(args));
      } catch (error) {
        if (!isNoScript(error)) throw error;
        return client.eval(known.script, keys.length, ...keys, ...redisArgs(args));
      }
    },
  };
}

/** Opens the Redis backend (lazily: no connection until the first limited request). */
export function openIoredisBackend(url: string, options: IoredisBackendOptions = {}): LimiterBackend {
  const timeoutMs = options.timeoutMs ?? 300;
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: Math.max(timeoutMs, 1000),
    commandTimeout: timeoutMs,
    // Keep trying in the background, backing off to one attempt every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    enableReadyCheck: false,
  });
  // Connection errors are reported through the limiter's fallback log; without a listener ioredis prints each one.
  client.on("error", () => {});

  // Without an offline queue a command sent while connecting fails at once; wait (briefly) for the connection instead.
  function whenReady(): Promise<void> {
    if (client.status === "ready") return Promise.resolve();
    if (client.status === "end") return Promise.reject(new Error("the Redis client is closed"));
    if (client.status === "wait") client.connect().catch(() => {});
    return new Promise<void>((resolve, reject) => {
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        client.off("ready", onReady);
        reject(new Error(`Redis is not connected (${client.status}) after ${timeoutMs} ms`));
      }, timeoutMs);
      client.once("ready", onReady);
    });
  }

  const runner = createIoredisScriptRunner(client);
  return {
    kind: "redis",
    runner: {
      eval: async (script, keys, args) => {
        await whenReady();
        return runner.eval(script, keys, args);
      },
      evalsha: async (sha, keys, args) => {
        await whenReady();
        return runner.evalsha(sha, keys, args);
      },
    },
    close: async () => {
      client.disconnect(false);
    },
  };
}
