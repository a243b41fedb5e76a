import { z } from "zod";

/**
 * The HTTP face of the MCP endpoint (POST /api/v1/mcp; README.md#mcp-endpoint): JSON-RPC
 * 2.0 messages over stateless Streamable HTTP. The OpenAPI document says no
 * more than that; the tools, their arguments and results are MCP's own
 * contract (tools/list answers their JSON schemas).
 */
const jsonRpcId = z.union([z.string(), z.number().int()]);

const jsonRpcMessageSchema = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: jsonRpcId.optional().describe("Absent on notifications, which are answered 202 without a body."),
    method: z.string().describe("initialize, notifications/initialized, ping, tools/list, tools/call …"),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "JsonRpcMessage" });

export const jsonRpcRequestBodySchema = z
  .union([jsonRpcMessageSchema, z.array(jsonRpcMessageSchema).min(1)])
  .meta({ id: "JsonRpcRequestBody", description: "One JSON-RPC message or a batch of them." });

const jsonRpcErrorSchema = z.object({
  code: z.number().int().describe("JSON-RPC error code (-32700 parse error, -32600 invalid request, -32601 method not found, -32602 invalid params, -32000 transport refusal)."),
  message: z.string(),
  data: z.unknown().optional(),
});

const jsonRpcResponseObject = z.object({
  jsonrpc: z.literal("2.0"),
  id: jsonRpcId.nullable(),
  result: z.record(z.string(), z.unknown()).optional().describe("On success: the method's result (a tool call's result carries isError for tool errors, rate limits among them)."),
  error: jsonRpcErrorSchema.optional(),
});

export const jsonRpcResponseSchema = z
  .union([jsonRpcResponseObject, z.array(jsonRpcResponseObject)])
  .meta({ id: "JsonRpcResponse", description: "The answer to a request, or an array of answers to a batch." });

export const jsonRpcErrorResponseSchema = z
  .object({ jsonrpc: z.literal("2.0"), id: jsonRpcId.nullable(), error: jsonRpcErrorSchema })
  .meta({ id: "JsonRpcErrorResponse", description: "A JSON-RPC error, as the transport answers its own refusals." });
