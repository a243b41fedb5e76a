/**
 * This process's copy of the shared store's counts, so that an outage of the
 * store does not hand out fresh quota
 * (docs/limits-and-faults.md#rate-limits-while-redis-is-down). While the
 * store answers, every verdict it gives is written here (count and window); while it is down,
 * requests are counted here, on from those copies. Windows are the library's
 * fixed windows (aligned to the epoch), so a copy and the store always agree
 * on which window a request falls in.
 *
 * A count is marked `fromStore` when it started from a count the store gave.
 * One begun here during an outage (an identifier this process had not seen)
 * is not: it may be missing every request other processes, or this process
 * before a restart, counted. Scans and certification intakes are admitted
 * during an outage only on a count that is `fromStore`.
 */

interface MirroredCount {
  /** Requests counted in the window, refused ones included (the store's INCRBY counts those too). */
  used: number;
  /** When the window ends, ms since the epoch. */
  resetAtMs: number;
  fromStore: boolean;
}

export interface CountMirror {
  /** The count for the window that holds `nowMs`, if this process has one. */
  get(key: string, nowMs: number): MirroredCount | undefined;
  /** Replaces the count with the one the store answered. */
  record(key: string, used: number, resetAtMs: number, nowMs: number): void;
  /** Counts one request here (the store is down): on from the copy, or from zero in a new window. */
  countHere(key: string, nowMs: number, windowMs: number): MirroredCount;
  size(): number;
}

/** Counts kept before expired ones are swept; past it, the least recently counted go first. */
const MAX_ENTRIES = 200_000;

export function createCountMirror(options: { maxEntries?: number } = {}): CountMirror {
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const counts = new Map<string, MirroredCount>();

  // Re-inserting keeps the Map in order of last use, so the oldest entries are the first keys.
  function put(key: string, count: MirroredCount, nowMs: number): void {
    counts.delete(key);
    if (counts.size >= maxEntries) {
      for (const [k, c] of counts) if (c.resetAtMs <= nowMs) counts.delete(k);
      // Down to 99% when nothing has expired, so a full mirror is swept once per many requests, not on each.
      const target = Math.min(maxEntries - 1, Math.floor(maxEntries * 0.99));
      for (const k of counts.keys()) {
        if (counts.size <= target) break;
        counts.delete(k);
      }
    }
    counts.set(key, count);
  }

  function get(key: string, nowMs: number): MirroredCount | undefined {
    const count = counts.get(key);
    if (count && count.resetAtMs <= nowMs) {
      counts.delete(key);
      return undefined;
    }
    return count;
  }

  return {
    get,
    record(key, used, resetAtMs, nowMs) {
      put(key, { used, resetAtMs, fromStore: true }, nowMs);
    },
    countHere(key, nowMs, windowMs) {
      const held = get(key, nowMs);
      const next = held
        ? { ...held, used: held.used + 1 }
        : { used: 1, resetAtMs: (Math.floor(nowMs / windowMs) + 1) * windowMs, fromStore: false };
      put(key, next, nowMs);
      return next;
    },
    size: () => counts.size,
  };
}
