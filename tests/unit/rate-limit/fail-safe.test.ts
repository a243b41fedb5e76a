import { describe, expect, it, vi } from "vitest";
import { createRateLimiter } from "@/lib/http/rate-limit/create-rate-limiter";
import { createMemoryScriptRunner } from "@/lib/http/rate-limit/memory-script-runner";
import { createCountMirror } from "@/lib/http/rate-limit/count-mirror";
import type { ScriptRunner } from "@/lib/http/rate-limit/script-runner";
import { HOUR, T0, useFixedClock } from "./fixed-clock";

/**
 * The rate limits' fail-safe (docs/limits-and-faults.md#rate-limits-while-redis-is-down) on a store that can be switched off (and swapped for an
 * empty one, as a Redis without persistence comes back). The real Redis
 * stopped mid-test is in tests/integration/rate-limit/redis-outage.test.ts.
 */
useFixedClock();

function switchableStore() {
  const store = { up: true, data: createMemoryScriptRunner() };
  const runner: ScriptRunner = {
    eval: async (script, keys, args) => {
      if (!store.up) throw new Error("connect ECONNREFUSED");
      return store.data.eval(script, keys, args);
    },
    evalsha: async (sha, keys, args) => {
      if (!store.up) throw new Error("connect ECONNREFUSED");
      return store.data.evalsha(sha, keys, args);
    },
  };
  const limiter = createRateLimiter({ primary: { kind: "redis", runner, close: async () => {} }, retryAfterFailureMs: 2_000, log: () => {} });
  /** Ends the limiter's pause so its next request tries the store again. */
  const afterPause = () => vi.setSystemTime(Date.now() + 2_001);
  return { store, limiter, afterPause };
}

async function consumeTimes(limiter: ReturnType<typeof switchableStore>["limiter"], n: number, rule: "scan" | "read", id: string) {
  const verdicts = [];
  for (let i = 0; i < n; i++) verdicts.push(await limiter.consume(rule, id));
  return verdicts;
}

describe("a store outage hands out no fresh scan or certify quota", () => {
  it("continues from the counts the store gave: 5 scans used, the 6th is refused during the outage", async () => {
    const { store, limiter } = switchableStore();
    expect((await consumeTimes(limiter, 5, "scan", "ip:a")).every((v) => v.allowed && v.backend === "redis")).toBe(true);
    store.up = false;
    const sixth = await limiter.consume("scan", "ip:a");
    expect(sixth).toMatchObject({ allowed: false, remaining: 0, resetAtMs: T0 + HOUR, backend: "memory" });
    expect(sixth.storeDownUntilMs).toBeUndefined(); // a spent quota: 429, not 503
  });

  it("counts on in process from a partial count, then carries those admissions back into the store", async () => {
    const { store, limiter, afterPause } = switchableStore();
    await consumeTimes(limiter, 3, "scan", "ip:a");
    store.up = false;
    const during = await consumeTimes(limiter, 2, "scan", "ip:a");
    expect(during.map((v) => [v.allowed, v.remaining, v.backend])).toEqual([
      [true, 1, "memory"],
      [true, 0, "memory"],
    ]);
    store.up = true;
    afterPause();
    // The store had 3; this process admitted 2 more while it was down: the 6th is refused, by the store.
    expect(await limiter.consume("scan", "ip:a")).toMatchObject({ allowed: false, backend: "redis" });
  });

  it("raises a store that came back empty to this process's count", async () => {
    const { store, limiter, afterPause } = switchableStore();
    await consumeTimes(limiter, 4, "scan", "ip:a");
    store.up = false;
    store.data = createMemoryScriptRunner(); // Redis restarted without its data
    store.up = true;
    afterPause();
    const fifth = await limiter.consume("scan", "ip:a");
    expect(fifth).toMatchObject({ allowed: true, remaining: 0, backend: "redis" });
    expect(await limiter.consume("scan", "ip:a")).toMatchObject({ allowed: false, backend: "redis" });
  });

  it("refuses with 503 (storeDownUntilMs) a scan it holds no store count for, and admits reads from zero", async () => {
    const { store, limiter } = switchableStore();
    store.up = false;
    const scan = await limiter.consume("scan", "ip:new");
    expect(scan).toMatchObject({ allowed: false, storeDownUntilMs: T0 + 2_000 });
    expect(await limiter.consume("certify", "ip:new")).toMatchObject({ allowed: false, storeDownUntilMs: T0 + 2_000 });
    expect((await consumeTimes(limiter, 3, "read", "ip:new")).map((v) => v.allowed)).toEqual([true, true, true]);
    // A keyed client: its reads counted from zero here are no basis for a keyed scan.
    expect((await limiter.consume("key", "key:k1")).allowed).toBe(true);
    expect(await limiter.consume("key", "key:k1", { failSafe: true })).toMatchObject({ allowed: false, storeDownUntilMs: T0 + 2_000 });
  });

  it("admits a keyed scan on the key's count from the store, within its limit", async () => {
    const { store, limiter } = switchableStore();
    await limiter.consume("key", "key:k1");
    store.up = false;
    expect(await limiter.consume("key", "key:k1", { failSafe: true })).toMatchObject({ allowed: true, remaining: 998, backend: "memory" });
  });

  it("refuses scans with 503 once the outage reaches a window it holds no count for", async () => {
    const { store, limiter } = switchableStore();
    await limiter.consume("scan", "ip:a");
    store.up = false;
    expect((await limiter.consume("scan", "ip:a")).allowed).toBe(true);
    vi.setSystemTime(T0 + HOUR);
    expect((await limiter.consume("scan", "ip:a")).storeDownUntilMs).toBeGreaterThan(T0 + HOUR);
  });

  it("reports the store's state for /api/health", async () => {
    const { store, limiter } = switchableStore();
    expect(await limiter.checkStore()).toBe("ok");
    store.up = false;
    expect(await limiter.checkStore()).toBe("down");
    const inProcess = createRateLimiter({ primary: { kind: "memory", runner: createMemoryScriptRunner(), close: async () => {} } });
    expect(await inProcess.checkStore()).toBe("not_configured");
  });
});

describe("the count mirror", () => {
  it("keeps at most its bound, dropping expired counts first and then the least recently used", () => {
    const mirror = createCountMirror({ maxEntries: 3 });
    mirror.record("a", 1, T0 + 10, T0);
    mirror.record("b", 1, T0 + HOUR, T0);
    mirror.record("c", 1, T0 + HOUR, T0);
    mirror.countHere("b", T0 + 20, HOUR);
    mirror.record("d", 1, T0 + HOUR, T0 + 20); // "a" has expired: it goes
    expect(mirror.size()).toBe(3);
    expect(mirror.get("a", T0 + 20)).toBeUndefined();
    mirror.record("e", 1, T0 + HOUR, T0 + 20); // none expired: "c", the least recently used, goes
    expect(mirror.get("c", T0 + 20)).toBeUndefined();
    expect(mirror.get("b", T0 + 20)).toMatchObject({ used: 2, fromStore: true });
  });
});
