import type { Finding } from "../findings";
import { factorResult } from "./factor-result";
import type { FactorResult } from "./factors";

/** codeTransparency (10): from the registry's repository and package; a declaration, never an audit. */
export function scoreCodeTransparency(findings: readonly Finding[]): FactorResult {
  const declared = findings.some((f) => f.id === "CT-NOT-AUDITED");
  return factorResult("codeTransparency", findings, {
    clean: "Source is declared and audited",
    notVerified: `${declared ? "Repository declared, not audited. " : ""}A remote scan cannot see the code; this factor reflects what the registry declares.`,
  });
}
