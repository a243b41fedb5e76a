import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { createRateLimiter } from "@/lib/http/rate-limit/create-rate-limiter";
import { createMemoryScriptRunner } from "@/lib/http/rate-limit/memory-script-runner";
import { clientBucket } from "@/lib/http/rate-limit/client-bucket";
import { rateLimitHeaders, secondsUntil } from "@/lib/http/rate-limit/rate-limit-headers";
import { DEFAULT_RATE_LIMIT_POLICY, ruleForAccess } from "@/lib/http/rate-limit/rate-limit-policy";
import type { LimiterBackend, ScriptRunner } from "@/lib/http/rate-limit/script-runner";
import { HOUR, T0, useFixedClock } from "./fixed-clock";

useFixedClock();

function memoryPrimary(): LimiterBackend & { runner: ReturnType<typeof createMemoryScriptRunner> } {
  return { kind: "memory", runner: createMemoryScriptRunner(), close: async () => {} };
}

describe("rate limiter on the in-process store (the library's fixed window)", () => {
  it("admits 5 scans per hour and refuses the 6th, with exact remaining counts", async () => {
    const limiter = createRateLimiter({ primary: memoryPrimary() });
    const verdicts = [];
    for (let i = 0; i < 6; i++) verdicts.push(await limiter.consume("scan", "ip:198.51.100.1"));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, true, true, false]);
    expect(verdicts.map((v) => v.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
    expect(verdicts.every((v) => v.limit === 5 && v.resetAtMs === T0 + HOUR && v.backend === "memory")).toBe(true);
  });

  it("refuses the 101st read, counts per identifier and per rule", async () => {
    const limiter = createRateLimiter({ primary: memoryPrimary() });
    for (let i = 0; i < 100; i++) expect((await limiter.consume("read", "ip:a")).allowed).toBe(true);
    expect((await limiter.consume("read", "ip:a")).allowed).toBe(false);
    expect((await limiter.consume("read", "ip:b")).allowed).toBe(true);
    expect((await limiter.consume("scan", "ip:a")).allowed).toBe(true);
  });

  it("counts down the reset and admits again once the window is over", async () => {
    const limiter = createRateLimiter({ primary: memoryPrimary(), policy: { ...DEFAULT_RATE_LIMIT_POLICY, scan: { limit: 1, windowMs: HOUR } } });
    vi.setSystemTime(T0 + 10 * 60_000);
    await limiter.consume("scan", "ip:a");
    const refused = await limiter.consume("scan", "ip:a");
    expect(refused.allowed).toBe(false);
    expect(secondsUntil(refused.resetAtMs, Date.now())).toBe(50 * 60);
    vi.setSystemTime(T0 + 59 * 60_000 + 30_500);
    const later = await limiter.consume("scan", "ip:a");
    expect(later.allowed).toBe(false);
    expect(secondsUntil(later.resetAtMs, Date.now())).toBe(30);
    vi.setSystemTime(T0 + HOUR);
    const next = await limiter.consume("scan", "ip:a");
    expect(next).toMatchObject({ allowed: true, remaining: 0, resetAtMs: T0 + 2 * HOUR });
  });

  it("goes to the store once per script and then by SHA, like Redis's script cache", async () => {
    const primary = memoryPrimary();
    const evalSpy = vi.spyOn(primary.runner, "eval");
    const limiter = createRateLimiter({ primary });
    for (let i = 0; i < 3; i++) await limiter.consume("read", "ip:a");
    expect(evalSpy).toHaveBeenCalledTimes(1);
    const script = evalSpy.mock.calls[0][0];
    expect(script.startsWith("#!lua")).toBe(true);
  });

  it("refuses scripts it does not implement, so a library change cannot silently count nothing", async () => {
    const runner = createMemoryScriptRunner();
    await expect(runner.eval("return redis.call('ZADD', KEYS[1], 1, 'x')", ["k"], [])).rejects.toThrow(/does not implement/);
    await expect(runner.evalsha(createHash("sha1").update("x").digest("hex"), [], [])).rejects.toThrow(/NOSCRIPT/);
  });

  it("expires counters and drops the oldest when full", async () => {
    const runner = createMemoryScriptRunner({ maxEntries: 3 });
    const limiter = createRateLimiter({ primary: { kind: "memory", runner, close: async () => {} } });
    for (const id of ["a", "b", "c", "d"]) await limiter.consume("read", `ip:${id}`);
    expect(runner.size()).toBe(3);
  });
});

function failingRunner(mode: "throw" | "hang"): ScriptRunner & { calls: number } {
  const runner = {
    calls: 0,
    async eval() {
      runner.calls++;
      if (mode === "throw") throw new Error("connect ECONNREFUSED 127.0.0.1:6390");
      return new Promise(() => {});
    },
    async evalsha() {
      return runner.eval();
    },
  };
  return runner;
}

