import type { Finding } from "@/lib/core/findings";
import { gradeForScore, labelForScore, type Grade } from "@/lib/core/grades";
import { FACTOR_KEYS, FACTOR_MAX, type FactorBreakdown } from "@/lib/core/scoring/factors";
import type { ScanOutcome } from "@/lib/core/scanning/scan-outcome";

/**
 * A recorded-scan builder for data-layer tests that are about storage, not
 * about the scanner: points are spread over the factors so they sum to `score`.
 */
export function buildScanOutcome(options: {
  url: string;
  score?: number;
  status?: ScanOutcome["status"];
  findings?: Finding[];
  grade?: Grade;
  tools?: string[];
  toolHashes?: Record<string, string>;
  changes?: ScanOutcome["changes"];
  startedAt?: Date;
  serverName?: string;
}): ScanOutcome {
  const status = options.status ?? "completed";
  const score = options.score ?? 85;
  let remaining = score;
  const factors = {} as FactorBreakdown;
  for (const key of FACTOR_KEYS) {
    const points = Math.min(FACTOR_MAX[key], remaining);
    remaining -= points;
    factors[key] = { points, max: FACTOR_MAX[key], rationale: "test", findingIds: [] };
  }
  const tools = options.tools ?? ["get_weather"];
  const toolHashes = options.toolHashes ?? Object.fromEntries(tools.map((t) => [t, `hash-${t}`]));
  const grade = options.grade ?? gradeForScore(score);
  return {
    serverUrl: options.url,
    status,
    startedAt: options.startedAt ?? new Date(),
    durationMs: 120,
    scoringVersion: "test",
    discovery:
      status === "unreachable"
        ? null
        : {
            serverInfo: { name: options.serverName ?? "fixture-server", version: "1.0.0" },
            protocolVersion: "2025-06-18",
            capabilities: { tools: {} },
            instructions: null,
            transport: "streamable-http",
            tools: tools.map((name) => ({
              name,
              description: `${name} tool`,
              inputSchema: { type: "object" },
              schemaHash: "s",
              hash: toolHashes[name] ?? "h",
            })),
            resources: [],
            resourceTemplates: [],
            prompts: [],
            listingProblems: [],
          },
    network: null,
    findings: options.findings ?? [],
    score:
      status === "unreachable"
        ? null
        : {
            trustScore: score,
            grade,
            uncappedGrade: gradeForScore(score),
            trustLabel: labelForScore(score),
            capReason: null,
            factors,
            trustSummary: "test summary",
            findingsSummary: "No findings",
          },
    toolHashes: status === "unreachable" ? {} : toolHashes,
    toolsHash: status === "unreachable" ? null : "tools-hash",
    changes: options.changes ?? null,
  };
}
