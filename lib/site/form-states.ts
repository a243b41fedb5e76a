import type { SiteErrorMessage } from "./site-errors";

/**
 * What the scan and certification actions answer to their forms
 * (useActionState). Success redirects, so only failures come back, with the
 * values typed so far: React resets a form after its action, and a reader
 * must not lose what they entered to an error.
 */
export type ScanFormState =
  | { status: "idle" }
  | {
      status: "error";
      error: SiteErrorMessage;
      serverUrl: string;
      /** The profile, when the server is listed despite this failure (an unreachable rescan keeps its verdict). */
      profileHref?: string;
    };

export type CertifyFormState =
  | { status: "idle" }
  | { status: "error"; error: SiteErrorMessage; values: { server_url: string; tier: string; contact_email: string } };

export const IDLE: { status: "idle" } = { status: "idle" };
