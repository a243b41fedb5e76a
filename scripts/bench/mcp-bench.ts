import { Pool } from "undici";
import { startAppProcess } from "../lib/app-process";
import { compareToBaseline, formatPaired, type PairedMeasurement } from "./measure";
import { generatedPublisher } from "./generate-registry";
import { prepareDatabase } from "./rest-bench";

/** Target of the issue: check_trust calls per second at least this fraction of the endpoint's trivial request. */
const MCP_CHECK_TRUST_TARGET = 0.8;

const THEMES = ["weather", "github", "postgres", "slack", "notion", "filesystem", "calendar", "jira", "linear", "stripe", "search", "browser", "memory", "sqlite", "docker", "kubernetes", "figma", "gmail", "drive", "maps"];

/** The URL generate-registry.ts gives server number `i` of a registry of `size` (same formula, so lookups hit). */
function generatedUrl(i: number, size: number): string {
  return `https://${THEMES[i % 20]}-${i}.${generatedPublisher(i, size)}.example/mcp`;
}

/**
 * JSON-RPC over HTTP to the real server, the way a stateless MCP client
 * talks after initialize: one POST per request, each "through a proxy" from
 * its own address in the benchmarking range 198.18.0.0/15, so the per-IP
 * read limit is exercised (its cost is in the figures) without capping the run.
 */
function mcpClient(baseUrl: string) {
  const pool = new Pool(baseUrl, { connections: 16 });
  let sequence = 0;
  return {
    async rpc(method: string, params?: unknown): Promise<void> {
      const n = sequence++;
      const response = await pool.request({
        path: "/api/v1/mcp",
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-11-25",
          "x-forwarded-for": `198.18.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: n, method, ...(params ? { params } : {}) }),
      });
      const text = await response.body.text();
      if (response.statusCode !== 200 || text.includes('"isError":true') || text.includes('"error":')) {
        throw new Error(`${method} answered ${response.statusCode}: ${text.slice(0, 300)}`);
      }
    },
    close: () => pool.close(),
  };
}

/**
 * check_trust throughput against the same endpoint's trivial request (the
 * MCP `ping`, which goes through the same route, host guard, key check,
 * per-request server and transport, but touches neither the limiter nor the
 * registry). The ratio is the cost of the lookup itself.
 */
export async function benchMcp(kind: "postgres" | "pglite", size: number, adminUrl: string): Promise<{ rows: PairedMeasurement[]; table: string; ratio: number }> {
  const database = await prepareDatabase(kind, size, adminUrl);
  const app = await startAppProcess({ ...database.env, TRUSTED_PROXY_COUNT: "1" });
  const client = mcpClient(app.url);
  try {
    const hot = Array.from({ length: 64 }, (_, k) => generatedUrl(1 + ((k * 131) % size), size));
    const wide = Array.from({ length: Math.min(size, 5000) }, (_, k) => generatedUrl(1 + ((k * 7) % size), size));
    const packageNames = Array.from({ length: 64 }, (_, k) => {
      const i = 3 * (1 + ((k * 37) % Math.floor(size / 3)));
      const publisher = generatedPublisher(i, size);
      const kinds = ["mcp", "server", "tools", "bridge", "connector", "gateway", "assistant", "api"];
      return `@${publisher}/${THEMES[i % 20]}-${kinds[Math.floor(i / 20) % 8]}-${i}`;
    });
    const callTool = (name: string, args: Record<string, unknown>) => client.rpc("tools/call", { name, arguments: args });
    // Fail fast if a lookup misses (a wrong URL formula would measure "not found" instead).
    await callTool("check_trust", { server_url: hot[0] });

    const result = await compareToBaseline(
      () => client.rpc("ping"),
      [
        ["check_trust (64 servers)", (i) => callTool("check_trust", { server_url: hot[i % hot.length] })],
        [`check_trust (${wide.length} servers)`, (i) => callTool("check_trust", { server_url: wide[i % wide.length] })],
        ["check_trust package_name", (i) => callTool("check_trust", { package_name: packageNames[i % packageNames.length] })],
        ["check_trust unknown server", (i) => callTool("check_trust", { server_url: `https://unknown-${i % 512}.example/mcp` })],
        ["tools/list", () => client.rpc("tools/list")],
      ],
    );
    const rows = result.rows;
    const ratio = rows[0].rpsRatio;
    const table = formatPaired(`MCP /api/v1/mcp over HTTP on ${kind}, ${size.toLocaleString("en")} servers`, "baseline MCP ping", result);
    const verdict = `check_trust / ping = ${ratio.toFixed(2)} (target >= ${MCP_CHECK_TRUST_TARGET}: ${ratio >= MCP_CHECK_TRUST_TARGET ? "met" : "NOT met"})`;
    return { rows, table: `${table}\n${verdict}`, ratio };
  } finally {
    await client.close();
    await app.stop();
    await database.drop();
  }
}
