import { createGuardedFetcher, describeNetworkError, ResponseTooLargeError } from "../scanning/guarded-fetch";
import { isAppError } from "../errors";
import type { HostLookup } from "../scanning/target-guard";
import type { VerificationFetch } from "./certification-deps";

export interface VerificationFetchOptions {
  /** Config SCAN_ALLOW_PRIVATE_TARGETS: the same policy as scans (tests serve the token on loopback). */
  allowPrivateTargets: boolean;
  allowedRanges?: readonly string[];
  lookup?: HostLookup;
  timeoutMs?: number;
  maxBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_BYTES = 4 * 1024;

/**
 * Fetches the verification document. It is a request to an address a
 * stranger typed in, exactly like a scan, so it goes through the scanner's
 * target guard (no loopback, private or metadata addresses; the connection
 * uses the checked address; redirects re-checked) and is bounded: a few
 * seconds and a few KiB, enough for a token and never enough to hurt.
 * Failures are answers (ok: false, reason), not exceptions: an unreachable
 * origin just means "not verified yet".
 */
export async function fetchVerificationDocument(url: string, options: VerificationFetchOptions): Promise<VerificationFetch> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const fetcher = createGuardedFetcher({
    allowPrivateTargets: options.allowPrivateTargets,
    allowedRanges: options.allowedRanges,
    lookup: options.lookup,
    limits: { perRequestMs: timeoutMs, maxResponseBytes: maxBytes, maxEventStreamBytes: maxBytes, maxRedirects: 3 },
    signal: AbortSignal.timeout(timeoutMs),
  });
  try {
    const response = await fetcher.fetch(url, { headers: { accept: "text/plain" } });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, reason: `${url} answered HTTP ${response.status}` };
    }
    return { ok: true, body: await response.text() };
  } catch (error) {
    if (error instanceof ResponseTooLargeError) return { ok: false, reason: `${url} is larger than ${maxBytes} bytes` };
    if (isAppError(error)) return { ok: false, reason: error.message };
    return { ok: false, reason: `${url} could not be fetched: ${describeNetworkError(error)}` };
  } finally {
    await fetcher.close();
  }
}
