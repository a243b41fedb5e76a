import type { Finding } from "../findings";
import { factorResult } from "./factor-result";
import type { FactorResult } from "./factors";

/** threatMatch (15): known malicious patterns in everything the server exposes to the model. */
export function scoreThreatMatch(findings: readonly Finding[]): FactorResult {
  return factorResult("threatMatch", findings, {
    clean: "No known malicious pattern matched in tools, schemas, resources, prompts or instructions",
    notVerified: "Only metadata was scanned; tool outputs were not (the scanner never calls tools).",
  });
}
