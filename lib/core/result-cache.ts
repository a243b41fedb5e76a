import { shareResult, type SharedResult } from "./shared-result";

export interface ResultCacheOptions {
  /** How long a result may be served from memory (Infinity: until evicted). */
  ttlMs: number;
  /** Entries kept, the least recently used evicted first. */
  maxEntries: number;
  now?: () => number;
}

/**
 * A small LRU of asynchronous results with expiry (an insertion-ordered
 * Map). Concurrent misses share one load; a settled entry keeps its value,
 * not the promise (see SharedResult), and a failure is forgotten so the
 * next caller tries again.
 */
export function createResultCache<V>(options: ResultCacheOptions) {
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

/** `write`, then `invalidate` however the write settles: a write in this process is seen by the next read. */
export function invalidatingAfter<A extends unknown[], R>(write: (...args: A) => Promise<R>, invalidate: () => void): (...args: A) => Promise<R> {
  return async (...args: A): Promise<R> => {
    try {
      return await write(...args);
    } finally {
      invalidate();
    }
  };
}
