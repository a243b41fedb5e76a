import "server-only";
import { cache } from "react";
import { isAppError } from "@/lib/core/errors";
import { findAwaitingServer, type AwaitingServer } from "@/lib/core/registry/find-awaiting-server";
import { getServerProfile } from "@/lib/core/registry/get-server-profile";
import { getServerReport, type ServerReport } from "@/lib/core/registry/get-server-report";
import type { ServerDetail } from "@/lib/schemas/server";
import type { Services } from "@/lib/services/open-services";

export interface ServerPageData {
  profile: ServerDetail;
  /** The evidence behind the verdict (docs/findings-and-scans.md#the-report); null while the server has no scored scan. */
  report: ServerReport | null;
  baseUrl: string;
}

/**
 * The profile page's data, from the same use cases as
 * GET /api/v1/server/{url} and …/report (no HTTP round trip to ourselves).
 * Cached per request (the page passes the app's services), so generateMetadata and the page read once. Answers
 * null for a server without a verdict: see loadAwaitingServer.
 */
export const loadServerPage = cache(async (services: Services, serverUrl: string): Promise<ServerPageData | null> => {
  let profile: ServerDetail;
  try {
    profile = await getServerProfile(services.store, serverUrl);
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") return null;
    throw error;
  }
  let report: ServerReport | null = null;
  try {
    report = await getServerReport(services.store, profile.url, { baseUrl: services.config.BASE_URL });
  } catch (error) {
    if (!(isAppError(error) && error.code === "not_found")) throw error;
  }
  return { profile, report, baseUrl: services.config.BASE_URL };
});

/**
 * A server the registry lists but has not assessed yet (docs/identity.md#listed-versus-assessed): its page says
 * "awaiting assessment" instead of a 404. Null when it is not one either:
 * the page shows its 404.
 */
export const loadAwaitingServer = cache(
  async (services: Services, serverUrl: string): Promise<AwaitingServer | null> => findAwaitingServer(services.store, serverUrl),
);
