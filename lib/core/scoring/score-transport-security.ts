import type { Finding } from "../findings";
import type { NetworkEvidence } from "../scanning/scan-outcome";
import { factorResult } from "./factor-result";
import type { FactorResult } from "./factors";

/** transportSecurity (10): HTTPS, a valid certificate, modern TLS, HSTS. */
export function scoreTransportSecurity(findings: readonly Finding[], network: NetworkEvidence | null): FactorResult {
  const tls = network?.tls;
  const seen = tls ? `${tls.protocol ?? "TLS"} with ${tls.cipher ?? "unknown cipher"}, certificate by ${tls.issuer ?? "unknown issuer"}` : "HTTPS with valid TLS";
  return factorResult("transportSecurity", findings, {
    clean: `${seen}${network?.hsts ? ", HSTS enabled" : ""}`,
    notVerified: null,
  });
}
