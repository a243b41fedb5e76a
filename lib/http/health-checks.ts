import type { StoreStatus } from "@/lib/http/rate-limit/create-rate-limiter";
import { ERROR_STATUS } from "@/lib/http/error-status";
import { DATABASE_RETRY_AFTER_SECONDS } from "@/lib/core/database-unavailable";
import { jsonResponse } from "@/lib/http/responses";
import type { Services } from "@/lib/services/open-services";
import { logger } from "@/lib/log";

/**
 * The checks behind GET /api/health (what is up) and GET /api/ready (may
 * this instance take traffic); docs/limits-and-faults.md says why they
 * differ. Neither goes through the request gate: probes are never counted
 * against a rate limit, and never cached.
 */

export const PROBE_HEADERS = { "cache-control": "no-store" } as const;

export interface ComponentReport {
  database: "ok" | "down";
  /** The rate limits' shared store; absent when the services could not even be opened. */
  redis?: StoreStatus;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  promise.catch(() => {}); // a late rejection after the timeout is expected
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A warning, not an error with a stack: a load balancer asks every few seconds for as long as the database is away. */
function logDown(scope: string, error: unknown): void {
  logger().warn({ scope, reason: error instanceof Error ? error.message : String(error) }, `${scope}: the database does not answer`);
}

/**
 * Asks the database (and, with `redis`, the limiter's store, at the same time) for a round trip within `timeoutMs`.
 * `openServices` is the app's (the route passes it): opening them may itself fail while the database is away.
 */
export async function checkComponents(
  openServices: () => Promise<Services>,
  scope: "health" | "ready",
  timeoutMs: number,
  options: { redis: boolean },
): Promise<ComponentReport> {
  let services;
  try {
    // Opening the services is the first database round trip (migrations), so it shares the bound.
    services = await withTimeout(openServices(), timeoutMs);
  } catch (error) {
    logDown(scope, error);
    return { database: "down" };
  }
  const database = withTimeout(services.pingDatabase(), timeoutMs).then(
    () => "ok" as const,
    (error: unknown) => {
      logDown(scope, error);
      return "down" as const;
    },
  );
  if (!options.redis) return { database: await database };
  const [db, redis] = await Promise.all([database, services.rateLimiter.checkStore()]);
  return { database: db, redis };
}

/** 503 service_unavailable with Retry-After, an ErrorResponse (docs/errors.md#the-errorresponse-shape) that also carries the report. */
export function unavailableResponse(message: string, report: Record<string, unknown>): Response {
  return jsonResponse(
    { error: "service_unavailable", message, ...report },
    { status: ERROR_STATUS.service_unavailable, headers: { ...PROBE_HEADERS, "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) } },
  );
}
