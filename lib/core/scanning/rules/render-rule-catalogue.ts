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
    "Generated from `lib/core/scanning/rules/rule-catalogue.ts` by `npm run docs:rules`; a unit test keeps this file in sync.",
    "Every finding the scanner reports carries one of these ids. How findings become a score and a grade is in [scoring.md](scoring.md).",
    "",
    "Severity is the usual severity; a rule reports lower or higher when its evidence is weaker or combined with other signals, and the finding's detail says why.",
    "",
    "## Tags",
    "",
    "- `instruction`: text aimed at the model. Two different instruction findings in the same tool, prompt, resource or server instructions (medium or worse, or one of them an `amplifier`) are escalated to critical together. A changed tool whose text now has one is a rug pull.",
    "- `amplifier`: low (or info) alone; it escalates another instruction finding in the same place.",
    "- `deception`: a lie to the model or the user. A high deception finding caps the grade at D.",
    "- `capability`: an honest but risky capability. These share one budget: the costliest counts in full, each further one 2 points.",
    "- `threat`: counted as a threat in trust summaries.",
    "- `obfuscation`, `hygiene`, `declaration`, `rug-pull`, `transport`, `network`, `provenance`, `scan`: the area a rule belongs to.",
    "",
    "## Points and caps",
    "",
    "Each distinct rule costs its factor once, at its worst severity: critical and high the whole factor, medium half, low 15% (rounded up), info nothing, unless a fixed cost is listed.",
    "A high or critical finding also costs the factor named under \"also\".",
    "Caps lower the grade, never the score (the score is always the sum of the factors):",
    "",
    "- a critical finding caps the grade at F and the label at dangerous;",
    "- a high finding tagged `deception` caps the grade at D and the label at caution;",
    "- a server on plain HTTP is capped at C.",
    "",
    `Factors and maxima: ${Object.entries(FACTOR_MAX)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}.`,
    "",
    "## Rules",
    "",
    "| id | tags | factor | also | severity | cost | title | detects | remediation |",
    "|---|---|---|---|---|---|---|---|---|",
    ...RULE_CATALOGUE.map(
      (r) =>
        `| ${r.id} | ${r.tags.join(", ")} | ${r.factor} | ${r.alsoAffects ?? ""} | ${r.severity} | ${cost(r)} | ${cell(r.title)} | ${cell(r.detects)} | ${cell(r.remediation)} |`,
    ),
    "",
  ];
  return lines.join("\n");
}
