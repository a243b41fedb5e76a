import type { Finding } from "../findings";
import type { NetworkEvidence } from "../scanning/scan-outcome";
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
    const tls = network?.tls;
    const seen = tls ? `${tls.protocol ?? "TLS"} with ${tls.cipher ?? "unknown cipher"}, certificate by ${tls.issuer ?? "unknown issuer"}` : "HTTPS with valid TLS";
    return { clean: `${seen}${network?.hsts ? ", HSTS enabled" : ""}`, notVerified: null };
  },
  threatMatch: () => ({
    clean: "No known malicious pattern matched in tools, schemas, resources, prompts or instructions",
    notVerified: "Only metadata was scanned; tool outputs were not (the scanner never calls tools).",
  }),
};

/** One factor: its maximum minus the findings' deductions, with a rationale that says what was checked and what cost points. */
function scoreFactor(factor: FactorKey, findings: readonly Finding[], network: NetworkEvidence | null): FactorResult {
  const max = FACTOR_MAX[factor];
  const wording = FACTOR_WORDING[factor](findings, network);
  const d = deductPoints(factor, findings);
  const points = Math.max(0, Math.min(max, Math.round(max - d.points)));
  const verdict = d.parts.length === 0 ? `${wording.clean}.` : `Lost ${max - points} of ${max}: ${d.parts.join(", ")}.`;
  const rationale = wording.notVerified ? `${verdict} ${wording.notVerified}` : verdict;
  return { points, max, rationale, findingIds: d.findingIds };
}

/** All seven factors from a scan's findings. */
export function scoreFactors(findings: readonly Finding[], network: NetworkEvidence | null): FactorBreakdown {
  return Object.fromEntries(FACTOR_KEYS.map((key) => [key, scoreFactor(key, findings, network)])) as FactorBreakdown;
}
