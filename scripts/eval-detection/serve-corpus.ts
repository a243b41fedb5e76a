import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListToolsResult,
} from "@modelcontextprotocol/sdk/types.js";
import { readJsonBody } from "@/tests/fixtures/harness/http-fixture";
import { answerStatelessPost } from "@/tests/fixtures/harness/mcp-fixture";
import type { CorpusDefinition, CorpusTool } from "./corpus";

/**
 * Serves every definition of a corpus as a real MCP server, from one HTTP
 * server on 127.0.0.1 (port 0): `/s/<index>/mcp` is definition <index>,
 * Streamable HTTP, stateless, with a fresh SDK Server and transport per POST
 * (the test harness's answerStatelessPost). Tools go through the low-level
 * request handler so their JSON travels verbatim.
 */

export interface CorpusServer {
  /** The MCP endpoint of definition `index`. */
  urlFor(index: number): string;
  /** Rug pulls: from now on, definition `index` lists `toolsAfter` instead of `tools`. */
  pullTheRug(index: number): void;
  close(): Promise<void>;
}

/** MCP requires an inputSchema; a definition that omits one is served the smallest valid schema. */
function toWireTool(tool: CorpusTool): Record<string, unknown> {
  return tool.inputSchema === undefined ? { ...tool, inputSchema: { type: "object" } } : { ...tool };
}

function buildServer(def: CorpusDefinition, pulled: boolean): Server {
  const tools = pulled && def.toolsAfter ? def.toolsAfter : def.tools;
  const hasTools = def.tools.length > 0 || (def.toolsAfter?.length ?? 0) > 0;
  const capabilities: Record<string, object> = {};
  if (hasTools) capabilities.tools = {};
  if (def.resources.length > 0) capabilities.resources = {};
  if (def.prompts.length > 0) capabilities.prompts = {};
  const server = new Server(
    { name: def.serverName, version: "1.0.0" },
    { capabilities, ...(def.instructions ? { instructions: def.instructions } : {}) },
  );
  if (hasTools) {
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(toWireTool) }) as unknown as ListToolsResult);
    server.setRequestHandler(CallToolRequestSchema, (req) => ({ content: [{ type: "text" as const, text: `${def.id}: ${req.params.name} called` }] }));
  }
  if (def.resources.length > 0) {
    server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: def.resources.map((r) => ({ ...r })) }) as unknown as ListResourcesResult);
    server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
    server.setRequestHandler(ReadResourceRequestSchema, (req) => ({ contents: [{ uri: req.params.uri, text: def.id }] }));
  }
  if (def.prompts.length > 0) {
    server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: def.prompts.map((p) => ({ ...p })) }) as unknown as ListPromptsResult);
    server.setRequestHandler(GetPromptRequestSchema, (req) => ({
      messages: [{ role: "user" as const, content: { type: "text" as const, text: `${def.id}: ${req.params.name}` } }],
    }));
  }
  return server;
}

const ROUTE = /^\/s\/(\d+)\/mcp$/;

export async function startCorpusServer(defs: readonly CorpusDefinition[]): Promise<CorpusServer> {
  const pulled = new Set<number>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const match = ROUTE.exec(new URL(req.url ?? "/", "http://corpus").pathname);
    const index = match ? Number(match[1]) : -1;
    const def = defs[index];
    if (!def) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST" }).end();
      return;
    }
    let body: unknown;
    try {
      body = await readJsonBody(req);
    } catch {
      res.writeHead(400, { "content-type": "text/plain" }).end("bad request body");
      return;
    }
    await answerStatelessPost(buildServer(def, pulled.has(index)), req, res, body);
  };

  const httpServer = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = httpServer.address() as AddressInfo;

  return {
    urlFor: (index) => `http://127.0.0.1:${port}/s/${index}/mcp`,
    pullTheRug: (index) => void pulled.add(index),
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      }),
  };
}
