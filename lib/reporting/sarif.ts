import type { Finding, Severity } from "@/lib/core/findings";
import { RULE_CATALOGUE } from "@/lib/core/scanning/rules/rule-catalogue";
import type { ScanOutcome } from "@/lib/core/scanning/scan-outcome";
import { SCORING_VERSION } from "@/lib/core/scoring/scoring-version";

const LEVEL: Record<Severity, "error" | "warning" | "note"> = {
  critical: "error",
  high: "error",
  medium: "warning",
  low: "note",
  info: "note",
};

/**
 * A scan as SARIF 2.1.0, the format code-scanning tools ingest, so a
 * publisher can gate CI on the registry's scanner. Findings live in the
 * server's metadata, not in source files: each result names the server URL
 * as its artifact and the MCP location (tools/x/description) as a logical
 * location.
 */
export function toSarif(outcome: ScanOutcome, options: { informationUri: string }) {
  const usedRuleIds = new Set(outcome.findings.map((f) => f.id));
  const rules = RULE_CATALOGUE.filter((r) => usedRuleIds.has(r.id));
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "mcp-trust-registry-scanner",
            version: SCORING_VERSION,
            informationUri: options.informationUri,
            rules: rules.map((r) => ({
              id: r.id,
              name: r.id.replace(/[^A-Za-z0-9]/g, ""),
              shortDescription: { text: r.title },
              fullDescription: { text: r.detects },
              help: { text: r.remediation },
              defaultConfiguration: { level: LEVEL[r.severity] },
              properties: { factor: r.factor, severity: r.severity },
            })),
          },
        },
        invocations: [{ executionSuccessful: outcome.status !== "unreachable" }],
        results: outcome.findings.map((finding) => toResult(finding, outcome.serverUrl)),
        properties: {
          serverUrl: outcome.serverUrl,
          status: outcome.status,
          trustScore: outcome.score?.trustScore ?? null,
          grade: outcome.score?.grade ?? null,
        },
      },
    ],
  };
}

function toResult(finding: Finding, serverUrl: string) {
  return {
    ruleId: finding.id,
    level: LEVEL[finding.severity],
    message: { text: `${finding.title}: ${finding.detail}${finding.evidence ? ` Evidence: ${finding.evidence}` : ""}` },
    locations: [
      {
        physicalLocation: { artifactLocation: { uri: serverUrl } },
        logicalLocations: [{ fullyQualifiedName: finding.location, kind: "member" }],
      },
    ],
    properties: { severity: finding.severity, factor: finding.factor, remediation: finding.remediation },
  };
}
