import { methodsNotAllowed } from "@/lib/http/api-route";
import { jsonResponse } from "@/lib/http/responses";
import { appServices } from "@/lib/services/app-services";
import { checkComponents, PROBE_HEADERS, unavailableResponse } from "@/lib/http/health-checks";

export const dynamic = "force-dynamic";

const HEALTH_TIMEOUT_MS = 3000;

/**
 * What is up: the database and the rate limits' shared store (Redis, or
 * "not_configured" when limits are counted in process by design). 200 while
 * the database answers: "ok", or "degraded" when Redis is down, because
 * requests are still served then (reads counted in process, scans counted on
 * from the counts Redis gave: docs/limits-and-faults.md#rate-limits-while-redis-is-down).
 * 503 when the database does not answer.
 */
export async function GET(): Promise<Response> {
  const report = await checkComponents(appServices, "health", HEALTH_TIMEOUT_MS, { redis: true });
  if (report.database === "down") return unavailableResponse("The database does not answer.", { status: "unavailable", ...report });
  return jsonResponse({ status: report.redis === "down" ? "degraded" : "ok", ...report }, { headers: PROBE_HEADERS });
}

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
