import { z } from "zod";
import { SEVERITIES } from "@/lib/core/findings";
import { FACTOR_KEYS } from "@/lib/core/scoring/factors";

/**
 * GET /api/v1/rules: the rule catalogue every finding id refers to (docs/findings-and-scans.md#findings), as
 * app/api/v1/rules/route.ts answers it. tests/integration/api/openapi-document.test.ts
 * holds the real reply to this schema.
 */
const ruleSchema = z
  .object({
    id: z.string().describe("Stable rule id, as in Finding.id (e.g. TM-HIDDEN-INSTRUCTIONS)."),
    factor: z.enum(FACTOR_KEYS as [string, ...string[]]).describe("The factor a finding of this rule costs points."),
    severity: z.enum(SEVERITIES).describe("The usual severity; a finding may report lower or higher and says why."),
    title: z.string(),
    detects: z.string().describe("What the rule looks for."),
    remediation: z.string(),
  })
  .meta({ id: "Rule" });

export const ruleCatalogueSchema = z
  .object({
    scoringVersion: z.string().describe("Version of the rules and weights; reports carry the version that produced them."),
    rules: z.array(ruleSchema),
  })
  .meta({ id: "RuleCatalogue" });
