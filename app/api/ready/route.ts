import { methodsNotAllowed } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/responses";
import { appServices } from "@/lib/services/app-services";
import { checkComponents, PROBE_HEADERS, unavailableResponse } from "@/lib/http/health-checks";

export const dynamic = "force-dynamic";

/** Shorter than a load balancer's probe timeout, so the balancer hears a 503 rather than nothing. */
const READY_TIMEOUT_MS = 2000;

/**
 * Readiness, for load balancers: 200 while the database answers within 2 s,
 * else 503 with Retry-After. Redis is not asked: it is shared by every
 * instance, so taking instances out for it would take the whole site down
 * for a dependency requests are served without (docs/limits-and-faults.md).
 */
export async function GET(): Promise<Response> {
  const report = await checkComponents(appServices, "ready", READY_TIMEOUT_MS, { redis: false });
  if (report.database === "down") {
    return unavailableResponse(`Not ready: the database does not answer within ${READY_TIMEOUT_MS / 1000} s.`, { status: "not_ready", ...report });
  }
  return jsonResponse({ status: "ready", ...report }, { headers: PROBE_HEADERS });
}

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
