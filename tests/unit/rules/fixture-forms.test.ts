import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { hashTool } from "@/lib/core/scanning/mcp-session";
import { ALL_FIXTURES } from "@/tests/fixtures/corpus/all-fixtures";
import type { ServerFixture } from "@/tests/fixtures/corpus/server-fixture";

/**
 * The two forms of a corpus server cannot drift: what the SDK server
 * actually serves equals the Discovery the unit tests score (in memory,
 * no network).
 */
async function served(fixture: ServerFixture) {
  const server = fixture.createServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "fixture-check", version: "1.0.0" });
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    const caps = client.getServerCapabilities() ?? {};
    return {
      serverInfo: client.getServerVersion(),
      instructions: client.getInstructions() ?? null,
      tools: caps.tools ? (await client.listTools()).tools : [],
      resources: caps.resources ? (await client.listResources()).resources : [],
      templates: caps.resources ? (await client.listResourceTemplates()).resourceTemplates : [],
      prompts: caps.prompts ? (await client.listPrompts()).prompts : [],
    };
  } finally {
    await client.close();
    await server.close();
  }
}

describe("corpus fixtures: served form equals data form", () => {
  it.each(ALL_FIXTURES.map((f) => [f.id, f] as const))("%s", async (_id, fixture) => {
    const got = await served(fixture);
    const d = fixture.discovery;
    expect(got.serverInfo?.name).toBe(d.serverInfo?.name);
    expect(got.instructions).toBe(d.instructions);
    expect(got.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema, annotations: t.annotations, ...hashTool(t) }))).toEqual(
      d.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema, annotations: t.annotations, schemaHash: t.schemaHash, hash: t.hash })),
    );
    expect(got.resources.map((r) => ({ uri: r.uri, name: r.name, description: r.description }))).toEqual(d.resources.map((r) => ({ uri: r.uri, name: r.name, description: r.description })));
    expect(got.templates.map((t) => t.uriTemplate)).toEqual(d.resourceTemplates.map((t) => t.uriTemplate));
    expect(got.prompts.map((p) => ({ name: p.name, description: p.description, arguments: p.arguments }))).toEqual(d.prompts.map((p) => ({ name: p.name, description: p.description, arguments: p.arguments })));
  });
});
