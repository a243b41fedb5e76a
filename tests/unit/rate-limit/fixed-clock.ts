import { afterEach, beforeEach, vi } from "vitest";

export const HOUR = 3600_000;
/** 10:00:00.000 UTC: the start of a fixed window, so window arithmetic in the tests is exact. */
export const T0 = Date.UTC(2026, 0, 1, 10, 0, 0);

/**
 * Pins Date at T0 for each test of the calling file. @upstash/ratelimit reads
 * Date.now(); faking Date (only Date: timers stay real) is how time is injected.
 */
export function useFixedClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());
}
