import { z } from "zod";
import { FACTOR_KEYS, FACTOR_MAX } from "@/lib/core/scoring/factors";
import { gradeSchema, trustLabelSchema } from "./common";
import { findingSchema } from "./scan";
import { scanHistoryEntrySchema, serverDetailSchema } from "./server";

/**
 * The report of GET /api/v1/server/{url}/report (docs/findings-and-scans.md#the-report), as
 * lib/core/registry/get-server-report.ts builds it. Nothing validates the
 * reply at run time: tests/integration/api/openapi-document.test.ts holds a
 * real reply to this schema (and its keys to the builder's type), so the
 * OpenAPI component cannot drift from what the route sends.
 */

const scanStatusSchema = z.enum(["completed", "partial", "unreachable"]);

const factorResultSchema = z.object({
  points: z.number().int().min(0),
  max: z.number().int().min(1),
  rationale: z.string().describe("Why the factor got these points."),
  findingIds: z.array(z.string()).describe("Rule ids of the findings that cost this factor points."),
});

const factorBreakdownSchema = z
  .object(Object.fromEntries(FACTOR_KEYS.map((key) => [key, factorResultSchema.describe(`At most ${FACTOR_MAX[key]} points.`)])) as Record<
    (typeof FACTOR_KEYS)[number],
    typeof factorResultSchema
  >)
  .meta({ id: "FactorBreakdown", description: "Each of the seven factors: points, maximum, rationale and the findings behind it." });

const reportToolSchema = z.object({
  name: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  annotations: z.record(z.string(), z.unknown()).nullable(),
  schemaHash: z.string().describe("sha256 of the canonical JSON of the tool's input schema."),
});

const discoveryReportSchema = z
  .object({
    serverInfo: z.object({ name: z.string(), version: z.string().optional(), title: z.string().optional() }).nullable(),
    protocolVersion: z.string().nullable(),
    capabilities: z.record(z.string(), z.unknown()).nullable(),
    instructions: z.string().nullable(),
    transport: z.enum(["streamable-http", "sse", "stdio"]).describe("The transport that worked (stdio: a package run in the sandbox)."),
    tools: z.array(reportToolSchema),
    resources: z.array(
      z.object({ uri: z.string(), name: z.string().optional(), description: z.string().optional(), mimeType: z.string().optional() }),
    ),
    resourceTemplates: z.array(
      z.object({ uriTemplate: z.string(), name: z.string().optional(), description: z.string().optional(), mimeType: z.string().optional() }),
    ),
    prompts: z.array(
      z.object({
        name: z.string(),
        description: z.string().optional(),
        arguments: z.array(z.object({ name: z.string(), description: z.string().optional(), required: z.boolean().optional() })).optional(),
      }),
    ),
    listingProblems: z
      .array(z.object({ listing: z.enum(["tools", "resources", "resourceTemplates", "prompts"]), problem: z.string() }))
      .describe("Listings that failed or were cut by a limit (the scan is then partial)."),
  })
  .describe("What the server exposed over MCP; null when the scan got no handshake.");

const tlsReportSchema = z.object({
  protocol: z.string().nullable(),
  cipher: z.string().nullable(),
  issuer: z.string().nullable(),
  subject: z.string().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  authorized: z.boolean().describe("The chain validates against the system trust store."),
  authorizationError: z.string().nullable(),
  hostnameMatch: z.boolean(),
  selfSigned: z.boolean(),
  expired: z.boolean(),
  hsts: z.object({ maxAge: z.number().int(), includeSubDomains: z.boolean(), preload: z.boolean() }).nullable(),
});

const networkReportSchema = z
  .object({
    scheme: z.enum(["http", "https"]),
    host: z.string(),
    resolvedAddresses: z.array(z.string()),
    redirectChain: z.array(z.object({ url: z.string(), status: z.number().int(), host: z.string() })),
    tls: tlsReportSchema.nullable().describe("Null for plain http."),
  })
  .describe("What the network showed; null when the scan recorded none.");

export const serverReportSchema = z
  .object({
    reportVersion: z.literal("1"),
    generatedAt: z.iso.datetime(),
    disclaimer: z.string(),
    server: serverDetailSchema.omit({ lastScanHistory: true }).describe("The server's profile (ServerDetail without its history)."),
    scan: z.object({
      scanId: z.string(),
      scannedAt: z.iso.datetime(),
      status: scanStatusSchema,
      durationMs: z.number().int().min(0),
      scoringVersion: z.string().describe("Version of the rules and weights that produced the score."),
    }),
    trustScore: z.number().min(0).max(100),
    grade: gradeSchema.nullable(),
    uncappedGrade: gradeSchema.nullable().describe("The grade before caps."),
    capReason: z.string().nullable().describe("Why the grade was capped, or null."),
    trustLabel: trustLabelSchema.nullable(),
    trustSummary: z.string().nullable(),
    factors: factorBreakdownSchema.nullable(),
    discovery: discoveryReportSchema.nullable(),
    network: networkReportSchema.nullable(),
    findings: z.array(findingSchema),
    ruleCatalogue: z.url().describe("GET this for the rule every finding id refers to."),
    changes: z
      .object({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(z.string()) })
      .nullable()
      .describe("Tool definitions added, removed or changed since the previous completed scan."),
    history: z.array(scanHistoryEntrySchema).describe("Newest first, at most 20."),
  })
  .meta({ id: "ServerReport" });
