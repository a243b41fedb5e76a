/**
 * The only way the npm fetch talks HTTP. Everything a registry serves is
 * stranger-written, so each request is bounded (bytes, time) and may only go
 * to the configured registry's origin: a tarball URL or a redirect naming
 * another host is refused (SSRF: the package chooses those URLs, not us).
 */

export type RegistryHttpFailure = "cross-origin" | "too-large" | "timeout" | "network" | "redirects";

export class RegistryHttpError extends Error {
  constructor(
    readonly kind: RegistryHttpFailure,
    message: string,
  ) {
    super(message);
    this.name = "RegistryHttpError";
  }
}

export interface RegistryGetOptions {
  /** The registry's origin (`new URL(registryUrl).origin`): the only origin requested. */
  origin: string;
  maxBytes: number;
  /** The caller's overall deadline. */
  signal: AbortSignal;
  /** Per request, on top of the overall deadline. */
  timeoutMs: number;
  accept?: string;
  headers?: Record<string, string>;
}

export interface RegistryResponse {
  status: number;
  url: string;
  body: Buffer;
}

const MAX_REDIRECTS = 3;
/** Bodies of error answers are only kept for messages. */
const ERROR_BODY_BYTES = 4096;

export function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

async function readCapped(res: Response, maxBytes: number, url: string): Promise<Buffer> {
  const declared = Number(res.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new RegistryHttpError("too-large", `${url} is ${declared} bytes, over the limit of ${maxBytes}`);
  }
  if (!res.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new RegistryHttpError("too-large", `${url} is over the limit of ${maxBytes} bytes`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/** GET `url` from the registry's origin, following same-origin redirects only. Any status is returned; only transport failures throw. */
export async function registryGet(url: string, options: RegistryGetOptions): Promise<RegistryResponse> {
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (!sameOrigin(current, options.origin)) {
      throw new RegistryHttpError("cross-origin", `refused to fetch ${current}: not on the registry's origin ${options.origin}`);
    }
    const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]);
    let res: Response;
    try {
      res = await fetch(current, {
        method: "GET",
        redirect: "manual",
        signal,
        headers: { accept: options.accept ?? "*/*", "user-agent": "mcp-trust-registry-package-assessment", ...options.headers },
      });
    } catch (error) {
      if (signal.aborted) throw new RegistryHttpError("timeout", `${current} did not answer in time`);
      throw new RegistryHttpError("network", `${current}: ${(error as Error).message}`);
    }
    if (res.status >= 300 && res.status < 400 && res.headers.get("location")) {
      await res.body?.cancel().catch(() => undefined);
      current = new URL(res.headers.get("location") as string, current).toString();
      continue;
    }
    try {
      const ok = res.status >= 200 && res.status < 300;
      const body = ok ? await readCapped(res, options.maxBytes, current) : await readCapped(res, ERROR_BODY_BYTES, current).catch(() => Buffer.alloc(0));
      return { status: res.status, url: current, body };
    } catch (error) {
      if (error instanceof RegistryHttpError) throw error;
      if (signal.aborted) throw new RegistryHttpError("timeout", `${current} did not finish in time`);
      throw new RegistryHttpError("network", `${current}: ${(error as Error).message}`);
    }
  }
  throw new RegistryHttpError("redirects", `${url}: more than ${MAX_REDIRECTS} redirects`);
}
