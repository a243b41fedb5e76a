import { lockDataDirectory } from "@/db/data-directory-lock";
import type { AppConfig } from "@/lib/config";
import type { Services } from "@/lib/services/open-services";
import { CliError } from "./run-cli";

// Node's network errors, and postgres.js's own for a connect timeout or a dropped connection.
const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ECONNRESET", "CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_ENDED"]);

/**
 * PostgreSQL's refusals of the connection itself: class 08 (connection
 * exception), 28 (bad user or password), 3D000 (no such database), 57P03
 * (starting up or shutting down).
 */
function isConnectionRefusal(code: string): boolean {
  return code.startsWith("08") || code.startsWith("28") || code === "3D000" || code === "57P03";
}

/** host:port/database, never the user or password. */
function describeDatabase(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.host}${url.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

/**
 * openServices for a command: a database that cannot be reached or refuses
 * the connection is a one-line error naming DATABASE_URL, not a stack trace.
 */
export async function openCliServices(settings: AppConfig): Promise<Services> {
  // Loaded here, not at the top: the drivers take seconds to load, which --help and a usage error need not wait for.
  const { openServices } = await import("@/lib/services/open-services");
  try {
    return await openServices(settings);
  } catch (error) {
    const code = String((error as { code?: unknown } | null)?.code ?? "");
    if (settings.DATABASE_URL && error instanceof Error && (UNREACHABLE.has(code) || isConnectionRefusal(code) || error.message.startsWith("SASL"))) {
      throw new CliError(`Cannot use the database at ${describeDatabase(settings.DATABASE_URL)} (${error.message}). Check DATABASE_URL.`);
    }
    throw error;
  }
}

/**
 * For commands that serve the app (start, dev, demo): takes the embedded
 * database's lock for the rest of the process, so that between the script's
 * own handle (migrations) and the app's (opened by the first request) no
 * other process can open the directory. Released when the process exits.
 */
export function holdEmbeddedDatabase(settings: AppConfig): void {
  if (!settings.DATABASE_URL) lockDataDirectory(settings.PGLITE_DIR);
}
