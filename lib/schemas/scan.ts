import { z } from "zod";
import { SEVERITIES } from "@/lib/core/findings";
import { FACTOR_KEYS, FACTOR_MAX, type FactorPoints } from "@/lib/core/scoring/factors";
import type { ScanServerResult } from "@/lib/core/registry/scan-server";
import { certificationStatusSchema, gradeSchema, trustLabelSchema } from "./common";

export const scanRequestSchema = z
  .object({ server_url: z.string().describe("URL of the MCP server to scan (http or https).") })
  .meta({ id: "ScanRequest" });

export const findingSchema = z
  .object({
    id: z.string().describe("Stable rule id from the rule catalogue."),
    factor: z.enum(FACTOR_KEYS as [string, ...string[]]),
    severity: z.enum(SEVERITIES),
    title: z.string(),
    detail: z.string(),
    location: z.string().describe("Where it was seen, e.g. tools/send_email/description."),
    evidence: z.string().max(200).describe("Short excerpt; control, bidi and invisible characters shown escaped."),
    remediation: z.string(),
  })
  .meta({ id: "Finding" });

const factorPointsSchema = z
  .object(Object.fromEntries(FACTOR_KEYS.map((k) => [k, z.number().int().min(0).max(FACTOR_MAX[k])])) as Record<
    (typeof FACTOR_KEYS)[number],
    z.ZodNumber
  >)
  .meta({ id: "FactorPoints" });

export const scanResponseSchema = z
  .object({
    status: z.enum(["completed", "partial", "unreachable"]).describe("completed: handshake and listings succeeded; partial: some listing failed or was cut; unreachable: no MCP handshake."),
    server_url: z.url(),
    trustScore: z.number().min(0).max(100).optional().describe("Left out when unreachable."),
    grade: gradeSchema.optional(),
    certificationStatus: certificationStatusSchema,
    findings: z.array(findingSchema),
    trustLabel: trustLabelSchema.optional(),
    discovery: z.object({ toolCount: z.number().int(), resourceCount: z.number().int() }),
    factors: factorPointsSchema.optional(),
    scanId: z.string().optional(),
    trustSummary: z.string().optional(),
  })
  .meta({ id: "ScanResponse" });

export type ScanResponse = z.infer<typeof scanResponseSchema>;

/** The ScanResponse (docs/findings-and-scans.md#the-scan-reply): score fields left out when unreachable. */
export function toScanResponse({ outcome, server, scan }: ScanServerResult): ScanResponse {
  const score = outcome.score;
  const factors = score
    ? (Object.fromEntries(FACTOR_KEYS.map((k) => [k, score.factors[k].points])) as FactorPoints)
    : undefined;
  return {
    status: outcome.status,
    server_url: outcome.serverUrl,
    scanId: scan.id,
    ...(score
      ? {
          trustScore: score.trustScore,
          grade: score.grade,
          trustLabel: score.trustLabel,
          trustSummary: score.trustSummary,
          factors,
        }
      : {}),
    certificationStatus: server.certificationStatus,
    findings: outcome.findings,
    discovery: {
      toolCount: outcome.discovery?.tools.length ?? 0,
      resourceCount: outcome.discovery?.resources.length ?? 0,
    },
  };
}
