import { z } from "zod";
import { apiServerPath } from "@/lib/core/registry/server-api-path";
import { AppError } from "@/lib/core/errors";
import { GRADES, recommendationForGrade } from "@/lib/core/grades";
import { findPackageServers } from "@/lib/core/registry/find-package-servers";
import { normalizeServerIdentity } from "@/lib/core/registry/normalize-url";
import { parsePurl } from "@/lib/core/registry/purl";
import type { RegistryStore } from "@/lib/core/registry/registry-store";
import { isListed, type ListedServerRecord, type ServerRecord } from "@/lib/core/registry/server-record";
import { certificationStatusSchema, gradeSchema, trustLabelSchema } from "@/lib/schemas/common";
import { defineTool } from "./mcp-tool";

/** Servers a package lookup considers; a package is published at a handful of URLs at most. */
const PACKAGE_MATCH_LIMIT = 20;

export const RECOMMENDATIONS = ["allow", "refuse", "unknown"] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

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

const REGISTRY_STATUSES = ["assessed", "known_not_assessed", "not_in_registry"] as const;
type RegistryStatus = (typeof REGISTRY_STATUSES)[number];

export const checkTrustOutputSchema = z.object({
  found: z.boolean().describe("False when the registry has no trust verdict for this server or package."),
  status: z
    .enum(REGISTRY_STATUSES)
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
    status: "assessed" as const,
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
    profileUrl: `${baseUrl}${apiServerPath(server.url)}`,
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

function unknownVerdict(url: string | null, packageName: string | null, status: RegistryStatus, message: string, server?: ServerRecord): CheckTrustResult {
  return { ...EMPTY_VERDICT, status, url, name: server?.name ?? null, publisherName: server?.publisherName ?? null, packageName, matches: [], message };
}

function matchOf(server: ListedServerRecord) {
  return { url: server.url, grade: server.grade, score: server.trustScore, recommendation: recommendationForGrade(server.grade) as Recommendation };
}

const TREAT_AS_UNKNOWN = "Treat it as unknown, not as allowed";

/** By URL or purl (docs/identity.md#check_trust): the server's own verdict, or why there is none. */
async function checkServer(store: RegistryStore, baseUrl: string, rawUrl: string): Promise<CheckTrustResult> {
  // A malformed URL is a bad argument (AppError invalid_url), not an unknown server.
  const url = normalizeServerIdentity(rawUrl);
  const server = await store.findServerByUrl(url);
  if (server && isListed(server)) {
    return { ...verdictOf(server, baseUrl), packageName: server.packageName, matches: [], message: `${server.name} (${server.url}): ${gateWords(server)}.` };
  }
  const next = parsePurl(url)
    ? "packages are assessed by the registry itself, so ask again later rather than scanning it."
    : "call scan_server with this server_url to scan it, then decide from the grade.";
  return server
    ? unknownVerdict(url, server.packageName, "known_not_assessed", `${url} is known to the registry but not yet assessed (or its verdict was withdrawn), so there is no trust verdict. ${TREAT_AS_UNKNOWN}: ${next}`, server)
    : unknownVerdict(url, null, "not_in_registry", `${url} is not in the registry, so there is no trust verdict. ${TREAT_AS_UNKNOWN}: ${next}`);
}

/**
 * By package: the package server's own verdict when it has one, else
 * the worst verdict of the remote servers that name the package, else
 * "known, not yet assessed" or "not in the registry" (docs/identity.md#check_trust).
 */
async function checkPackage(store: RegistryStore, baseUrl: string, rawName: string): Promise<CheckTrustResult> {
  const name = rawName.trim();
  if (!name) throw new AppError("invalid_parameter", "package_name: must not be blank.", { parameter: "package_name" });
  const { packageName, own, naming } = await findPackageServers(store, name, PACKAGE_MATCH_LIMIT);
  const assessedOwn = own.filter(isListed);
  const ownIds = new Set(own.map((s) => s.id));
  const remotes = naming.filter((s) => !ownIds.has(s.id));
  const matches = [...assessedOwn, ...remotes].sort((a, b) => b.trustScore - a.trustScore).map(matchOf);
  const awaiting = own.find((s) => !isListed(s));

  if (assessedOwn.length > 0) {
    const headline = [...assessedOwn].sort(worstFirst)[0];
    const others = remotes.length ? ` ${remotes.length} hosted server(s) naming ${packageName} are in matches; check one with check_trust server_url.` : "";
    return { ...verdictOf(headline, baseUrl), packageName, matches, message: `${headline.name} (${headline.url}), the package itself: ${gateWords(headline)}.${others}` };
  }
  if (remotes.length > 0) {
    const headline = [...remotes].sort(worstFirst)[0];
    const several =
      remotes.length > 1
        ? ` ${remotes.length} scanned servers publish ${packageName}; the verdict shown is the lowest-rated one (all are in matches). To check one of them, call check_trust with its server_url.`
        : "";
    const pending = awaiting ? ` The package itself (${awaiting.url}) is known but not yet assessed.` : "";
    return { ...verdictOf(headline, baseUrl), packageName, matches, message: `${headline.name} (${headline.url}): ${gateWords(headline)}.${several}${pending}` };
  }
  if (awaiting?.url) {
    return unknownVerdict(
      awaiting.url,
      packageName,
      "known_not_assessed",
      `The package ${packageName} is in the registry as ${awaiting.url} but not yet assessed, so there is no trust verdict. ${TREAT_AS_UNKNOWN}: packages are assessed by the registry itself, so ask again later.`,
      awaiting,
    );
  }
  return unknownVerdict(
    null,
    packageName,
    "not_in_registry",
    `No server in the registry publishes the package ${packageName}, so there is no trust verdict. ${TREAT_AS_UNKNOWN}: search_registry may find it under another name; scan_server scans a server by its URL.`,
  );
}

/**
 * The trust gate (docs/identity.md#check_trust) as an agent asks it: by URL (or a package's
 * purl) or by package name, answered with the registry's current verdict
 * and the gating rule applied (recommendationForGrade). A server without a
 * verdict answers found:false / recommendation "unknown", never "allow", so
 * an agent that only reads `recommendation` fails closed; `status` tells a
 * known server awaiting assessment from one the registry has never seen.
 */
export async function checkTrust(store: RegistryStore, baseUrl: string, input: CheckTrustInput): Promise<CheckTrustResult> {
  return input.server_url !== undefined ? checkServer(store, baseUrl, input.server_url) : checkPackage(store, baseUrl, input.package_name ?? "");
}

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
    const result = await checkTrust(context.store, context.baseUrl, input);
    return { structured: result, text: describeCheckTrust(result) };
  },
});
