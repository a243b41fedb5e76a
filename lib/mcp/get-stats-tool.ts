import { z } from "zod";
import { statsResponseSchema, type StatsResponse } from "@/lib/schemas/stats";
import { defineTool } from "./mcp-tool";

const getStatsInputSchema = z.strictObject({});

// A fresh object (not the named StatsResponse component) so the output schema is an inline `type: object`, as MCP requires.
export const getStatsOutputSchema = z.object(statsResponseSchema.shape);

/** The readable twin of a StatsResponse: the headline numbers and the top of each list. */
function describeStats(result: StatsResponse): string {
  const s = result.stats;
  const grades = Object.entries(s.gradeDistribution)
    .map(([grade, n]) => `${grade} ${n}`)
    .join(", ");
  const list = (title: string, servers: StatsResponse["recentlyScanned"]) =>
    servers.length ? [`${title}:`, ...servers.slice(0, 5).map((x) => `- ${x.name} — ${x.url} — grade ${x.grade} (${x.trustScore})`)] : [];
  return [
    `${s.totalServers} ${s.totalServers === 1 ? "server" : "servers"} in the registry, ${s.certifiedServers} certified; average trust score ${s.avgTrustScore}.`,
    `grades: ${grades}.`,
    `${s.totalScans} scans in total, ${s.scansLast24h} in the last 24 hours; ${s.recentlyFlagged} servers recently flagged.`,
    ...list("highest rated", result.highestRated),
    ...list("recently flagged", result.recentlyFlagged),
  ].join("\n");
}

export const getStatsTool = defineTool({
  name: "get_stats",
  title: "Registry statistics",
  description:
    "Returns registry-wide statistics: number of servers, certified servers, average trust score, grade distribution, scan counts, and the recently scanned, highest rated and recently flagged servers.",
  inputSchema: getStatsInputSchema,
  outputSchema: getStatsOutputSchema,
  annotations: { title: "Registry statistics", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  access: "read",
  async run(_input, context) {
    const result = await context.stats.get();
    return { structured: result, text: describeStats(result) };
  },
});
