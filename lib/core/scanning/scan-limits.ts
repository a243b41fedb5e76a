/**
 * The bounds of one scan (docs/findings-and-scans.md#bounds-target-guard-and-transport). A scan talks to a server nobody vetted, so
 * every wait, every byte and every list has a ceiling; these are the
 * ceilings, in one place so the report and the tests name the same numbers.
 */
export interface ScanLimits {
  /** Overall deadline of one scan, DNS to last listing. */
  deadlineMs: number;
  /** One HTTP request (connect + response headers, and body idle time) and one JSON-RPC request. */
  perRequestMs: number;
  /** Bytes of one response body (a JSON reply, or one POST's SSE stream). */
  maxResponseBytes: number;
  /** Bytes of a long-lived GET event stream (the legacy SSE channel carries every reply of the session). */
  maxEventStreamBytes: number;
  /** Items kept per listing (tools, resources, templates, prompts). */
  maxItemsPerListing: number;
  /** Pages followed per listing (nextCursor). */
  maxPagesPerListing: number;
  /** Redirect hops per request, each checked by the target guard. */
  maxRedirects: number;
}

const DEFAULT_SCAN_LIMITS: Readonly<ScanLimits> = Object.freeze({
  deadlineMs: 20_000,
  perRequestMs: 8_000,
  maxResponseBytes: 2 * 1024 * 1024,
  maxEventStreamBytes: 8 * 1024 * 1024,
  maxItemsPerListing: 500,
  maxPagesPerListing: 20,
  maxRedirects: 5,
});

/**
 * Merges overrides (configuration, tests) over the defaults. The per-request
 * timeout never exceeds the deadline, so a single slow request cannot outlive
 * the scan.
 */
export function resolveScanLimits(overrides: Partial<ScanLimits> = {}): ScanLimits {
  const merged: ScanLimits = { ...DEFAULT_SCAN_LIMITS };
  for (const [key, value] of Object.entries(overrides) as [keyof ScanLimits, number | undefined][]) {
    if (typeof value === "number" && Number.isFinite(value) && value > 0) merged[key] = value;
  }
  merged.perRequestMs = Math.min(merged.perRequestMs, merged.deadlineMs);
  return merged;
}

/** The reason a scan's signal carries when its overall deadline passes. */
export class ScanDeadlineError extends Error {
  constructor(public readonly deadlineMs: number) {
    super(`the scan deadline of ${deadlineMs} ms passed`);
    this.name = "ScanDeadlineError";
  }
}

/** The error an aborted signal stands for, as an Error. */
function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error("the scan was aborted");
}

/**
 * Settles with `promise` or rejects as soon as `signal` aborts, whichever is
 * first. For awaits that cannot be cancelled (DNS, SDK internals), so that a
 * stuck step never holds a scan past its deadline.
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
