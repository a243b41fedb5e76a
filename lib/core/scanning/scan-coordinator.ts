import { AppError } from "../errors";

/**
 * Scans are expensive (up to a 20 s deadline of outbound connections each)
 * and the endpoint is public. The coordinator keeps this process honest:
 * two requests for the same server share one scan (single-flight), and no
 * more than `maxConcurrent` distinct scans run at once, whoever asks. The
 * per-IP hourly limit is the edge's job; this is the global one.
 */

export interface ScanCoordinatorOptions {
  /** Config SCAN_MAX_CONCURRENT. */
  maxConcurrent: number;
  /** How long a scan may take; sizes the Retry-After of a refusal. Default 20 s. */
  deadlineMs?: number;
  now?: () => number;
}

export interface ScanCoordinator {
  /**
   * Runs `fn` for `normalizedUrl`, or joins the scan already running for it.
   * Throws AppError `rate_limited` (details.retryAfterSeconds) when the cap is reached.
   */
  run<T>(normalizedUrl: string, fn: () => Promise<T>): Promise<T>;
  /** Scans in flight. */
  inFlight(): number;
}

interface Flight {
  promise: Promise<unknown>;
  startedAt: number;
}

/** Creates a coordinator; one per process, shared by the REST and MCP scan entry points. */
export function createScanCoordinator(options: ScanCoordinatorOptions): ScanCoordinator {
  const flights = new Map<string, Flight>();
  const deadlineMs = options.deadlineMs ?? 20_000;
  const now = options.now ?? Date.now;

  function retryAfterSeconds(): number {
    const soonest = Math.min(...[...flights.values()].map((f) => f.startedAt + deadlineMs));
    return Math.max(1, Math.ceil((soonest - now()) / 1000));
  }

  return {
    run<T>(normalizedUrl: string, fn: () => Promise<T>): Promise<T> {
      const existing = flights.get(normalizedUrl);
      if (existing) return existing.promise as Promise<T>;
      if (flights.size >= options.maxConcurrent) {
        const retry = retryAfterSeconds();
        return Promise.reject(
          new AppError("rate_limited", `Too many scans are running right now; try again in ${retry} s.`, { retryAfterSeconds: retry }),
        );
      }
      // fn starts on the next microtask, after the flight is registered, so even a synchronous throw clears it.
      const promise: Promise<T> = Promise.resolve()
        .then(fn)
        .finally(() => {
          if (flights.get(normalizedUrl)?.promise === promise) flights.delete(normalizedUrl);
        });
      flights.set(normalizedUrl, { promise, startedAt: now() });
      return promise;
    },
    inFlight: () => flights.size,
  };
}
