import { z } from "zod";

/**
 * The MCP server card at /.well-known/mcp/server-card.json, as
 * lib/http/discovery-documents.ts (mcpServerCard) builds it: the service
 * described the way MCP clients and registries look for a remote server.
 */
export const mcpServerCardSchema = z
  .object({
    name: z.string().describe("Reverse-DNS server name."),
    title: z.string(),
    description: z.string(),
    version: z.string(),
    websiteUrl: z.url(),
    remotes: z.array(z.object({ type: z.literal("streamable-http"), url: z.url() })).describe("Where to connect: the MCP endpoint."),
    capabilities: z.object({ tools: z.object({ listChanged: z.boolean() }) }),
    tools: z.array(z.object({ name: z.string(), description: z.string() })),
    documentation: z.object({ openapi: z.url(), rest: z.url() }),
  })
  .meta({ id: "McpServerCard" });
