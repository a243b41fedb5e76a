import { AppError } from "../errors";
import { GRADES, recommendationForGrade, type CertificationStatus, type Grade, type TrustLabel } from "../grades";
import { findPackageServers } from "./find-package-servers";
import { normalizeServerIdentity } from "./normalize-url";
import { parsePurl } from "./purl";
import type { RegistryStore } from "./registry-store";
import { apiServerPath } from "./server-api-path";
import { isListed, type ListedServerRecord, type ServerRecord } from "./server-record";

/** Servers a package lookup considers; a package is published at a handful of URLs at most. */
const PACKAGE_MATCH_LIMIT = 20;

/** allow: grade A, B or C. refuse: D or F. unknown: no verdict, which must never be read as allow. */
export const RECOMMENDATIONS = ["allow", "refuse", "unknown"] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];

/** assessed: a verdict follows. known_not_assessed: listed, no verdict yet. not_in_registry: never seen. */
export const TRUST_CHECK_STATUSES = ["assessed", "known_not_assessed", "not_in_registry"] as const;
type TrustCheckStatus = (typeof TRUST_CHECK_STATUSES)[number];

interface TrustCheckMatch {
  url: string;
  grade: Grade;
  score: number;
  recommendation: Recommendation;
}

/** The answer to "may I connect to this?" (docs/identity.md#check_trust). */
export interface TrustCheck {
  found: boolean;
  status: TrustCheckStatus;
  recommendation: Recommendation;
  /** The identity the verdict is for: a normalized URL or a purl; null for an unknown package. */
  url: string | null;
  name: string | null;
  publisherName: string | null;
  grade: Grade | null;
  score: number | null;
  trustLabel: TrustLabel | null;
  certificationStatus: CertificationStatus | null;
  trustSummary: string | null;
  findingsSummary: string | null;
  /** ISO 8601 time of the scan behind the verdict. */
  lastScanned: string | null;
  profileUrl: string | null;
  packageName: string | null;
  /** Package lookups: every assessed server of the package, best score first. */
  matches: TrustCheckMatch[];
  message: string;
}

/** Exactly one of the two. */
export type TrustQuery = { serverUrl: string; packageName?: undefined } | { packageName: string; serverUrl?: undefined };

const EMPTY_VERDICT = {
  found: false,
  recommendation: "unknown",
  name: null,
  publisherName: null,
  grade: null,
  score: null,
  trustLabel: null,
  certificationStatus: null,
  trustSummary: null,
  findingsSummary: null,
  lastScanned: null,
  profileUrl: null,
} as const;

function verdictOf(server: ListedServerRecord, baseUrl: string) {
  return {
    found: true,
    status: "assessed" as const,
    recommendation: recommendationForGrade(server.grade) as Recommendation,
    url: server.url,
    name: server.name,
    publisherName: server.publisherName,
    grade: server.grade,
    score: server.trustScore,
    trustLabel: server.trustLabel,
    certificationStatus: server.certificationStatus,
    trustSummary: server.trustSummary ?? "",
    findingsSummary: server.findingsSummary ?? "",
    lastScanned: server.lastScannedAt.toISOString(),
    profileUrl: `${baseUrl}${apiServerPath(server.url)}`,
  };
}

function gateWords(server: ListedServerRecord): string {
  return recommendationForGrade(server.grade) === "allow"
    ? `grade ${server.grade} is C or better, so the trust-gating rule allows connecting (review the findings)`
    : `grade ${server.grade} is D or F, so the trust-gating rule says do not connect`;
}

/** The worst verdict first: a package answer must never be rosier than its worst server. */
function worstFirst(a: ListedServerRecord, b: ListedServerRecord): number {
  return GRADES.indexOf(b.grade) - GRADES.indexOf(a.grade) || a.trustScore - b.trustScore;
}

function unknownVerdict(url: string | null, packageName: string | null, status: TrustCheckStatus, message: string, server?: ServerRecord): TrustCheck {
  return { ...EMPTY_VERDICT, status, url, name: server?.name ?? null, publisherName: server?.publisherName ?? null, packageName, matches: [], message };
}

function matchOf(server: ListedServerRecord) {
  return { url: server.url, grade: server.grade, score: server.trustScore, recommendation: recommendationForGrade(server.grade) as Recommendation };
}

const TREAT_AS_UNKNOWN = "Treat it as unknown, not as allowed";

