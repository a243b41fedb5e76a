import type { LookupAddress, LookupOptions } from "node:dns";
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from "undici";
import type { NetworkEvidence } from "./scan-outcome";
import { raceAbort, type ScanLimits } from "./scan-limits";
import { checkTarget, type CheckedTarget, type GuardOptions, type ResolvedAddress } from "./target-guard";

/**
 * The scanner's only way onto the network for HTTP. Handed to the MCP SDK's
 * transports as their `fetch`, so every request the SDK makes (and every
 * redirect it would follow) goes through the target guard, connects to the
 * address the guard checked (no DNS rebinding between check and connect),
 * and is bounded in time and bytes. It also records the network evidence of
 * the scan (resolved addresses, redirect chain, the HSTS header).
 */

export type ScanFetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface GuardedFetchOptions extends GuardOptions {
  limits: Pick<ScanLimits, "perRequestMs" | "maxResponseBytes" | "maxEventStreamBytes" | "maxRedirects">;
  /** The scan's overall deadline; aborts everything in flight. */
  signal?: AbortSignal;
  /** Certificate verification of https targets (default on); `ca` replaces the trust store (tests). */
  tls?: { verify?: boolean; ca?: string | string[] };
}

type RedirectHop = NetworkEvidence["redirectChain"][number];

export interface FetchEvidence {
  resolvedAddresses: string[];
  /** Each hop of a redirected request with its status; status 0 marks a hop the guard refused (never requested). */
  redirectChain: RedirectHop[];
  /** Strict-Transport-Security of the first https response; undefined until an https response arrived. */
  firstHttpsHsts: string | null | undefined;
}

export interface GuardedFetcher {
  fetch: ScanFetch;
  /** Resolves and checks a URL's host once per scan (cached), pinning the addresses used to connect. */
  check(url: string | URL): Promise<CheckedTarget>;
  evidence(): FetchEvidence;
  /** Subscribes to body cuts at the byte cap, so a caller waiting on a streamed reply can stop waiting. */
  onBodyCut(listener: (error: ResponseTooLargeError) => void): () => void;
  /** Tears down every connection, including streams still open. */
  close(): Promise<void>;
}

/** A response body went past its byte cap and was cut. */
export class ResponseTooLargeError extends Error {
  constructor(public readonly limitBytes: number) {
    super(`response body exceeded ${limitBytes} bytes and was cut off`);
    this.name = "ResponseTooLargeError";
  }
}

/** No response headers within the per-request timeout. */
export class RequestTimeoutError extends Error {
  constructor(host: string, ms: number) {
    super(`no response from ${host} within ${ms} ms`);
    this.name = "RequestTimeoutError";
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const MAX_RECORDED_HOPS = 20;
/** Says who is knocking, so an operator reading their logs can tell a scan from an attack. */
const USER_AGENT = "mcp-trust-registry-scanner/1.0 (+read-only MCP listing; never calls tools)";

function hostKey(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "").toLowerCase();
}

/**
 * Why a fetch failed, in words for a finding: the deepest cause's code and
 * message (undici wraps ECONNREFUSED and certificate errors in "fetch failed").
 */
export function describeNetworkError(error: unknown): string {
  let current: unknown = error;
  let text = "";
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof Error) {
      const code = (current as NodeJS.ErrnoException).code;
      if (current.message && current.message !== "fetch failed") text = code && !current.message.includes(code) ? `${current.message} (${code})` : current.message;
      current = current.cause;
    } else {
      text ||= String(current);
      break;
    }
  }
  return text || "network error";
}

function capBody(source: ReadableStream<Uint8Array>, limit: number, onExceeded: (error: ResponseTooLargeError) => void): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        seen += value.byteLength;
        if (seen > limit) {
          const error = new ResponseTooLargeError(limit);
          controller.error(error);
          onExceeded(error);
          await reader.cancel(error).catch(() => undefined);
          return;
        }
        controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/**
 * Builds the fetch of one scan. One instance per scan: its DNS answers are
 * cached and pinned for the scan's lifetime, which is what makes a rebinding
 * resolver harmless.
 */
