import { AppError } from "@/lib/core/errors";

/**
 * How a database that cannot be reached right now shows itself: PostgreSQL
 * shutting down or starting up (57P01 admin_shutdown, 57P02, 57P03
 * cannot_connect_now), out of connections (53300), class 08 connection
 * exceptions, postgres.js's own connection errors, and the socket errors of
 * a server that is not there. Outbound fetches (scans, verification
 * documents) turn their network errors into answers, so these only reach
 * the edge from the database.
 */
const DATABASE_UNAVAILABLE_CODES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "EAI_AGAIN",
]);

/** What a client (or load balancer) is told to wait while the database does not answer: a restart takes a few seconds, and the pool reconnects on the next request (db/client.ts). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The 503 for a database that does not answer right now, or null when the
 * error is something else. Looks through wrappers: drizzle keeps the
 * driver's error as `cause`.
 */
export function databaseUnavailableError(error: unknown): AppError | null {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && DATABASE_UNAVAILABLE_CODES.has(code)) {
      return new AppError("service_unavailable", "The database is not answering right now. Please try again in a few seconds.", {
        retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
        databaseCode: code,
      });
    }
    current = current.cause;
  }
  return null;
}
