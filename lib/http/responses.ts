import { AppError, isAppError, type ErrorCode } from "@/lib/core/errors";
import { databaseUnavailableError } from "@/lib/core/database-unavailable";
import { logError, logger } from "@/lib/log";
import { ERROR_STATUS } from "./error-status";

/** A JSON reply with the content type every JSON route uses. */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** ErrorResponse { error, message } with the status of its code. */
export function errorResponse(code: ErrorCode, message: string, headers?: HeadersInit): Response {
  return jsonResponse({ error: code, message }, { status: ERROR_STATUS[code], headers });
}

/**
 * Turns anything thrown into an ErrorResponse. Internal errors are logged
 * with their detail and answered with a generic message: a 500 never carries
 * a stack trace, SQL or a path.
 */
export function responseForError(thrown: unknown): Response {
  const unavailable = isAppError(thrown) ? null : databaseUnavailableError(thrown);
  // The code only: the driver's error carries the statement and its parameters.
  if (unavailable) logger().warn({ scope: "database", code: unavailable.details?.databaseCode }, "database unavailable: answered 503");
  const error = unavailable ?? thrown;
  if (isAppError(error)) {
    const headers = new Headers();
    const retryAfter = error.details?.retryAfterSeconds;
    if (typeof retryAfter === "number") headers.set("retry-after", String(Math.max(1, Math.ceil(retryAfter))));
    // Headers the error must carry (a 429's RateLimit-* fields: docs/api-keys-and-rate-limits.md#headers).
    const extra = error.details?.headers;
    if (extra && typeof extra === "object") {
      for (const [name, value] of Object.entries(extra as Record<string, unknown>)) if (typeof value === "string") headers.set(name, value);
    }
    return errorResponse(error.code, error.message, headers);
  }
  logError("internal_error", error);
  return errorResponse("internal_error", "Something went wrong on our side. Please try again later.");
}
