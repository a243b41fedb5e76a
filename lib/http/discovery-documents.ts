import type { DiscoveryDocument } from "@/lib/schemas/discovery";
import { SERVICE_VERSION } from "@/lib/version";

/**
 * One description of the service, published in two shapes: our discovery
 * document (docs/search-and-stats.md#discovery-document) and the MCP server card that agents look for
 * today. All URLs are absolute, from BASE_URL.
 *
 * There is no A2A agent card (/.well-known/agent-card.json): the service
 * does not speak A2A, and a card pointing A2A clients at the MCP endpoint
 * only earned them "method not found".
 */
const SERVICE = {
  name: "MCP Trust Registry",
  description:
    "A registry of MCP servers with real scans: trust scores, grades, findings, reports and badges. Check a server before you connect to it.",
  version: SERVICE_VERSION,
  capabilities: ["search", "stats", "profiles", "reports", "badges", "scan", "certify", "mcp"],
  tools: [
    { name: "check_trust", description: "Trust score, grade, findings summary and certification of a server, by URL or package name." },
    { name: "scan_server", description: "Runs a public scan of a server and returns its findings." },
    { name: "search_registry", description: "Searches the registry by name, URL or publisher." },
    { name: "get_stats", description: "High-level registry statistics." },
  ],
};

function endpoints(baseUrl: string) {
  return { mcp: `${baseUrl}/api/v1/mcp`, rest: `${baseUrl}/api/v1`, openapi: `${baseUrl}/api/v1/openapi.json` };
}

export function discoveryDocument(baseUrl: string): DiscoveryDocument {
  const e = endpoints(baseUrl);
  return {
    name: SERVICE.name,
    description: SERVICE.description,
    url: baseUrl,
    openapi: e.openapi,
    capabilities: SERVICE.capabilities,
    endpoints: { mcp: e.mcp, rest: e.rest },
  };
}

/** The MCP server card (/.well-known/mcp/server-card.json). */
export function mcpServerCard(baseUrl: string) {
  const e = endpoints(baseUrl);
  return {
    name: "io.mcp-trust-registry/registry",
    title: SERVICE.name,
    description: SERVICE.description,
    version: SERVICE.version,
    websiteUrl: baseUrl,
    remotes: [{ type: "streamable-http", url: e.mcp }],
    capabilities: { tools: { listChanged: false } },
    tools: SERVICE.tools,
    documentation: { openapi: e.openapi, rest: e.rest },
  };
}
