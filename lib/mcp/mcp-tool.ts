import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { StatsReader } from "@/lib/core/registry/stats-reader";
import type { RegistryStore } from "@/lib/core/registry/registry-store";
import type { ScanServerDeps } from "@/lib/core/registry/scan-server";

/**
 * What a tool may use for one call: the core's ports and the gate. One
 * context per HTTP request, so `admit` counts against the caller who sent it.
 */
export interface ToolContext {
  store: RegistryStore;
  stats: StatsReader;
  scanner: ScanServerDeps;
  /** The public base URL, for links in answers. */
  baseUrl: string;
  /**
   * Counts this tool call against the caller's limit (a tool call is a
   * read, scan_server a scan: docs/api-keys-and-rate-limits.md#what-is-counted). Throws AppError unauthorized or rate_limited.
   */
  admit(access: "read" | "scan"): Promise<void>;
}

/** What a tool answers on success: the structured result and a text an agent (or a person) can read. */
interface ToolAnswer<Output> {
  structured: Output;
  text: string;
}

/**
 * One MCP tool: its contract (schemas, annotations) and what it does. The
 * wrapper in create-mcp-server.ts does the rest the same way for every tool:
 * admit, run, turn any error into a tool error.
 */
export interface McpTool<Input extends z.ZodObject, Output extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  inputSchema: Input;
  outputSchema: Output;
  annotations: ToolAnnotations;
  /** Which limit a call counts against. */
  access: "read" | "scan";
  run(input: z.output<Input>, context: ToolContext): Promise<ToolAnswer<z.output<Output>>>;
}

/** Keeps a tool's input and output types tied to its schemas. */
export function defineTool<Input extends z.ZodObject, Output extends z.ZodObject>(tool: McpTool<Input, Output>): McpTool<Input, Output> {
  return tool;
}
