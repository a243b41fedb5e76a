import { hashTool } from "@/lib/core/scanning/mcp-session";
import type { Discovery, DiscoveredTool } from "@/lib/core/scanning/scan-outcome";

/**
 * Minimal Discovery values for rule tests: one call per case, hashes
 * computed the way the MCP session computes them.
 */
export interface ToolSpec {
  name: string;
  description?: string;
  inputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

export function tool(spec: ToolSpec): DiscoveredTool {
  const base = { name: spec.name, description: spec.description, inputSchema: spec.inputSchema ?? { type: "object", properties: {} }, annotations: spec.annotations };
  return { ...base, ...hashTool(base) };
}

export function discoveryOf(tools: ToolSpec[], extra: Partial<Discovery> = {}): Discovery {
  return {
    serverInfo: { name: "test-server", version: "1.0.0" },
    protocolVersion: "2025-06-18",
    capabilities: { tools: {}, resources: {}, prompts: {} },
    instructions: null,
    transport: "streamable-http",
    tools: tools.map(tool),
    resources: [],
    resourceTemplates: [],
    prompts: [],
    listingProblems: [],
    ...extra,
  };
}

/** A tool whose description is `text`. */
export function describing(text: string, name = "helper"): Discovery {
  return discoveryOf([{ name, description: text }]);
}
