/**
 * `npm run docs:rules` writes docs/rule-catalogue.md from the rule catalogue
 * (lib/core/scanning/rules/rule-catalogue.ts); a unit test fails when the
 * committed file and the catalogue disagree.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderRuleCatalogue } from "@/lib/core/scanning/rules/render-rule-catalogue";

const target = fileURLToPath(new URL("../docs/rule-catalogue.md", import.meta.url));
writeFileSync(target, renderRuleCatalogue());
console.log(`Wrote ${target}`);
