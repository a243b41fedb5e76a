import type { Finding } from "../findings";
import { factorResult } from "./factor-result";
import type { FactorResult } from "./factors";

/** publisherReputation (10): certification and the publisher's other scored servers; earned, not claimed. */
export function scorePublisherReputation(findings: readonly Finding[]): FactorResult {
  return factorResult("publisherReputation", findings, {
    clean: "Certified publisher (premium) with a strong track record in the registry",
    notVerified: "Based on registry records only; the publisher's identity beyond certification was not verified.",
  });
}
