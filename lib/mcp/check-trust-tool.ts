import { z } from "zod";
import { checkTrust, RECOMMENDATIONS, TRUST_CHECK_STATUSES, type TrustCheck } from "@/lib/core/registry/check-trust";
import { certificationStatusSchema, gradeSchema, trustLabelSchema, type Expect, type IsSameType } from "@/lib/schemas/common";
import { defineTool } from "./mcp-tool";

const recommendationSchema = z
  .enum(RECOMMENDATIONS)
  .describe("allow: grade A, B or C, connecting is reasonable. refuse: grade D or F, do not connect. unknown: the registry has no verdict; never treat this as allow.");

const checkTrustInputSchema = z
  .strictObject({
    server_url: z
      .string()
      .min(1, "server_url must not be empty")
      .max(2048, "server_url must be at most 2048 characters")
      .optional()
      .describe("URL of the MCP server you are about to connect to (http or https), e.g. https://mcp.example.com/mcp, or a package's Package URL, e.g. pkg:npm/%40scope/name."),
    package_name: z
      .string()
      .min(1, "package_name must not be empty")
      .max(300, "package_name must be at most 300 characters")
      // No package name holds one, and PostgreSQL refuses a NUL in a parameter: a bad argument, not an internal error.
      // (A class without \p{}: the pattern is published in the tool's JSON Schema, which clients compile without the u flag.)
      .regex(/^[^\x00-\x1F\x7F-\x9F]*$/, "package_name must not contain control characters")
      .optional()
      .describe("Package identifier the server is published as (npm, PyPI, OCI…), e.g. @modelcontextprotocol/server-github, or its Package URL."),
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
  status: z
    .enum(TRUST_CHECK_STATUSES)
    .describe("assessed: a verdict follows. known_not_assessed: the registry lists it but has no verdict yet. not_in_registry: never seen."),
  recommendation: recommendationSchema,
  url: z.string().nullable().describe("The server's identity (the one the verdict is for): its normalized URL, or its Package URL (pkg:npm/…) when it is a package; null for an unknown package."),
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
  matches: z.array(matchSchema).describe("Package lookups: the package's own verdict and every scanned server that publishes the package, best score first. Empty for URL lookups."),
  message: z.string().describe("What the result means and what to do next."),
});

type CheckTrustResult = z.output<typeof checkTrustOutputSchema>;
// The tool publishes the core's answer as it is: the schema and the core type must not drift apart.
type _Agree = Expect<IsSameType<CheckTrustResult, TrustCheck>>;

/** The readable twin of the structured result, for clients that show text only. */
function describeCheckTrust(result: CheckTrustResult): string {
  if (!result.found) {
    const why = result.status === "known_not_assessed" ? "known, not yet assessed" : "not in the registry";
    return `recommendation: unknown (${why}). ${result.message}`;
  }
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
    const query = input.server_url !== undefined ? { serverUrl: input.server_url } : { packageName: input.package_name ?? "" };
    const result = await checkTrust(context.store, context.baseUrl, query);
    return { structured: result, text: describeCheckTrust(result) };
  },
});
