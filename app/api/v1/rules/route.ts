import { RULE_CATALOGUE } from "@/lib/core/scanning/rules/rule-catalogue";
import { SCORING_VERSION } from "@/lib/core/scoring/scoring-version";
import { methodsNotAllowed } from "@/lib/http/api-route";
import { apiRoute } from "@/lib/services/api-route";
import { jsonResponse } from "@/lib/http/responses";

export const dynamic = "force-dynamic";

/** The rule catalogue every finding id refers to (docs/findings-and-scans.md#findings); reports link here. */
export const GET = apiRoute("unmetered", async () =>
  jsonResponse(
    {
      scoringVersion: SCORING_VERSION,
      rules: RULE_CATALOGUE.map((r) => ({
        id: r.id,
        factor: r.factor,
        severity: r.severity,
        title: r.title,
        detects: r.detects,
        remediation: r.remediation,
      })),
    },
    { headers: { "cache-control": "public, max-age=3600" } },
  ),
);

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
