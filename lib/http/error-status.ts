import type { ErrorCode } from "@/lib/core/errors";

/** The one table from error code to HTTP status (docs/errors.md#codes-and-statuses). */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  invalid_parameter: 400,
  invalid_url: 400,
  target_forbidden: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};
