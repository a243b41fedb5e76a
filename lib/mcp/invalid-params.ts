import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  isJSONRPCRequest,
  ListToolsRequestSchema,
  PingRequestSchema,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
} from "@modelcontextprotocol/sdk/types.js";

/**
 * JSON-RPC -32602 (Invalid params) for a request whose params do not have
 * the shape its method takes ({"name": 42} for tools/call, arguments that
 * are not an object, a numeric cursor). The SDK checks the same schemas, but
 * inside its request dispatch, where a failed check is an exception without
 * an error code and goes out as -32603 Internal error with zod's issue list
 * as the message: wrong for the client, and alarming in our logs.
 *
 * Arguments that are an object but wrong for the tool (an unknown grade) are
 * not this: the SDK answers them as a tool error the model can read and
 * correct, as the MCP specification asks.
 */
const REQUEST_SCHEMAS = new Map(
  [InitializeRequestSchema, PingRequestSchema, ListToolsRequestSchema, CallToolRequestSchema].map((schema) => [schema.shape.method.value as string, schema]),
);

/** The -32602 answer to a request whose params do not fit its method, naming each place; null when they fit (or the method is not one we answer). */
function invalidParamsReply(message: JSONRPCMessage): JSONRPCErrorResponse | null {
  if (!isJSONRPCRequest(message)) return null;
  const result = REQUEST_SCHEMAS.get(message.method)?.safeParse(message);
  if (!result || result.success) return null;
  const issues = result.error.issues.slice(0, 5).map((issue) => `${issue.path.map(String).join(".") || "params"}: ${issue.message}`);
  return { jsonrpc: "2.0", id: message.id, error: { code: ErrorCode.InvalidParams, message: `Invalid params for ${message.method}: ${issues.join("; ")}` } };
}

/**
 * Answers requests with wrongly shaped params on `transport` itself, before
 * the server sees them. Call after the server has connected (it sets
 * `onmessage`); everything else passes through unchanged.
 */
export function refuseInvalidParams(transport: Transport): void {
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const reply = invalidParamsReply(message);
    if (reply) void transport.send(reply).catch(() => undefined);
    else deliver?.(message, extra);
  };
}
