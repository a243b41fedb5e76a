/**
 * `npm run docs:rules` writes docs/rule-catalogue.md from the rule catalogue
 * (lib/core/scanning/rules/rule-catalogue.ts); a unit test fails when the
 * committed file and the catalogue disagree.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { renderRuleCatalogue } from "@/lib/core/scanning/rules/render-rule-catalogue";
import { runCli } from "./lib/run-cli";

async function main(): Promise<void> {
  parseArgs({ options: {} });
  const target = fileURLToPath(new URL("../docs/rule-catalogue.md", import.meta.url));
  writeFileSync(target, renderRuleCatalogue());
  console.log(`Wrote ${target}`);
}

runCli(
  {
    usage: ["npm run docs:rules"],
    description:
      "Rewrites docs/rule-catalogue.md from the rule catalogue (lib/core/scanning/rules/rule-catalogue.ts). " +
      "Run it after changing a rule: a unit test fails while the committed file and the catalogue disagree.",
    options: [["-h, --help", "print this help and exit"]],
    examples: ["npm run docs:rules"],
  },
  main,
);
