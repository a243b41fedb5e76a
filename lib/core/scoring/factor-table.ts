import type { Finding } from "../findings";
import type { DistributionEvidence } from "../packages/package-evidence";
import type { NetworkEvidence } from "../scanning/scan-outcome";
import { servedOnLoopback } from "../scanning/rules/transport-rules";
import { deductPoints } from "./deduct-points";
import { FACTOR_KEYS, FACTOR_MAX, type FactorBreakdown, type FactorKey, type FactorResult } from "./factors";

/**
 * The seven factors of the trust score in one table (docs/scoring.md): what
 * a full score means and what the factor could not verify, per factor. Every
 * factor is "maximum minus deductions" through one function, so none can
 * score inconsistently; a factor's points come only from findings
 * (deduct-points.ts), and this table supplies the words of its rationale.
 */
interface FactorWording {
  /** What a full score means, e.g. "No known malicious pattern matched". */
  clean: string;
  /** What this factor could not verify, stated plainly (or null). */
  notVerified: string | null;
}

type WordingOf = (findings: readonly Finding[], network: NetworkEvidence | null) => FactorWording;
type PackageWordingOf = (findings: readonly Finding[], distribution: DistributionEvidence) => FactorWording;

const FACTOR_WORDING: Record<FactorKey, WordingOf> = {
  declarationAccuracy: () => ({
    clean: "Tools are described, schemas declared, annotations consistent with tool names, capabilities declared",
    notVerified: "Whether tools behave as described was not tested (the scanner never calls tools).",
  }),
  permissionMinimality: () => ({
    clean: "No shell, code-evaluation or raw-SQL parameters and no read-and-send tool combination found",
    notVerified: "Judged from tool names and schemas; the permissions of the server process itself are not visible remotely.",
  }),
  networkBehavior: (_findings, network) => ({
    clean: "No off-site redirect, downgrade or data-carrying URL found",
    notVerified: `${
      network ? `Observed: ${network.redirectChain.length} redirect(s), resolved to ${network.resolvedAddresses.length} address(es).` : "No network evidence was recorded."
    } Outbound connections made by the server itself cannot be observed by a remote scan.`,
  }),
  codeTransparency: (findings) => ({
    clean: "Source is declared and audited",
    notVerified: `${findings.some((f) => f.id === "CT-NOT-AUDITED") ? "Repository declared, not audited. " : ""}A remote scan cannot see the code; this factor reflects what the registry declares.`,
  }),
  publisherReputation: () => ({
    clean: "Certified publisher (premium) with a strong track record in the registry",
    notVerified: "Based on registry records only; the publisher's identity beyond certification was not verified.",
  }),
  transportSecurity: (_findings, network) => {
    if (network?.scheme === "http" && servedOnLoopback(network)) {
      return { clean: "Plain HTTP on this machine's loopback: nothing crossed a network", notVerified: "How the server is served over a network was not seen: it was reached on loopback." };
    }
    const tls = network?.tls;
    const seen = tls ? `${tls.protocol ?? "TLS"} with ${tls.cipher ?? "unknown cipher"}, certificate by ${tls.issuer ?? "unknown issuer"}` : "HTTPS with valid TLS";
    return { clean: `${seen}${network?.hsts ? ", HSTS enabled" : ""}`, notVerified: null };
  },
  threatMatch: () => ({
    clean: "No known malicious pattern matched in tools, schemas, resources, prompts or instructions",
    notVerified: "Only metadata was scanned; tool outputs were not (the scanner never calls tools).",
  }),
};

/**
 * The same factors for a package (docs/package-assessment.md#from-evidence-to-a-verdict), where the evidence differs: the code
 * was read and the server run in a sandbox without network, and transport
 * security is how the package was distributed.
 */
const PACKAGE_WORDING: Partial<Record<FactorKey, PackageWordingOf>> = {
  permissionMinimality: () => ({
    clean: "No shell, code-evaluation or raw-SQL parameters, no install script and no risky process or credential use found in the code",
    notVerified: "Judged from tool schemas and a static reading of the package; what tools do when called was not tested.",
  }),
  networkBehavior: (_findings, d) => ({
    clean: "No connection attempted while starting and listing tools, and no exfiltration pattern in the code",
    notVerified: `Run in a sandbox without network; endpoints in the code of ${d.resolvedVersion} were read, not contacted.`,
  }),
  codeTransparency: (_findings, d) => ({
    clean: `Published code read (${d.fileCount} files)${d.declaredRepository ? `, source repository declared (${d.declaredRepository})` : ""}`,
    notVerified: d.provenance?.matchesDeclared
      ? "The registry's provenance attestation ties the tarball to the declared repository."
      : "Without a provenance attestation, that the tarball was built from the declared repository is not verified.",
  }),
  transportSecurity: (_findings, d) => {
    const integrity = d.integrityVerified ? `tarball ${d.integrity?.split("-")[0] ?? "integrity"} verified` : "tarball integrity not verified";
    const provenance = d.provenance ? "provenance attested" : "no provenance attestation";
    return {
      clean: `Distributed by ${d.registryUrl}${d.registryTls ? " over HTTPS" : ""}, ${integrity}, ${provenance}`,
      notVerified: "A stdio package has no network transport of its own; this factor judges how it is distributed.",
    };
  },
};

/** One factor: its maximum minus the findings' deductions, with a rationale that says what was checked and what cost points. */
function scoreFactor(factor: FactorKey, findings: readonly Finding[], network: NetworkEvidence | null, distribution: DistributionEvidence | null): FactorResult {
  const max = FACTOR_MAX[factor];
  const packageWording = distribution ? PACKAGE_WORDING[factor] : undefined;
  const wording = packageWording && distribution ? packageWording(findings, distribution) : FACTOR_WORDING[factor](findings, network);
  const d = deductPoints(factor, findings);
  const points = Math.max(0, Math.min(max, Math.round(max - d.points)));
  const verdict = d.parts.length === 0 ? `${wording.clean}.` : `Lost ${max - points} of ${max}: ${d.parts.join(", ")}.`;
  const rationale = wording.notVerified ? `${verdict} ${wording.notVerified}` : verdict;
  return { points, max, rationale, findingIds: d.findingIds };
}

/** All seven factors from a scan's findings; `distribution` when a package was assessed rather than a remote server. */
export function scoreFactors(findings: readonly Finding[], network: NetworkEvidence | null, distribution: DistributionEvidence | null = null): FactorBreakdown {
  return Object.fromEntries(FACTOR_KEYS.map((key) => [key, scoreFactor(key, findings, network, distribution)])) as FactorBreakdown;
}
