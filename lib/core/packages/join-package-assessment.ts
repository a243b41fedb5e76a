import { scoreFindings } from "../scoring/assess-scan";
import { dedupeFindings } from "../scanning/rules/run-rules";
import type { ScanOutcome } from "../scanning/scan-outcome";
import type { PackageAssessment } from "./assess-package";

/**
 * One verdict for a remote server whose registry entry also names a package
 * (docs/package-assessment.md, "A remote server with a package"): the
 * remote scan stays the server's scan (its identity, its listing, its
 * status), and what the package assessment found joins it: the findings of
 * the fetch, the static reading and the sandboxed run, and the rules over
 * the package's own listing, which can differ from the remote's. The score
 * is taken again over all of them; transport security stays the remote's,
 * since that is the connection a client makes. An unreachable remote keeps
 * no score (the registry's current verdict stands), but the package's
 * findings are recorded with it. Pure.
 */
export function joinPackageAssessment(remote: ScanOutcome, assessment: PackageAssessment): ScanOutcome {
  const packageOutcome = assessment.outcome;
  // The package's own "unreachable" says nothing about the remote server.
  const packageFindings = packageOutcome.findings.filter((f) => f.id !== "SCAN-UNREACHABLE");
  const findings = dedupeFindings([...remote.findings, ...packageFindings]);
  return {
    ...remote,
    durationMs: remote.durationMs + packageOutcome.durationMs,
    findings,
    score: remote.score === null ? null : scoreFindings(findings, remote.network),
    packageEvidence: packageOutcome.packageEvidence,
  };
}
