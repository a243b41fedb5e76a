import { describe, expect, it } from "vitest";
import { createCachedRegistryStore } from "@/lib/core/registry/cached-registry-store";
import type { RegistryStore, SearchQuery } from "@/lib/core/registry/registry-store";
import { createStatsReader } from "@/lib/core/registry/stats-reader";
import { keepsRequestAlive } from "../../support/async-context-retention";

const query = (q: string): SearchQuery => ({ q, sort: "relevance", page: 1, limit: 20 }) as SearchQuery;

/** A store that answers after a tick and counts its calls; `fail` makes the next call reject. */
function countingStore() {
  const calls: string[] = [];
  let fail = false;
  const store = {
    async searchServers(q: SearchQuery) {
      calls.push(q.q ?? "");
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (fail) {
        fail = false;
        throw new Error("database down");
      }
      return { total: 1, rows: [{ name: `result for ${q.q}` }] };
    },
    async recordScan() {
      return {};
    },
  } as unknown as RegistryStore;
  return { store, calls, failNext: () => (fail = true) };
}

describe("the read cache", () => {
  it("answers a repeated read from memory and concurrent misses with one query", async () => {
    const { store, calls } = countingStore();
    const cached = createCachedRegistryStore(store, { ttlMs: 10_000, maxEntries: 10 });
    const [a, b] = await Promise.all([cached.searchServers(query("weather")), cached.searchServers(query("weather"))]);
    expect(a).toEqual(b);
    expect(await cached.searchServers(query("weather"))).toEqual(a);
    expect(calls).toEqual(["weather"]);
  });

  it("does not keep a failure, expires entries and forgets everything when this process writes", async () => {
    let now = 0;
    const { store, calls, failNext } = countingStore();
    const cached = createCachedRegistryStore(store, { ttlMs: 1000, maxEntries: 10, now: () => now });
    failNext();
    await expect(cached.searchServers(query("a"))).rejects.toThrow("database down");
    await cached.searchServers(query("a"));
    await cached.searchServers(query("a"));
    expect(calls).toEqual(["a", "a"]);
    now = 1500;
    await cached.searchServers(query("a"));
    expect(calls).toHaveLength(3);
    await cached.recordScan({} as never, {} as never, () => ({}) as never);
    await cached.searchServers(query("a"));
    expect(calls).toHaveLength(4);
  });

  it("evicts the least recently used entry beyond its size", async () => {
    const { store, calls } = countingStore();
    const cached = createCachedRegistryStore(store, { ttlMs: 10_000, maxEntries: 2 });
    for (const q of ["a", "b", "a", "c", "a", "b"]) await cached.searchServers(query(q));
    // "b" was the oldest when "c" came in, so it is read again; "a" stayed.
    expect(calls).toEqual(["a", "b", "c", "b"]);
  });

  it("keeps fewer search pages than other reads when maxSearchEntries says so", async () => {
    const { store, calls } = countingStore();
    const cached = createCachedRegistryStore(store, { ttlMs: 10_000, maxEntries: 10, maxSearchEntries: 2 });
    for (const q of ["a", "b", "c", "a"]) await cached.searchServers(query(q));
    // Only two pages fit: "a" was evicted by "c" and is read again.
    expect(calls).toEqual(["a", "b", "c", "a"]);
  });

  it("does not keep alive the request (async context) that filled an entry", async () => {
    const { store } = countingStore();
    const cached = createCachedRegistryStore(store, { ttlMs: 10_000, maxEntries: 10 });
    expect(await keepsRequestAlive(() => cached.searchServers(query("weather")))).toBe(false);
    expect((await cached.searchServers(query("weather"))).rows).toHaveLength(1);
  });

  it("shares the stats of one computation without keeping alive the request that computed them", async () => {
    let computations = 0;
    const store = {
      async getStats() {
        computations++;
        return { totalServers: 3, gradeDistribution: {}, recentlyScanned: [], highestRated: [], recentlyFlagged: [] };
      },
    } as unknown as RegistryStore;
    const reader = createStatsReader(store);
    expect(await keepsRequestAlive(() => reader.get())).toBe(false);
    expect((await reader.get()).stats.totalServers).toBe(3);
    expect(computations).toBe(1);
  });
});
