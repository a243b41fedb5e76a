import "server-only";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { isAppError } from "@/lib/core/errors";
import { MAX_BODY_BYTES } from "@/lib/http/api-route";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { responseForError } from "@/lib/http/responses";
import type { Services } from "@/lib/services/open-services";
import { createMcpServer } from "./create-mcp-server";
import { refuseInvalidParams } from "./invalid-params";
import { allowedHostKeys, rebindingRefusal } from "./mcp-host-guard";
import type { ToolContext } from "./mcp-tool";

/** A JSON-RPC error reply, as the SDK's transport answers its own refusals, so MCP clients read them alike. */
export function jsonRpcErrorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }), {
    status,
    headers: { "content-type": "application/json", "cache-control": "no-store", ...headers },
  });
}

/**
 * POST /api/v1/mcp: one stateless Streamable HTTP exchange (README.md#mcp-endpoint).
 *
 * Order, and why:
 * 1. Host/Origin must name us (DNS rebinding), before anything else runs.
 * 2. X-API-Key is checked on the HTTP request, like on every route
 *    (docs/api-keys-and-rate-limits.md#how-a-requests-key-is-checked):
 *    a wrong key is a 401 here, not a tool error later.
 * 3. The HTTP request itself is NOT counted against a limit; each tool call
 *    is, as a read or, for scan_server, a scan
 *    (docs/api-keys-and-rate-limits.md#what-is-counted). A session
 *    spends several HTTP requests on protocol (initialize, the initialized
 *    notification, tools/list, ping) whose number depends on the client
 *    library; counting them would burn an anonymous client's 100 reads on
 *    handshakes and count a batch of calls as one.
 * 4. A fresh McpServer and transport per request (the SDK refuses to reuse a
 *    stateless transport: responses could reach the wrong client), JSON
 *    replies rather than SSE (every reply is one result; nothing streams).
 * 5. Requests whose params have the wrong shape are answered -32602 on the
 *    transport (invalid-params.ts); the SDK would answer -32603.
 * The RateLimit-* headers of the last tool call go on the HTTP reply.
 */
export async function handleMcpRequest(request: Request, services: Services): Promise<Response> {
  const refusal = rebindingRefusal(request.headers, new URL(request.url).host, allowedHostKeys(services.config.BASE_URL, services.config.PORT));
  if (refusal) return jsonRpcErrorResponse(403, `Forbidden: ${refusal}`);

  const clientIp = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
  try {
    await services.gate.admit({ request, clientIp, access: "unmetered" });
  } catch (error) {
    return responseForError(error);
  }

  const rateLimitHeaders = new Headers();
  const context: ToolContext = {
    store: services.store,
    stats: services.stats,
    scanner: services.scanner,
    baseUrl: services.config.BASE_URL,
    async admit(access) {
      try {
        const decision = await services.gate.admit({ request, clientIp, access });
        for (const [name, value] of decision.headers) rateLimitHeaders.set(name, value);
      } catch (error) {
        const extra = isAppError(error) ? error.details?.headers : undefined;
        if (extra && typeof extra === "object") {
          for (const [name, value] of Object.entries(extra as Record<string, unknown>)) if (typeof value === "string") rateLimitHeaders.set(name, value);
        }
        throw error;
      }
    },
  };

  const server = createMcpServer(context);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    // Request bodies over 16 KiB get 413 (docs/errors.md#request-bodies); the transport answers it, as JSON-RPC.
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  try {
    await server.connect(transport);
    refuseInvalidParams(transport);
    const response = await transport.handleRequest(request);
    const headers = new Headers(response.headers);
    for (const [name, value] of rateLimitHeaders) headers.set(name, value);
    headers.set("cache-control", "no-store");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  } finally {
    await server.close();
  }
}
