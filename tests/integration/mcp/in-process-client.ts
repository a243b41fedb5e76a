import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import * as mcpRoute from "@/app/api/v1/mcp/route";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";

export const MCP_PATH = "/api/v1/mcp";
const ORIGIN = "http://localhost:3000";

type RouteHandler = (request: Request) => Promise<Response>;
const HANDLERS: Record<string, RouteHandler> = {
  POST: mcpRoute.POST,
  GET: mcpRoute.GET,
  DELETE: mcpRoute.DELETE,
};

/** Sends a Request to the route module as Next would, with the client address our server sets. */
export function callMcpRoute(request: Request, clientIp: string): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, clientIp);
  const method = request.method.toUpperCase();
  const handler = HANDLERS[method] ?? mcpRoute.PUT;
  return handler(new Request(request, { headers }));
}

/** A raw JSON-RPC POST, for what the SDK client would never send. */
export function postRaw(body: string, options: { clientIp?: string; headers?: Record<string, string> } = {}): Promise<Response> {
  return callMcpRoute(
    new Request(new URL(MCP_PATH, ORIGIN), {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...options.headers },
      body,
    }),
    options.clientIp ?? "203.0.113.200",
  );
}

export interface InProcessClient {
  client: Client;
  /** Headers of the last HTTP reply (RateLimit-* of the last tool call). */
  lastHeaders(): Headers;
  /** tools/call, answering the result whatever isError says. */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

/**
 * The SDK's real Client and Streamable HTTP transport, with a fetch that
 * hands each request to the route handler in-process: the same bytes as
 * over the network, without a Next build.
 */
export async function connectInProcess(options: { clientIp: string; apiKey?: string }): Promise<InProcessClient> {
  let last = new Headers();
  const transport = new StreamableHTTPClientTransport(new URL(MCP_PATH, ORIGIN), {
    requestInit: options.apiKey ? { headers: { "x-api-key": options.apiKey } } : undefined,
    fetch: async (url, init) => {
      const response = await callMcpRoute(new Request(url, init), options.clientIp);
      last = response.headers;
      return response;
    },
  });
  const client = new Client({ name: "in-process-test", version: "1.0.0" });
  await client.connect(transport);
  return {
    client,
    lastHeaders: () => last,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: () => client.close(),
  };
}

/** The text of a tool result's first content block. */
export function textOf(result: CallToolResult): string {
  const block = result.content[0];
  return block && block.type === "text" ? block.text : "";
}
