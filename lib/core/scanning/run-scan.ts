import { isAppError } from "../errors";
import { normalizeServerUrl } from "../registry/normalize-url";
import { assessScan, SCORING_VERSION } from "../scoring/assess-scan";
import { createGuardedFetcher, describeNetworkError, type FetchEvidence } from "./guarded-fetch";
import { discoverServer } from "./mcp-session";
import { resolveScanLimits, ScanDeadlineError, type ScanLimits } from "./scan-limits";
import type { Discovery, NetworkEvidence, RegistryContext, ScanOutcome, ScanStatus, TlsEvidence } from "./scan-outcome";
import type { CheckedTarget, HostLookup } from "./target-guard";
import { parseHsts, probeTls } from "./tls-probe";
import { keepJson, keepText, MAX_TEXT_CHARS } from "./untrusted-text";

export interface RunScanOptions {
  /** Loopback and private targets (config SCAN_ALLOW_PRIVATE_TARGETS); off unless the caller says so. */
  allowPrivateTargets?: boolean;
  /** CIDRs allowed besides public addresses (tests: loopback only). */
  allowedRanges?: readonly string[];
  /** Overall deadline (config SCAN_DEADLINE_MS); the limits' default otherwise. */
  deadlineMs?: number;
  limits?: Partial<ScanLimits>;
  lookup?: HostLookup;
  now?: () => Date;
  /** Certificate verification (default on: a certificate no client would trust makes the server unreachable: docs/findings-and-scans.md#bounds-target-guard-and-transport). */
  tls?: { verify?: boolean; ca?: string | string[] };
  /** Cancels the scan early (e.g. the caller went away); the deadline applies regardless. */
  signal?: AbortSignal;
}

function baseNetwork(url: URL, checked: CheckedTarget | null, evidence: FetchEvidence, tls: TlsEvidence | null): NetworkEvidence {
  const resolved = new Set([...(checked?.addresses.map((a) => a.address) ?? []), ...evidence.resolvedAddresses]);
  return {
    scheme: url.protocol === "https:" ? "https" : "http",
    host: url.hostname.replace(/^\[|\]$/g, ""),
    resolvedAddresses: [...resolved],
    redirectChain: evidence.redirectChain,
    tls,
    hsts: parseHsts(evidence.firstHttpsHsts),
  };
}

/**
 * One scan of one server, start to finish (docs/findings-and-scans.md#scans): normalize, guard, TLS probe,
 * MCP discovery, then the rules and the score. A forbidden or malformed
 * target throws AppError (target_forbidden / invalid_url) before any
 * connection is made; everything the server does wrong (or never does) ends
 * in an outcome, `unreachable` or `partial`, within the deadline.
 */
export async function runScan(rawUrl: string, context: RegistryContext, options: RunScanOptions = {}): Promise<ScanOutcome> {
  const serverUrl = normalizeServerUrl(rawUrl);
  const url = new URL(serverUrl);
  const allowPrivateTargets = options.allowPrivateTargets ?? false;
  const limits = resolveScanLimits({ ...options.limits, deadlineMs: options.deadlineMs ?? options.limits?.deadlineMs });
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  const started = performance.now();

  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new ScanDeadlineError(limits.deadlineMs)), limits.deadlineMs);
  const signal = options.signal ? AbortSignal.any([deadline.signal, options.signal]) : deadline.signal;
  const fetcher = createGuardedFetcher({
    allowPrivateTargets,
    allowedRanges: options.allowedRanges,
    lookup: options.lookup,
    limits,
    signal,
    tls: options.tls,
  });

  const finish = (status: ScanStatus, discovery: Discovery | null, observed: NetworkEvidence | null, failure: string | null): ScanOutcome => {
    // A certificate's names and an error's words come from the server too: kept like its listings (the session keeps those).
    const network = keepJson(observed);
    const transportFailure = failure === null ? null : keepText(failure, MAX_TEXT_CHARS).text;
    const assessed = assessScan({ discovery, network, status, context, transportFailure });
    return {
      serverUrl,
      status,
      startedAt,
      durationMs: Math.round(performance.now() - started),
      scoringVersion: SCORING_VERSION,
      discovery,
      network,
      findings: assessed.findings,
      score: status === "unreachable" ? null : assessed.score,
      toolHashes: assessed.toolHashes,
      toolsHash: assessed.toolsHash,
      changes: assessed.changes,
    };
  };

  try {
    let checked: CheckedTarget;
    try {
      checked = await fetcher.check(url);
    } catch (error) {
      if (isAppError(error)) throw error;
      return finish("unreachable", null, baseNetwork(url, null, fetcher.evidence(), null), describeNetworkError(error));
    }

    let tls: TlsEvidence | null = null;
    if (url.protocol === "https:") {
      try {
        tls = await probeTls({
          address: checked.addresses[0].address,
          port: checked.port,
          hostname: checked.hostname,
          timeoutMs: limits.perRequestMs,
          signal,
          ca: options.tls?.ca,
          now,
        });
      } catch (error) {
        const reason = signal.aborted && signal.reason instanceof ScanDeadlineError ? `TLS handshake: ${signal.reason.message}` : describeNetworkError(error);
        return finish("unreachable", null, baseNetwork(url, checked, fetcher.evidence(), null), reason);
      }
      if ((options.tls?.verify ?? true) && (!tls.authorized || !tls.hostnameMatch)) {
        const why = tls.authorized ? "it is not issued for this host name" : (tls.authorizationError ?? "unknown reason");
        const reason = `TLS certificate of ${checked.hostname} is not trusted (${why}); MCP clients refuse it`;
        return finish("unreachable", null, baseNetwork(url, checked, fetcher.evidence(), tls), reason);
      }
    }

    const session = await discoverServer({ url, fetch: fetcher.fetch, limits, signal, onBodyCut: fetcher.onBodyCut });
    const network = baseNetwork(url, checked, fetcher.evidence(), tls);
    if (!session.ok) return finish("unreachable", null, network, session.failure);
    const status: ScanStatus = session.discovery.listingProblems.length > 0 ? "partial" : "completed";
    return finish(status, session.discovery, network, null);
  } finally {
    clearTimeout(timer);
    await fetcher.close();
  }
}