/** By URL or purl (docs/identity.md#check_trust): the server's own verdict, or why there is none. */
async function checkServer(store: RegistryStore, baseUrl: string, rawUrl: string): Promise<TrustCheck> {
  // A malformed URL is a bad argument (AppError invalid_url), not an unknown server.
  const url = normalizeServerIdentity(rawUrl);
  const server = await store.findServerByUrl(url);
  if (server && isListed(server)) {
    return { ...verdictOf(server, baseUrl), packageName: server.packageName, matches: [], message: `${server.name} (${server.url}): ${gateWords(server)}.` };
  }
  const next = parsePurl(url)
    ? "packages are assessed by the registry itself, so ask again later rather than scanning it."
    : "call scan_server with this server_url to scan it, then decide from the grade.";
  return server
    ? unknownVerdict(url, server.packageName, "known_not_assessed", `${url} is known to the registry but not yet assessed (or its verdict was withdrawn), so there is no trust verdict. ${TREAT_AS_UNKNOWN}: ${next}`, server)
    : unknownVerdict(url, null, "not_in_registry", `${url} is not in the registry, so there is no trust verdict. ${TREAT_AS_UNKNOWN}: ${next}`);
}

/**
 * By package: the package server's own verdict when it has one, else
 * the worst verdict of the remote servers that name the package, else
 * "known, not yet assessed" or "not in the registry" (docs/identity.md#check_trust).
 */
async function checkPackage(store: RegistryStore, baseUrl: string, rawName: string): Promise<TrustCheck> {
  const name = rawName.trim();
  if (!name) throw new AppError("invalid_parameter", "package_name: must not be blank.", { parameter: "package_name" });
  const { packageName, own, naming } = await findPackageServers(store, name, PACKAGE_MATCH_LIMIT);
  const assessedOwn = own.filter(isListed);
  const ownIds = new Set(own.map((s) => s.id));
  const remotes = naming.filter((s) => !ownIds.has(s.id));
  const matches = [...assessedOwn, ...remotes].sort((a, b) => b.trustScore - a.trustScore).map(matchOf);
  const awaiting = own.find((s) => !isListed(s));

  if (assessedOwn.length > 0) {
    const headline = [...assessedOwn].sort(worstFirst)[0];
    const others = remotes.length ? ` ${remotes.length} hosted server(s) naming ${packageName} are in matches; check one with check_trust server_url.` : "";
    return { ...verdictOf(headline, baseUrl), packageName, matches, message: `${headline.name} (${headline.url}), the package itself: ${gateWords(headline)}.${others}` };
  }
  if (remotes.length > 0) {
    const headline = [...remotes].sort(worstFirst)[0];
    const several =
      remotes.length > 1
        ? ` ${remotes.length} scanned servers publish ${packageName}; the verdict shown is the lowest-rated one (all are in matches). To check one of them, call check_trust with its server_url.`
        : "";
    const pending = awaiting ? ` The package itself (${awaiting.url}) is known but not yet assessed.` : "";
    return { ...verdictOf(headline, baseUrl), packageName, matches, message: `${headline.name} (${headline.url}): ${gateWords(headline)}.${several}${pending}` };
  }
  if (awaiting?.url) {
    return unknownVerdict(
      awaiting.url,
      packageName,
      "known_not_assessed",
      `The package ${packageName} is in the registry as ${awaiting.url} but not yet assessed, so there is no trust verdict. ${TREAT_AS_UNKNOWN}: packages are assessed by the registry itself, so ask again later.`,
      awaiting,
    );
  }
  return unknownVerdict(
    null,
    packageName,
    "not_in_registry",
    `No server in the registry publishes the package ${packageName}, so there is no trust verdict. ${TREAT_AS_UNKNOWN}: search_registry may find it under another name; scan_server scans a server by its URL.`,
  );
}

/**
 * The trust gate (docs/identity.md#check_trust) as an agent asks it: by URL (or a package's
 * purl) or by package name, answered with the registry's current verdict
 * and the gating rule applied (recommendationForGrade). A server without a
 * verdict answers found:false / recommendation "unknown", never "allow", so
 * an agent that only reads `recommendation` fails closed; `status` tells a
 * known server awaiting assessment from one the registry has never seen.
 */
export async function checkTrust(store: RegistryStore, baseUrl: string, query: TrustQuery): Promise<TrustCheck> {
  return query.serverUrl !== undefined ? checkServer(store, baseUrl, query.serverUrl) : checkPackage(store, baseUrl, query.packageName);
}
