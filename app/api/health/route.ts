import { pingDatabase } from "@/db/client";
import { errorResponse, jsonResponse } from "@/lib/http/responses";
import { appServices } from "@/lib/services/app-services";

export const dynamic = "force-dynamic";

const HEALTH_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
  ]);
}

/** Liveness and database reachability, for load balancers and the start script. */
export async function GET(): Promise<Response> {
  try {
    await withTimeout(
      appServices().then((services) => pingDatabase(services.database.db)),
      HEALTH_TIMEOUT_MS,
    );
    return jsonResponse({ status: "ok", database: "ok" }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    console.error("[health] database check failed", error);
    return errorResponse("service_unavailable", "The database does not answer.", { "cache-control": "no-store" });
  }
}
