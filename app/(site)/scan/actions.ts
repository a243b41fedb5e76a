"use server";

import { redirect } from "next/navigation";
import { normalizeServerUrl } from "@/lib/core/registry/normalize-url";
import { scanServer } from "@/lib/core/registry/scan-server";
import { isListed } from "@/lib/core/registry/server-record";
import { admitSiteAction } from "@/lib/site/admit-site-action";
import type { ScanFormState } from "@/lib/site/form-states";
import { profilePath } from "@/lib/site/server-links";
import { describeSiteError } from "@/lib/site/site-errors";
import { appServices } from "@/lib/services/app-services";

/**
 * The scan page's action: the same scanServer use case as POST /api/v1/scan,
 * behind the same per-IP scan limit (admitSiteAction). A URL that does not
 * parse is refused before it costs a scan. A completed or partial scan
 * lands on the profile; an unreachable one stays here with the reason,
 * since it changes no verdict (docs/findings-and-scans.md#statuses).
 */
export async function scanAction(_previous: ScanFormState, formData: FormData): Promise<ScanFormState> {
  const raw = formData.get("server_url");
  const serverUrl = typeof raw === "string" ? raw.trim() : "";
  let destination: string;
  try {
    const url = normalizeServerUrl(serverUrl);
    const services = await appServices();
    await admitSiteAction(services, "scan");
    const { outcome, server } = await scanServer(services.scanner, url, "site");
    if (outcome.status === "unreachable") {
      const reason = outcome.findings[0];
      return {
        status: "error",
        serverUrl,
        error: {
          title: "The server could not be reached",
          message: reason
            ? `${reason.title}. ${reason.detail}`
            : "No MCP handshake: the address did not answer as an MCP server (DNS, connection, TLS or HTTP failure).",
        },
        ...(isListed(server) ? { profileHref: profilePath(server.url) } : {}),
      };
    }
    destination = `${profilePath(outcome.serverUrl)}?scanned=1`;
  } catch (error) {
    return { status: "error", serverUrl, error: describeSiteError(error) };
  }
  redirect(destination);
}
