import { createHmac, randomBytes } from "node:crypto";
import pino, { type Logger } from "pino";
import { config } from "@/lib/config";

/**
 * The service's one logger: JSON lines on stdout (pino), level from
 * LOG_LEVEL (default info; "silent" turns it off; silent under vitest unless set). What may be logged is
 * written down in docs/operations.md: never API keys, e-mail addresses,
 * request bodies or query strings; a client appears as a keyed hash only.
 *
 * Kept on globalThis so that the start script and the Next.js module graph
 * (which loads its own copy of this file) write through one logger.
 */
const globalKey = Symbol.for("mcp-trust-registry.logger");
type GlobalWithLogger = typeof globalThis & { [globalKey]?: Logger };

/** The configured level; a configuration error is reported by whoever reads the rest of it, not by the logger. */
function configuredLevel(): string {
  if (process.env.VITEST && !process.env.LOG_LEVEL) return "silent";
  try {
    return config().LOG_LEVEL;
  } catch {
    return "info";
  }
}

export function logger(): Logger {
  const g = globalThis as GlobalWithLogger;
  if (!g[globalKey]) {
    g[globalKey] = pino({
      level: configuredLevel(),
      base: { service: "mcp-trust-registry" },
      // Anything that slips into a logged object under these names is masked.
      redact: { paths: ["*.apiKey", "*.api_key", "*.contact_email", "*.email", "*.authorization", "*[\"x-api-key\"]"], censor: "[redacted]" },
    });
  }
  return g[globalKey]!;
}

/** A secret of this process, so a client's hash links its own lines without being reversible to an address. */
const clientHashKey = randomBytes(16);

/** A short, per-process keyed hash of a client address: enough to follow one client through the log, not to find it. */
export function clientHash(address: string): string {
  return createHmac("sha256", clientHashKey).update(address).digest("hex").slice(0, 12);
}

/** Logs an unexpected error with its stack (in the log only, never in a reply). */
export function logError(scope: string, error: unknown, context: Record<string, unknown> = {}): void {
  logger().error({ scope, err: error, ...context }, `${scope}: ${error instanceof Error ? error.message : String(error)}`);
}

/** Tests that read the log lines put a logger of their own (writing to a stream they read) in place. */
export function replaceLoggerForTests(replacement: Logger | undefined): void {
  const g = globalThis as GlobalWithLogger;
  if (replacement) g[globalKey] = replacement;
  else delete g[globalKey];
}