export function createGuardedFetcher(options: GuardedFetchOptions): GuardedFetcher {
  const { limits, signal } = options;
  const checks = new Map<string, Promise<CheckedTarget>>();
  const pinned = new Map<string, ResolvedAddress[]>();
  const resolved = new Set<string>();
  const chain: RedirectHop[] = [];
  let firstHttpsHsts: string | null | undefined;
  const cutListeners = new Set<(error: ResponseTooLargeError) => void>();
  const notifyCut = (error: ResponseTooLargeError) => {
    for (const listener of cutListeners) listener(error);
  };

  // Every connection asks this instead of DNS: only addresses the guard passed.
  const pinnedLookup = (
    hostname: string,
    lookupOptions: LookupOptions,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    const all = pinned.get(hostKey(hostname));
    if (!all || all.length === 0) {
      const err: NodeJS.ErrnoException = new Error(`${hostname} was not checked by the target guard`);
      err.code = "ENOTFOUND";
      callback(err, "", 4);
      return;
    }
    const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? all.filter((a) => a.family === lookupOptions.family) : all;
    const list = wanted.length > 0 ? wanted : all;
    if (lookupOptions.all) callback(null, list.map((a) => ({ address: a.address, family: a.family })));
    else callback(null, list[0].address, list[0].family);
  };

  const agent = new Agent({
    connect: {
      lookup: pinnedLookup,
      timeout: limits.perRequestMs,
      rejectUnauthorized: options.tls?.verify ?? true,
      ...(options.tls?.ca ? { ca: options.tls.ca } : {}),
    },
    headersTimeout: limits.perRequestMs,
    // Idle time between body chunks; a stream that goes quiet this long is dead to us.
    bodyTimeout: limits.perRequestMs,
  });

  function recordHop(hop: RedirectHop): void {
    if (chain.length >= MAX_RECORDED_HOPS) return;
    if (chain.some((h) => h.url === hop.url && h.status === hop.status)) return;
    chain.push(hop);
  }

  async function check(target: string | URL): Promise<CheckedTarget> {
    const url = new URL(target);
    if (url.protocol !== "http:" && url.protocol !== "https:") return checkTarget(url, options);
    const key = hostKey(url.hostname);
    let pending = checks.get(key);
    if (!pending) {
      pending = checkTarget(url, options);
      pending.catch(() => undefined);
      checks.set(key, pending);
    }
    const checked = await raceAbort(pending, signal);
    pinned.set(key, checked.addresses);
    for (const a of checked.addresses) resolved.add(a.address);
    const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
    return { ...checked, url, port };
  }

  async function send(url: URL, method: string, headers: Headers, body: RequestInit["body"] | null, callerSignal: AbortSignal | null | undefined) {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new RequestTimeoutError(url.host, limits.perRequestMs)), limits.perRequestMs);
    const signals = [timeout.signal, signal, callerSignal ?? undefined].filter((s): s is AbortSignal => s !== undefined);
    try {
      return await undiciFetch(url, {
        method,
        headers: [...headers],
        // The SDK sends strings; other BodyInit kinds pass through unchanged.
        body: body as UndiciRequestInit["body"],
        redirect: "manual",
        dispatcher: agent,
        signal: AbortSignal.any(signals),
      });
    } catch (error) {
      for (const s of signals) if (s.aborted && s.reason instanceof Error) throw s.reason;
      throw new Error(`request to ${url.host} failed: ${describeNetworkError(error)}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  function toResponse(res: Awaited<ReturnType<typeof undiciFetch>>, url: URL, method: string, redirected: boolean): Response {
    const eventStream = (res.headers.get("content-type") ?? "").toLowerCase().startsWith("text/event-stream");
    const cap = eventStream && method === "GET" ? limits.maxEventStreamBytes : limits.maxResponseBytes;
    const nullBody = NULL_BODY_STATUSES.has(res.status) || !res.body;
    const declared = Number(res.headers.get("content-length") ?? "NaN");
    let body: ReadableStream<Uint8Array> | null = null;
    if (!nullBody && Number.isFinite(declared) && declared > cap) {
      // Announced too large: do not read a byte of it.
      const error = new ResponseTooLargeError(cap);
      res.body?.cancel(error).catch(() => undefined);
      body = new ReadableStream<Uint8Array>({ start: (controller) => controller.error(error) });
      notifyCut(error);
    } else if (!nullBody) {
      body = capBody(res.body as ReadableStream<Uint8Array>, cap, notifyCut);
    }
    const out = new Response(body, { status: res.status, statusText: res.statusText, headers: new Headers([...res.headers]) });
    Object.defineProperty(out, "url", { value: url.href });
    Object.defineProperty(out, "redirected", { value: redirected });
    return out;
  }

  const guardedFetch: ScanFetch = async (input, init = {}) => {
    let url = new URL(input);
    let method = (init.method ?? "GET").toUpperCase();
    const headers = new Headers(init.headers);
    if (!headers.has("user-agent")) headers.set("user-agent", USER_AGENT);
    let body = init.body ?? null;
    const mode = init.redirect ?? "follow";

    for (let hop = 0; ; hop++) {
      await check(url);
      const res = await send(url, method, headers, body, init.signal);
      if (url.protocol === "https:" && firstHttpsHsts === undefined) firstHttpsHsts = res.headers.get("strict-transport-security");
      const location = REDIRECT_STATUSES.has(res.status) ? res.headers.get("location") : null;
      if (!location || mode === "manual") {
        if (hop > 0) recordHop({ url: url.href, status: res.status, host: hostKey(url.hostname) });
        return toResponse(res, url, method, hop > 0);
      }
      await res.body?.cancel().catch(() => undefined);
      if (mode === "error") throw new TypeError(`redirect from ${url.href} refused (redirect: "error")`);
      recordHop({ url: url.href, status: res.status, host: hostKey(url.hostname) });
      if (hop >= limits.maxRedirects) throw new Error(`more than ${limits.maxRedirects} redirects, starting at ${input.toString()}`);

      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new Error(`redirect from ${url.href} to an invalid location`);
      }
      if (res.status === 303 ? method !== "HEAD" : (res.status === 301 || res.status === 302) && method === "POST") {
        method = "GET";
        body = null;
        headers.delete("content-type");
        headers.delete("content-length");
      } else if (body instanceof ReadableStream) {
        throw new Error(`redirect from ${url.href} would resend a streamed body`);
      }
      if (next.origin !== url.origin) {
        headers.delete("authorization");
        headers.delete("cookie");
      }
      try {
        await check(next);
      } catch (error) {
        recordHop({ url: next.href, status: 0, host: hostKey(next.hostname) });
        throw error;
      }
      url = next;
    }
  };

  return {
    fetch: guardedFetch,
    check,
    evidence: () => ({ resolvedAddresses: [...resolved], redirectChain: chain.map((h) => ({ ...h })), firstHttpsHsts }),
    onBodyCut: (listener) => {
      cutListeners.add(listener);
      return () => cutListeners.delete(listener);
    },
    close: async () => {
      await agent.destroy().catch(() => undefined);
    },
  };
}
