import { z } from "zod";
import { bySeverity, SEVERITIES } from "@/lib/core/findings";
import { recommendationForGrade } from "@/lib/core/grades";
import { RECOMMENDATIONS, type Recommendation } from "@/lib/core/registry/check-trust";
import { scanServer } from "@/lib/core/registry/scan-server";
import { scanResponseSchema, toScanResponse, type ScanResponse } from "@/lib/schemas/scan";
import { defineTool } from "./mcp-tool";

/** Findings spelled out in the text block; the structured result has all of them. */
const FINDINGS_IN_TEXT = 5;

const scanServerInputSchema = z.strictObject({
  server_url: z
    .string()
    .min(1, "server_url must not be empty")
    .max(2048, "server_url must be at most 2048 characters")
    .describe("URL of the MCP server to scan (http or https), e.g. https://mcp.example.com/mcp."),
});

// A fresh object (not the named ScanResponse component) so the tool's output schema is an inline `type: object`, as MCP requires.
export const scanServerOutputSchema = z.object({
  ...scanResponseSchema.shape,
  recommendation: z
    .enum(RECOMMENDATIONS)
    .describe("The trust-gating rule applied to this scan: allow for A-C, refuse for D-F, unknown when the server could not be scanned."),
});

type ScanServerResult = z.output<typeof scanServerOutputSchema>;

/** The gating rule on a scan: no grade (unreachable) is "unknown", never "allow". */
function recommendationForScan(scan: ScanResponse): Recommendation {
  return scan.grade ? recommendationForGrade(scan.grade) : "unknown";
}

/** The readable twin of a ScanResponse: verdict first, then the worst findings. */
function describeScan(result: ScanServerResult): string {
  const lines: string[] = [];
  if (result.status === "unreachable") {
    const why = result.findings[0]?.detail ?? "no MCP handshake";
    lines.push(
      `recommendation: unknown — could not scan ${result.server_url} (unreachable): ${why}`,
      "There is no new verdict; the registry's earlier verdict, if any, is unchanged (check_trust shows it). Do not connect to a server that cannot be assessed.",
    );
    return lines.join("\n");
  }
  lines.push(
    `recommendation: ${result.recommendation}`,
    `scan ${result.status}: ${result.server_url} — grade ${result.grade}, score ${result.trustScore}/100 (${result.trustLabel}), certification: ${result.certificationStatus}`,
    `discovered ${result.discovery.toolCount} tools, ${result.discovery.resourceCount} resources`,
  );
  if (result.trustSummary) lines.push(`summary: ${result.trustSummary}`);
  const worstFirst = [...result.findings].sort((a, b) => bySeverity(a.severity, b.severity));
  const counts = SEVERITIES.map((s) => [s, result.findings.filter((f) => f.severity === s).length] as const).filter(([, n]) => n > 0);
  lines.push(counts.length ? `findings: ${counts.map(([s, n]) => `${n} ${s}`).join(", ")}` : "findings: none");
  for (const finding of worstFirst.slice(0, FINDINGS_IN_TEXT)) lines.push(`- [${finding.severity}] ${finding.id}: ${finding.title} (${finding.location})`);
  if (result.findings.length > FINDINGS_IN_TEXT) lines.push(`… and ${result.findings.length - FINDINGS_IN_TEXT} more in the structured result.`);
  return lines.join("\n");
}

export const scanServerTool = defineTool({
  name: "scan_server",
  title: "Scan an MCP server now",
  description:
    "Runs a public trust scan of an MCP server now (it connects to the server, lists its tools, resources and prompts, checks transport security and known malicious patterns) " +
    "and returns the score, grade, factor points, findings and a recommendation. The result is recorded in the registry. " +
    "Takes up to about 20 seconds. Rate-limited: without an API key, 5 scans per hour per client address. Only public http(s) addresses are scanned.",
  inputSchema: scanServerInputSchema,
  outputSchema: scanServerOutputSchema,
  // Not read-only: a scan is recorded (and may add the server to the registry). It reaches out to an arbitrary server.
  annotations: { title: "Scan server", readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  access: "scan",
  async run(input, context) {
    // Same path as POST /api/v1/scan: same limits, deadline and target guard (docs/findings-and-scans.md#bounds-target-guard-and-transport).
    const response = toScanResponse(await scanServer(context.scanner, input.server_url, "mcp"));
    const result: ScanServerResult = { ...response, recommendation: recommendationForScan(response) };
    return { structured: result, text: describeScan(result) };
  },
});
