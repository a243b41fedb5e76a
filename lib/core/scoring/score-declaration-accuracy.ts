import type { Finding } from "../findings";
import { factorResult } from "./factor-result";
import type { FactorResult } from "./factors";

/** declarationAccuracy (20): honest annotations, described tools, declared capabilities, stable definitions. */
export function scoreDeclarationAccuracy(findings: readonly Finding[]): FactorResult {
  return factorResult("declarationAccuracy", findings, {
    clean: "Tools are described, schemas declared, annotations consistent with tool names, capabilities declared",
    notVerified: "Whether tools behave as described was not tested (the scanner never calls tools).",
  });
}