describe("fallback when the store fails", () => {
  it.each(["throw", "hang"] as const)("counts in process when the store %ss, logs once, and tries again later", async (mode) => {
    const runner = failingRunner(mode);
    const log = vi.fn();
    // Reads: scans and certify fail safe instead (fail-safe.test.ts).
    const policy = { ...DEFAULT_RATE_LIMIT_POLICY, read: { limit: 5, windowMs: HOUR } };
    const limiter = createRateLimiter({ primary: { kind: "redis", runner, close: async () => {} }, policy, timeoutMs: 50, retryAfterFailureMs: 5_000, log });
    const started = performance.now();
    const first = await limiter.consume("read", "ip:a");
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(first).toMatchObject({ allowed: true, remaining: 4, backend: "memory" });
    for (let i = 0; i < 4; i++) await limiter.consume("read", "ip:a");
    expect((await limiter.consume("read", "ip:a")).allowed).toBe(false);
    expect(limiter.activeBackend()).toBe("memory");
    const callsWhileDown = runner.calls;
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toMatch(/redis failed .*counting in process/);

    // Still down after the pause: one more attempt, no second log line.
    vi.setSystemTime(T0 + 6_000);
    await limiter.consume("read", "ip:a");
    expect(runner.calls).toBeGreaterThan(callsWhileDown);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it("uses the store again once it answers, and says so", async () => {
    let healthy = false;
    const memory = createMemoryScriptRunner();
    const runner: ScriptRunner = {
      eval: async (script, keys, args) => {
        if (!healthy) throw new Error("down");
        return memory.eval(script, keys, args);
      },
      evalsha: async (sha, keys, args) => {
        if (!healthy) throw new Error("down");
        return memory.evalsha(sha, keys, args);
      },
    };
    const log = vi.fn();
    const limiter = createRateLimiter({ primary: { kind: "redis", runner, close: async () => {} }, retryAfterFailureMs: 1_000, log });
    expect((await limiter.consume("read", "ip:a")).backend).toBe("memory");
    healthy = true;
    expect((await limiter.consume("read", "ip:a")).backend).toBe("memory"); // within the pause
    vi.setSystemTime(T0 + 1_500);
    expect((await limiter.consume("read", "ip:a")).backend).toBe("redis");
    expect(limiter.activeBackend()).toBe("redis");
    expect(log.mock.calls.map((c) => c[0])).toEqual([expect.stringMatching(/failed/), expect.stringMatching(/answering again/)]);
  });
});

describe("a broken in-process store", () => {
  it("admits uncounted and logs once rather than failing requests", async () => {
    const log = vi.fn();
    const broken: ScriptRunner = { eval: async () => Promise.reject(new Error("bug")), evalsha: async () => Promise.reject(new Error("bug")) };
    const limiter = createRateLimiter({ primary: { kind: "memory", runner: broken, close: async () => {} }, log });
    for (let i = 0; i < 3; i++) expect(await limiter.consume("scan", "ip:a")).toMatchObject({ allowed: true, limit: 5, remaining: 5 });
    expect(log).toHaveBeenCalledTimes(1);
  });
});

describe("policy, identity and headers", () => {
  // docs/api-keys-and-rate-limits.md#what-is-counted
  it("maps access kinds to rules", () => {
    expect(ruleForAccess("unmetered", false)).toBeNull();
    expect(ruleForAccess("unmetered", true)).toBeNull();
    expect(ruleForAccess("read", false)).toBe("read");
    expect(ruleForAccess("scan", false)).toBe("scan");
    expect(ruleForAccess("certify", false)).toBe("certify");
    // An operator route without a key is refused (401); the attempt counts as a read.
    expect(ruleForAccess("admin", false)).toBe("read");
    for (const access of ["read", "scan", "certify", "admin"] as const) expect(ruleForAccess(access, true)).toBe("key");
    expect(DEFAULT_RATE_LIMIT_POLICY).toEqual({
      read: { limit: 100, windowMs: HOUR },
      scan: { limit: 5, windowMs: HOUR },
      certify: { limit: 5, windowMs: HOUR },
      key: { limit: 1000, windowMs: HOUR },
    });
  });

  it("counts IPv6 clients by /64 and IPv4 by address", () => {
    expect(clientBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(clientBucket("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientBucket("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientBucket("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(clientBucket("unknown")).toBe("unknown");
  });

  it("renders RateLimit-* with whole seconds, never 0", () => {
    const verdict = { allowed: true, limit: 100, remaining: 7, resetAtMs: 10_000, backend: "memory" as const };
    expect(rateLimitHeaders(verdict, 1_001)).toEqual({ "ratelimit-limit": "100", "ratelimit-remaining": "7", "ratelimit-reset": "9" });
    expect(rateLimitHeaders(verdict, 10_000)["ratelimit-reset"]).toBe("1");
  });
});
