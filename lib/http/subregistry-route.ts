import "server-only";
import type { SubregistryContext } from "@/lib/core/registry/subregistry/subregistry-api";
import type { Services } from "@/lib/services/open-services";
import type { ApiContext } from "./api-route";
import { jsonResponse } from "./responses";

/** The subregistry's view of the process's services: its store on the same database, the instance policy. */
export function subregistryContext(services: Services): SubregistryContext {
  return { store: services.subregistry, baseUrl: services.config.BASE_URL, minGrade: services.config.SUBREGISTRY_MIN_GRADE };
}

/** The error body of the official registry's API: `{ "error": "Server not found" }`. */
export function officialError(status: number, message: string, headers?: HeadersInit): Response {
  return jsonResponse({ error: message }, { status, headers });
}

type RouteHandler = (request: Request, route?: { params: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;

/**
 * A /v0.1 handler (lib/services/api-route.ts binds it): /api/v1's wrapper
 * around `handler` with the same gate as its JSON reads (keys, the read
 * limit, RateLimit-* headers), with every error answered in the official
 * API's shape, `{ error: <message> }`, status and headers unchanged.
 */
export function withOfficialErrors(inner: RouteHandler): RouteHandler {
  return async (request: Request, route?: { params: Promise<Record<string, string | string[] | undefined>> }): Promise<Response> => {
    const response = await inner(request, route);
    if (response.status < 400) return response;
    let message = "The request failed.";
    try {
      const body = (await response.json()) as { error?: unknown; message?: unknown };
      if (typeof body.message === "string") message = body.message;
      else if (typeof body.error === "string") message = body.error;
    } catch {
      // not JSON: keep the generic message
    }
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    return officialError(response.status, message, headers);
  };
}

/**
 * What the read-only registry answers to the official API's optional write
 * endpoints: 405 with the methods the resource does allow (an empty Allow
 * for publish, which allows none here). Not 501: no 5xx for a client's
 * request that is well-formed but not served (docs/http-edge.md).
 */
export const readOnly = (what: string, allow: string) => async () =>
  officialError(405, `${what} is not supported: this registry is a read-only subregistry.`, { allow });
