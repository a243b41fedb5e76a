import type { Finding } from "../findings";
import type { NetworkEvidence } from "../scanning/scan-outcome";
import { factorResult } from "./factor-result";
import type { FactorResult } from "./factors";

/** networkBehavior (20): redirects, downgrades and addresses that would receive user data. */
export function scoreNetworkBehavior(findings: readonly Finding[], network: NetworkEvidence | null): FactorResult {
  const observed = network
    ? `Observed: ${network.redirectChain.length} redirect(s), resolved to ${network.resolvedAddresses.length} address(es).`
    : "No network evidence was recorded.";
  return factorResult("networkBehavior", findings, {
    clean: "No off-site redirect, downgrade or data-carrying URL found",
    notVerified: `${observed} Outbound connections made by the server itself cannot be observed by a remote scan.`,
  });
}
