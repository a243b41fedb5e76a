import "server-only";
import { ZodError, type ZodType } from "zod";
import { AppError } from "@/lib/core/errors";
import type { Services } from "@/lib/services/open-services";
import { CLIENT_IP_HEADER } from "./client-ip";
import type { AccessKind, GateDecision } from "./request-gate";
import { errorResponse, responseForError } from "./responses";

export interface ApiContext {
  request: Request;
  url: URL;
  services: Services;
  clientIp: string;
  gate: GateDecision;
}

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/**
 * Makes the one wrapper every /api/v1 handler goes through: the gate (keys,
 * limits; `access` may depend on the URL when one route serves both a
 * counted read and an uncounted badge), the handler, and the mapping of anything thrown to an
 * ErrorResponse. Handlers stay a few lines: parse, call lib/core, answer.
 * The composition root binds it to the app's services (lib/services/api-route.ts).
 */
export function createApiRoute(openServices: () => Promise<Services>) {
  return (access: AccessKind | ((url: URL) => AccessKind), handler: (ctx: ApiContext) => Promise<Response>) =>
    async (request: Request, _route?: NextRouteContext): Promise<Response> => {
      let gate: GateDecision | null = null;
      let response: Response;
      try {
        const services = await openServices();
        const clientIp = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
        const url = new URL(request.url);
        gate = await services.gate.admit({ request, clientIp, access: typeof access === "function" ? access(url) : access });
        response = await handler({ request, url, services, clientIp, gate });
      } catch (error) {
        response = responseForError(error instanceof ZodError ? appErrorFromZod(error) : error);
      }
      if (gate) for (const [name, value] of gate.headers) response.headers.set(name, value);
      return response;
    };
}

/** A 400 that names the parameter at fault (invalid_parameter naming the parameter: docs/errors.md#codes-and-statuses). */
export function appErrorFromZod(error: ZodError, code: "invalid_parameter" | "bad_request" = "invalid_parameter"): AppError {
  const issue = error.issues[0];
  const name = issue?.path.join(".") || "request";
  return new AppError(code, `${name}: ${issue?.message ?? "invalid value"}`, { parameter: name });
}

/** Parses query parameters with a schema; unknown parameters are ignored. */
export function parseQuery<T>(url: URL, schema: ZodType<T>): T {
  const raw: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!(key in raw)) raw[key] = value;
  const result = schema.safeParse(raw);
  if (!result.success) throw appErrorFromZod(result.error);
  return result.data;
}

export const MAX_BODY_BYTES = 16 * 1024;

/**
 * Reads a JSON body of at most 16 KiB (docs/errors.md#request-bodies). Counts bytes as they arrive, so
 * a client that lies in Content-Length or streams forever is cut off early.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new AppError("bad_request", "Send the request body as application/json.");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new AppError("payload_too_large", `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel().catch(() => {});
        throw new AppError("payload_too_large", `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text.trim()) throw new AppError("bad_request", "The request body is empty.");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON.");
  }
}

/** Handlers for the methods a route does not support: a JSON 405 with Allow. */
export function methodsNotAllowed(allowed: string[]) {
  const reply = async () => {
    const response = errorResponse("method_not_allowed", `This endpoint supports ${allowed.join(", ")}.`);
    response.headers.set("allow", allowed.join(", "));
    return response;
  };
  return { GET: reply, POST: reply, PUT: reply, PATCH: reply, DELETE: reply };
}
