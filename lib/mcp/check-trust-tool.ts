import { z } from "zod";
import { AppError } from "@/lib/core/errors";
import { GRADES, recommendationForGrade } from "@/lib/core/grades";
import { normalizeServerUrl } from "@/lib/core/registry/normalize-url";
import type { RegistryStore } from "@/lib/core/registry/registry-store";
import { isListed, type ListedServerRecord } from "@/lib/core/registry/server-record";
import { certificationStatusSchema, gradeSchema, trustLabelSchema } from "@/lib/schemas/common";
import { defineTool } from "./mcp-tool";

/** Servers a package lookup considers; a package is published at a handful of URLs at most. */
const PACKAGE_MATCH_LIMIT = 20;

export const RECOMMENDATIONS = ["allow", "refuse", "unknown"] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

const recommendationSchema = z
  .enum(RECOMMENDATIONS)
  .describe("allow: grade A, B or C, connecting is reasonable. refuse: grade D or F, do not connect. unknown: the registry has no verdict; never treat this as allow.");

export const checkTrustInputSchema = z
  .strictObject({
    server_url: z
      .string()
      .min(1, "server_url must not be empty")
      .max(2048, "server_url must be at most 2048 characters")
      .optional()
      .describe("URL of the MCP server you are about to connect to (http or https), e.g. https://mcp.example.com/mcp."),
    package_name: z
      .string()
      .min(1, "package_name must not be empty")
      .max(300, "package_name must be at most 300 characters")
      // No package name holds one, and PostgreSQL refuses a NUL in a parameter: a bad argument, not an internal error.
      // (A class without \p{}: the pattern is published in the tool's JSON Schema, which clients compile without the u flag.)
      .regex(/^[^\x00-\x1F\x7F-\x9F]*$/, "package_name must not contain control characters")
      .optional()
      .describe("Package identifier the server is published as (npm, PyPI, OCI…), e.g. @modelcontextprotocol/server-github."),
  })
  .refine((input) => (input.server_url === undefined) !== (input.package_name === undefined), {
    message: "Give exactly one of server_url or package_name.",
  });

const matchSchema = z.object({
  url: z.string(),
  grade: gradeSchema,
  score: z.number(),
  recommendation: recommendationSchema,
});

export const checkTrustOutputSchema = z.object({
  found: z.boolean().describe("False when the registry has no trust verdict for this server or package."),
  recommendation: recommendationSchema,
  url: z.string().nullable().describe("Normalized server URL (the one the verdict is for); null for an unknown package."),
  name: z.string().nullable(),
  publisherName: z.string().nullable(),
  grade: gradeSchema.nullable(),
  score: z.number().min(0).max(100).nullable().describe("Trust score 0-100, the sum of seven factor points."),
  trustLabel: trustLabelSchema.nullable(),
  certificationStatus: certificationStatusSchema.nullable(),
  trustSummary: z.string().nullable().describe("What most affected the result."),
  findingsSummary: z.string().nullable(),
  lastScanned: z.string().nullable().describe("ISO 8601 time of the scan behind the verdict."),
  profileUrl: z.string().nullable().describe("Full profile with scan history (REST)."),
  packageName: z.string().nullable(),
  matches: z.array(matchSchema).describe("Package lookups: every scanned server that publishes the package, best score first. Empty for URL lookups."),
  message: z.string().describe("What the result means and what to do next."),
});

export type CheckTrustInput = z.output<typeof checkTrustInputSchema>;
export type CheckTrustResult = z.output<typeof checkTrustOutputSchema>;

const EMPTY_VERDICT = {
  found: false,
  recommendation: "unknown",
  name: null,
  publisherName: null,
  grade: null,
  score: null,
  trustLabel: null,
  certificationStatus: null,
  trustSummary: null,
  findingsSummary: null,
  lastScanned: null,
  profileUrl: null,
} as const;

function verdictOf(server: ListedServerRecord, baseUrl: string) {
  return {
    found: true,
    recommendation: recommendationForGrade(server.grade) as Recommendation,
    url: server.url,
    name: server.name,
    publisherName: server.publisherName,
    grade: server.grade,
    score: server.trustScore,
    trustLabel: server.trustLabel,
    certificationStatus: server.certificationStatus,
    trustSummary: server.trustSummary ?? "",
    findingsSummary: server.findingsSummary ?? "",
    lastScanned: server.lastScannedAt.toISOString(),
    profileUrl: `${baseUrl}/api/v1/server/${encodeURIComponent(server.url)}`,
  };
}

function gateWords(server: ListedServerRecord): string {
  return recommendationForGrade(server.grade) === "allow"
    ? `grade ${server.grade} is C or better, so the trust-gating rule allows connecting (review the findings)`
    : `grade ${server.grade} is D or F, so the trust-gating rule says do not connect`;
}

