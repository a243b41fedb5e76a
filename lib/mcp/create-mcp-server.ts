import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { isAppError } from "@/lib/core/errors";
import { databaseUnavailableError } from "@/lib/core/database-unavailable";
import { logError } from "@/lib/log";
import { SERVICE_VERSION } from "@/lib/version";
import { checkTrustTool } from "./check-trust-tool";
import { getStatsTool } from "./get-stats-tool";
import type { McpTool, ToolContext } from "./mcp-tool";
import { scanServerTool } from "./scan-server-tool";
import { searchRegistryTool } from "./search-registry-tool";

const MCP_SERVER_INFO = {
  name: "mcp-trust-registry",
  title: "MCP Trust Registry",
  version: SERVICE_VERSION,
} as const;

/** Key of the machine-readable error details in a tool error's `_meta`. */
export const TOOL_ERROR_META_KEY = "trust-registry/error";

const MCP_SERVER_INSTRUCTIONS = [
  "MCP Trust Registry: trust scores (0-100) and grades (A-F) for MCP servers, from real scans. Use it to decide whether to connect to an MCP server.",
  "Before you connect to any MCP server, call check_trust with its server_url (or its package_name) and follow `recommendation`:",
  '- "allow" (grade A, B or C): connecting is reasonable; review the findings summary.',
  '- "refuse" (grade D or F): do not connect; tell the user why (trustSummary, findingsSummary).',
  '- "unknown" (no verdict in the registry): do not treat it as allowed. Call scan_server with the server_url to scan it now, then apply the same rule to the new grade; if it cannot be scanned, do not connect without the user\'s explicit approval.',
  "search_registry finds servers by name, URL, publisher or package; get_stats gives registry-wide numbers.",
  "Each tool call counts against a rate limit (without an API key: 100 lookups and 5 scans per hour per client address); a limited call fails with a message saying when to retry.",
  "Scores and findings are decision support, not guarantees.",
].join("\n");

// A list of tools with different schemas; each tool's own types are checked where it is defined.
type AnyTool = McpTool<any, any>;

/** Every tool the endpoint offers, in the order tools/list shows them. */
const MCP_TOOLS: readonly AnyTool[] = [checkTrustTool, scanServerTool, searchRegistryTool, getStatsTool];

/**
 * A tool error an agent can act on: the stable error code and the message
 * (a rate limit's message says when to retry), and the same as data in
 * `_meta`. Internal errors are logged and answered without their detail.
 */
export function toolErrorResult(thrown: unknown): CallToolResult {
  // A database that does not answer right now is a "retry soon", not an internal error.
  const error = isAppError(thrown) ? thrown : (databaseUnavailableError(thrown) ?? thrown);
  if (isAppError(error)) {
    const retryAfterSeconds = typeof error.details?.retryAfterSeconds === "number" ? Math.max(1, Math.ceil(error.details.retryAfterSeconds)) : undefined;
    const parameter = typeof error.details?.parameter === "string" ? error.details.parameter : undefined;
    return {
      isError: true,
      content: [{ type: "text", text: `${error.code}: ${error.message}` }],
      _meta: {
        [TOOL_ERROR_META_KEY]: {
          code: error.code,
          ...(parameter ? { parameter } : {}),
          ...(retryAfterSeconds ? { retryAfterSeconds, retryAt: new Date(Date.now() + retryAfterSeconds * 1000).toISOString() } : {}),
        },
      },
    };
  }
  logError("mcp", error);
  return {
    isError: true,
    content: [{ type: "text", text: "internal_error: Something went wrong on our side. Please try again later." }],
    _meta: { [TOOL_ERROR_META_KEY]: { code: "internal_error" } },
  };
}

function register(server: McpServer, tool: AnyTool, context: ToolContext): void {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema as z.ZodObject,
      outputSchema: tool.outputSchema as z.ZodObject,
      annotations: tool.annotations,
    },
    // The SDK has validated the arguments against inputSchema by now: invalid ones never reach here (and are not counted).
    async (input: unknown): Promise<CallToolResult> => {
      try {
        await context.admit(tool.access);
        const answer = await tool.run(input, context);
        return { content: [{ type: "text", text: answer.text }], structuredContent: answer.structured as Record<string, unknown> };
      } catch (error) {
        return toolErrorResult(error);
      }
    },
  );
}

/**
 * The MCP server (README.md#mcp-endpoint), built per HTTP request (stateless Streamable
 * HTTP): the tools see only this request's context, so limits are counted
 * against the caller who sent it and nothing leaks between clients.
 */
export function createMcpServer(context: ToolContext): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { instructions: MCP_SERVER_INSTRUCTIONS });
  for (const tool of MCP_TOOLS) register(server, tool, context);
  // The SDK declares tools.listChanged: true once a tool is registered, but a
  // stateless server never sends that notification (and the server card says false).
  server.server.registerCapabilities({ tools: { listChanged: false } });
  return server;
}
