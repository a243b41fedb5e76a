/**
 * The one error type of the domain. Code is from a small, stable set
 * (docs/errors.md#codes-and-statuses);
 * lib/http maps it to an HTTP status at the edge, so nothing in the core
 * knows about HTTP.
 */
export const ERROR_CODES = [
  "bad_request",
  "invalid_parameter",
  "invalid_url",
  "target_forbidden",
  "unauthorized",
  "not_found",
  "method_not_allowed",
  "rate_limited",
  "payload_too_large",
  "internal_error",
  "service_unavailable",
  "conflict",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Marks AppErrors across module copies: Next bundles the core once per
 * layer (route handlers, server components, server actions), so an error
 * made in one copy is not `instanceof` the class of another, and a refused
 * scan target on the scan form read as an internal error.
 */
const APP_ERROR_BRAND = Symbol.for("mcp-trust-registry.AppError");

export class AppError extends Error {
  readonly [APP_ERROR_BRAND] = true;

  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError || (value instanceof Error && (value as { [APP_ERROR_BRAND]?: unknown })[APP_ERROR_BRAND] === true);
}
