import type { RegistryContext } from "../scan-outcome";
import { plainHit, type RuleHit } from "./rule-hit";

/**
 * Code transparency and publisher reputation come from what the registry
 * knows, not from the scan. A declared repository is a claim, not an audit,
 * and reputation is earned by the publisher's other scored servers, never
 * assumed: each finding says plainly what was and was not verified.
 */
const KNOWN_FORGES = new Set(["github.com", "gitlab.com", "codeberg.org", "bitbucket.org", "git.sr.ht", "sr.ht", "gitea.com", "huggingface.co"]);

function forgeHost(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** Reports what the registry does not know about the server's code. */
export function detectCodeTransparency(context: RegistryContext): RuleHit[] {
  const repo = context.repositoryUrl?.trim() || null;
  const pkg = context.packageName?.trim() || null;
  if (!repo && !pkg) return [plainHit("CT-NO-SOURCE", "low", "registry/repositoryUrl", "No source repository or package is declared for this server; its code cannot be inspected.", "repositoryUrl: none; packageName: none")];
  if (!repo) return [plainHit("CT-PACKAGE-ONLY", "low", "registry/repositoryUrl", `Package "${pkg}" is declared but no source repository; neither was audited.`, `packageName: ${pkg}`)];
  const hits: RuleHit[] = [];
  const host = forgeHost(repo);
  if (!host || !KNOWN_FORGES.has(host)) {
    hits.push(plainHit("CT-REPOSITORY-UNKNOWN-HOST", "info", "registry/repositoryUrl", `The repository is not on a known public forge (${host ?? "unparseable URL"}).`, repo));
  }
  hits.push(plainHit("CT-NOT-AUDITED", "info", "registry/repositoryUrl", `Repository declared (${repo}), not audited: this scan did not read the code or check that it matches the running server.`, repo));
  return hits;
}

/** Reports what the registry does not know about the publisher. */
export function detectPublisherReputation(context: RegistryContext): RuleHit[] {
  const hits: RuleHit[] = [];
  const who = context.publisherName ?? "the publisher";
  if (!context.publisherName) hits.push(plainHit("PR-UNNAMED-PUBLISHER", "info", "registry/publisher", "The registry has no publisher name for this server.", "publisherName: none"));
  if (context.certificationStatus === "none") {
    hits.push(plainHit("PR-NOT-CERTIFIED", "info", "registry/certification", `${who} has not verified control of the server's origin (no certification).`, "certificationStatus: none"));
  } else if (context.certificationStatus === "standard") {
    hits.push(plainHit("PR-STANDARD-TIER", "info", "registry/certification", "Standard certification: origin control verified, no assisted review.", "certificationStatus: standard"));
  }
  const avg = context.publisherAverageScore;
  if (context.publisherServerCount <= 0 || avg === null) {
    hits.push(plainHit("PR-NO-TRACK-RECORD", "info", "registry/publisher", `The registry lists no other scored server of ${who}; there is no track record to judge.`, `other servers: ${context.publisherServerCount}`));
  } else if (avg < 60) {
    hits.push(plainHit("PR-POOR-TRACK-RECORD", "low", "registry/publisher", `${who}'s ${context.publisherServerCount} other server(s) average ${Math.round(avg)}.`, `average score: ${Math.round(avg)}`));
  } else if (avg < 80) {
    hits.push(plainHit("PR-MIXED-TRACK-RECORD", "info", "registry/publisher", `${who}'s ${context.publisherServerCount} other server(s) average ${Math.round(avg)}.`, `average score: ${Math.round(avg)}`));
  }
  return hits;
}
