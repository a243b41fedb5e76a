import { FACTOR_MAX } from "../../scoring/factors";
import { RULE_CATALOGUE, type RuleDefinition } from "./rule-catalogue";

/**
 * docs/rule-catalogue.md is generated from RULE_CATALOGUE by this function,
 * and a unit test fails when the file and the catalogue disagree, so the
 * published catalogue cannot drift from the rules that run.
 */
function cell(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function cost(rule: RuleDefinition): string {
  if (rule.deduction !== undefined) return `${rule.deduction} (fixed)`;
  return "by severity";
}

/** The Markdown of docs/rule-catalogue.md; one source, so the page cannot disagree with the rules. */
export function renderRuleCatalogue(): string {
  const lines = [
    "# Rule catalogue",
    "",
    "Generated from `lib/core/scanning/rules/rule-catalogue.ts` by `renderRuleCatalogue()`; a unit test keeps this file in sync.",
    "Every finding the scanner reports carries one of these ids (D2).",
    "",
    "Severity is the usual severity; a rule reports lower or higher when its evidence is weaker or combined with other signals, and the finding's detail says why.",
    "Two different instruction-type findings in the same tool, prompt, resource or server instructions are escalated to critical together.",
    "",
    "Points: each distinct rule costs its factor once, at its worst severity: critical and high the whole factor, medium half, low 15% (rounded up), info nothing, unless a fixed cost is listed.",
    "A high or critical finding also costs the factor named under \"also\". A critical finding caps the grade at F and the label at dangerous; plain HTTP caps the grade at C (D1).",
    "",
    `Factors and maxima: ${Object.entries(FACTOR_MAX)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}.`,
    "",
    "| id | factor | also | severity | cost | title | detects | remediation |",
    "|---|---|---|---|---|---|---|---|",
    ...RULE_CATALOGUE.map(
      (r) => `| ${r.id} | ${r.factor} | ${r.alsoAffects ?? ""} | ${r.severity} | ${cost(r)} | ${cell(r.title)} | ${cell(r.detects)} | ${cell(r.remediation)} |`,
    ),
    "",
  ];
  return lines.join("\n");
}
