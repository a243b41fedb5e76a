import { createHash } from "node:crypto";
import type { ScriptRunner } from "./script-runner";

/**
 * The in-process store: a Redis stand-in that runs the two scripts of the
 * library's fixed-window algorithm (limit: INCRBY then PEXPIRE on the first
 * hit; remaining: GET) with the same semantics, so the library's own code
 * runs unchanged with or without Redis. Scripts are recognised by content
 * and remembered by SHA-1 as Redis's script cache would; an unknown script
 * is refused loudly, so a library upgrade that changes its scripts fails the
 * tests instead of silently counting nothing.
 *
 * Used when no Redis is configured (one process, e.g. development). During
 * an outage of a configured store the limiter counts in its count mirror
 * instead (count-mirror.ts), on from the store's own counts.
 */

interface Entry {
  value: number;
  expiresAt: number | null;
}

type ScriptHandler = (keys: string[], args: unknown[]) => unknown;

/** Entries kept before expired ones are swept; past it, the oldest go first. */
const MAX_ENTRIES = 200_000;

export interface MemoryScriptRunnerOptions {
  /** Must be the clock @upstash/ratelimit reads (Date.now): its windows and these expiries must agree. */
  now?: () => number;
  maxEntries?: number;
}

/** Builds the in-process store; see the module comment for why it exists. */
export function createMemoryScriptRunner(options: MemoryScriptRunnerOptions = {}): ScriptRunner & { size(): number } {
  const now = options.now ?? (() => Date.now());
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  const scripts = new Map<string, ScriptHandler>();
  let warnedFull = false;

  function live(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function makeRoom(): void {
    if (entries.size < maxEntries) return;
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt !== null && entry.expiresAt <= t) entries.delete(key);
    if (entries.size < maxEntries) return;
    if (!warnedFull) {
      warnedFull = true;
      console.warn(`[rate-limit] in-process store is full (${maxEntries} counters); dropping the oldest`);
    }
    const drop = entries.size - maxEntries + 1;
    let i = 0;
    for (const key of entries.keys()) {
      if (i++ >= drop) break;
      entries.delete(key);
    }
  }

  function effectiveLimit(tokens: number, dynamicKey: string | undefined): number {
    if (!dynamicKey) return tokens;
    const dynamic = live(dynamicKey);
    return dynamic ? dynamic.value : tokens;
  }

  // local r = INCRBY key incrementBy; if r == incrementBy then PEXPIRE key window; return {r, effectiveLimit}
  const fixedWindowLimit: ScriptHandler = ([key, dynamicKey], [tokens, windowMs, incrementBy]) => {
    const by = Number(incrementBy);
    let entry = live(key);
    if (!entry) {
      makeRoom();
      entry = { value: 0, expiresAt: null };
      entries.set(key, entry);
    }
    entry.value += by;
    if (entry.value === by) entry.expiresAt = now() + Number(windowMs);
    return [entry.value, effectiveLimit(Number(tokens), dynamicKey)];
  };

  // local used = GET key or 0; return {effectiveLimit - used, effectiveLimit}
  const fixedWindowRemaining: ScriptHandler = ([key, dynamicKey], [tokens]) => {
    const limit = effectiveLimit(Number(tokens), dynamicKey);
    return [limit - (live(key)?.value ?? 0), limit];
  };

  function recognise(script: string): ScriptHandler | null {
    const body = script.replace(/--[^\n]*/g, "");
    if (/redis\.call\(\s*["']INCRBY["']/.test(body) && /redis\.call\(\s*["']PEXPIRE["']/.test(body) && !/ZADD|HSET|HINCRBY/i.test(body)) {
      return fixedWindowLimit;
    }
    if (/redis\.call\(\s*["']GET["']\s*,\s*key\s*\)/.test(body) && /effectiveLimit\s*-\s*usedTokens/.test(body) && !/INCRBY|PEXPIRE/.test(body)) {
      return fixedWindowRemaining;
    }
    return null;
  }

  return {
    async eval(script, keys, args) {
      const sha = createHash("sha1").update(script).digest("hex");
      let handler = scripts.get(sha);
      if (!handler) {
        const found = recognise(script);
        if (!found) throw new Error("the in-process rate-limit store does not implement this script (only the fixed-window algorithm)");
        handler = found;
        scripts.set(sha, handler);
      }
      return handler(keys, args);
    },
    async evalsha(sha, keys, args) {
      const handler = scripts.get(sha);
      if (!handler) throw new Error("NOSCRIPT No matching script. Please use EVAL.");
      return handler(keys, args);
    },
    size: () => entries.size,
  };
}