/** The worst verdict first: a package answer must never be rosier than its worst server. */
function worstFirst(a: ListedServerRecord, b: ListedServerRecord): number {
  return GRADES.indexOf(b.grade) - GRADES.indexOf(a.grade) || a.trustScore - b.trustScore;
}

/**
 * The trust gate of spec 4.10 as an agent asks it: by URL or by package,
 * answered with the registry's current verdict and the gating rule applied
 * (recommendationForGrade). A server without a verdict answers
 * found:false / recommendation "unknown", never "allow", so an agent that
 * only reads `recommendation` fails closed.
 */
export async function checkTrust(store: RegistryStore, baseUrl: string, input: CheckTrustInput): Promise<CheckTrustResult> {
  if (input.server_url !== undefined) {
    // A malformed URL is a bad argument (AppError invalid_url), not an unknown server.
    const url = normalizeServerUrl(input.server_url);
    const server = await store.findServerByUrl(url);
    if (server && isListed(server)) {
      return { ...verdictOf(server, baseUrl), packageName: server.packageName, matches: [], message: `${server.name} (${server.url}): ${gateWords(server)}.` };
    }
    const known = server !== null;
    return {
      ...EMPTY_VERDICT,
      url,
      packageName: null,
      matches: [],
      message: known
        ? `${url} is known to the registry but has no public trust verdict (it has not been scanned successfully, or it was withdrawn). Treat it as unknown, not as allowed: call scan_server with this server_url to scan it, then decide from the grade.`
        : `${url} is not in the registry, so there is no trust verdict. Treat it as unknown, not as allowed: call scan_server with this server_url to scan it, then decide from the grade.`,
    };
  }
  const packageName = (input.package_name ?? "").trim();
  if (!packageName) throw new AppError("invalid_parameter", "package_name: must not be blank.", { parameter: "package_name" });
  const servers = await store.findListedServersByPackage(packageName, PACKAGE_MATCH_LIMIT);
  if (servers.length === 0) {
    return {
      ...EMPTY_VERDICT,
      url: null,
      packageName,
      matches: [],
      message: `No scanned server in the registry publishes the package ${packageName}, so there is no trust verdict. Treat it as unknown, not as allowed: search_registry may find it under another name; scan_server scans a server by its URL.`,
    };
  }
  const headline = [...servers].sort(worstFirst)[0];
  const matches = servers.map((s) => ({ url: s.url, grade: s.grade, score: s.trustScore, recommendation: recommendationForGrade(s.grade) as Recommendation }));
  const several =
    servers.length > 1
      ? ` ${servers.length} scanned servers publish ${packageName}; the verdict shown is the lowest-rated one (all are in matches). To check one of them, call check_trust with its server_url.`
      : "";
  return {
    ...verdictOf(headline, baseUrl),
    packageName,
    matches,
    message: `${headline.name} (${headline.url}): ${gateWords(headline)}.${several}`,
  };
}

/** The readable twin of the structured result, for clients that show text only. */
export function describeCheckTrust(result: CheckTrustResult): string {
  if (!result.found) return `recommendation: unknown (not found). ${result.message}`;
  const lines = [
    `recommendation: ${result.recommendation}`,
    `${result.name} — ${result.url}`,
    `grade ${result.grade}, score ${result.score}/100 (${result.trustLabel}), certification: ${result.certificationStatus}, last scanned ${result.lastScanned}`,
  ];
  if (result.trustSummary) lines.push(`summary: ${result.trustSummary}`);
  if (result.findingsSummary) lines.push(`findings: ${result.findingsSummary}`);
  lines.push(result.message);
  if (result.matches.length > 1) {
    lines.push("servers publishing this package:", ...result.matches.map((m) => `- ${m.url}: grade ${m.grade} (${m.score}) → ${m.recommendation}`));
  }
  return lines.join("\n");
}

export const checkTrustTool = defineTool({
  name: "check_trust",
  title: "Check a server's trust before connecting",
  description:
    "Looks up an MCP server's trust verdict in the registry: grade (A-F), score (0-100), trust label, certification, findings summary and a recommendation. " +
    "Give exactly one of server_url or package_name. Call it before connecting to any MCP server: recommendation \"allow\" (grade A, B or C) means connecting is reasonable, " +
    "\"refuse\" (grade D or F) means do not connect, \"unknown\" means the registry has no verdict (scan it with scan_server first; never treat unknown as allow).",
  inputSchema: checkTrustInputSchema,
  outputSchema: checkTrustOutputSchema,
  annotations: { title: "Check trust", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  access: "read",
  async run(input, context) {
    const result = await checkTrust(context.store, context.baseUrl, input);
    return { structured: result, text: describeCheckTrust(result) };
  },
});
