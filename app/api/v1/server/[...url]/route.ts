import { getServerProfile } from "@/lib/core/registry/get-server-profile";
import { getServerReport } from "@/lib/core/registry/get-server-report";
import { methodsNotAllowed } from "@/lib/http/api-route";
import { apiRoute } from "@/lib/services/api-route";
import { badgeEndpointResponse, badgeResponse, parseBadgeOptions } from "@/lib/http/badge-response";
import { jsonResponse } from "@/lib/http/responses";
import { resolveServerPath } from "@/lib/http/server-path";

export const dynamic = "force-dynamic";

/** GET /api/v1/server/{url}, …/{url}/report, …/{url}/badge and …/{url}/badge.json share one catch-all route. */
// Badges (and shields' endpoint document) are embedded in READMEs and fetched by image proxies: never counted against the read limit (docs/badges.md#routes).
const accessFor = (url: URL) => (/\/badge(\.json)?$/.test(url.pathname) ? "unmetered" : "read");

export const GET = apiRoute(accessFor, async ({ request, url, services }) => {
  const target = await resolveServerPath(services.store, url.pathname);
  switch (target.resource) {
    case "profile":
      return jsonResponse(await getServerProfile(services.store, target.serverUrl));
    case "report": {
      const report = await getServerReport(services.store, target.serverUrl, { baseUrl: services.config.BASE_URL });
      const host = new URL(report.server.url).host.replace(/[^a-zA-Z0-9.-]/g, "_");
      return jsonResponse(report, {
        headers: { "content-disposition": `attachment; filename="mcp-trust-report-${host}-${report.scan.scanId.slice(0, 8)}.json"` },
      });
    }
    case "badge":
      return badgeResponse(services, request, target.serverUrl, parseBadgeOptions(url, "compact"));
    case "badge.json":
      return badgeEndpointResponse(services, target.serverUrl, parseBadgeOptions(url, "flat"));
  }
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
