import { shareResult, type SharedResult } from "@/lib/core/shared-result";
import type { RegistryStore } from "./registry-store";

export interface ReadCacheOptions {
  /** How long a read may be served from memory; bounds staleness across instances. */
  ttlMs: number;
  /** Entries per cached read, oldest evicted first. */
  maxEntries: number;
  now?: () => number;
}

/**
 * A small LRU with expiry. Concurrent misses share one query; a settled
 * entry keeps its value, not the promise (see SharedResult), and a failure
 * is forgotten so the next read tries again.
 */
function createLru<V>(options: ReadCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; result: SharedResult<V> }>();
  return {
    get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < options.ttlMs) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.result.get();
      }
      const pending = load();
      const entry = {
        at: now(),
        result: shareResult(pending, () => {
          if (entries.get(key) === entry) entries.delete(key);
        }),
      };
      entries.set(key, entry);
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
      return pending;
    },
    clear(): void {
      entries.clear();
    },
  };
}

/**
 * The registry's hot reads (search pages, server lookups, scan history) are
 * read far more often than the registry changes: badges are fetched on every
 * README view and agents ask about the same servers again and again. This
 * decorator serves them from memory for a few seconds, and forgets
 * everything the moment this process writes, so a scan recorded here is
 * visible at once; other instances see it within the TTL.
 */
export function createCachedRegistryStore(store: RegistryStore, options: ReadCacheOptions): RegistryStore & { invalidate(): void } {
  const searches = createLru<Awaited<ReturnType<RegistryStore["searchServers"]>>>(options);
  const servers = createLru<Awaited<ReturnType<RegistryStore["findServerByUrl"]>>>(options);
  const histories = createLru<Awaited<ReturnType<RegistryStore["listScans"]>>>(options);
  const invalidate = () => {
    searches.clear();
    servers.clear();
    histories.clear();
  };
  const invalidating =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await write(...args);
      } finally {
        invalidate();
      }
    };
  return {
    ...store,
    invalidate,
    searchServers: (query) => searches.get(JSON.stringify(query), () => store.searchServers(query)),
    findServerByUrl: (url) => servers.get(url, () => store.findServerByUrl(url)),
    listScans: (serverId, limit) => histories.get(`${serverId}|${limit}`, () => store.listScans(serverId, limit)),
    recordScan: invalidating(store.recordScan),
    upsertImportedServer: invalidating(store.upsertImportedServer),
    setCertificationStatus: invalidating(store.setCertificationStatus),
  };
}
