import { isAppError } from "@/lib/core/errors";
import { PRIVATE_CATEGORIES, type AddressCategory } from "@/lib/core/scanning/target-guard";
import { databaseUnavailableError } from "@/lib/core/database-unavailable";
import { logError } from "@/lib/log";

/** What a form shows when its action failed: a short title and a sentence for people. */
export interface SiteErrorMessage {
  title: string;
  message: string;
  /** The field at fault, so the form can mark it (aria-invalid) and put the message next to it. */
  field?: string;
  /** For rate limits: whole seconds to wait. */
  retryAfterSeconds?: number;
}

/** Only for the address kinds SCAN_ALLOW_PRIVATE_TARGETS opens: a developer's own machine or network. */
const LOCAL_SERVER_HINT =
  " To scan a server on your own machine, use the command line: npm run scan -- --allow-private <url>. A copy of the registry you run yourself scans loopback and private addresses when started with SCAN_ALLOW_PRIVATE_TARGETS=true.";

/**
 * Words for what the site's actions can run into. AppError messages are
 * written for people and safe to show; anything else is an internal error,
 * logged here and never shown (no stack, SQL or path reaches the page).
 */
export function describeSiteError(error: unknown): SiteErrorMessage {
  const unavailable = isAppError(error) ? null : databaseUnavailableError(error);
  if (unavailable) return { title: "Busy", message: unavailable.message };
  if (!isAppError(error)) {
    logError("site", error);
    return { title: "Something went wrong", message: "Something went wrong on our side. Please try again later." };
  }
  const parameter = typeof error.details?.parameter === "string" ? error.details.parameter : undefined;
  switch (error.code) {
    case "rate_limited": {
      const raw = error.details?.retryAfterSeconds;
      const seconds = typeof raw === "number" ? Math.max(1, Math.ceil(raw)) : undefined;
      return {
        title: "Too many requests",
        message: seconds
          ? `You have reached the limit for this address. Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.${seconds >= 120 ? ` (about ${Math.round(seconds / 60)} minutes)` : ""}`
          : "You have reached the limit for this address. Try again later.",
        retryAfterSeconds: seconds,
      };
    }
    case "target_forbidden":
      return {
        title: "This address cannot be scanned",
        message: `${error.message} The registry scans public servers only, never private, loopback, link-local or cloud metadata addresses.${
          PRIVATE_CATEGORIES.has(error.details?.category as AddressCategory) ? LOCAL_SERVER_HINT : ""
        }`,
        field: "server_url",
      };
    case "invalid_url":
      return { title: "Check the server URL", message: error.message, field: "server_url" };
    case "invalid_parameter":
    case "bad_request":
      return { title: "Check the form", message: error.message, field: parameter };
    case "not_found":
      return { title: "Not found", message: error.message };
    case "service_unavailable":
      return { title: "Busy", message: error.message };
    case "conflict":
      return { title: "Already in progress", message: error.message };
    default:
      return { title: "Something went wrong", message: error.message };
  }
}
