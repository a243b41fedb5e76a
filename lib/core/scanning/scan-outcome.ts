import type { Finding } from "../findings";
import type { CertificationStatus, Grade, TrustLabel } from "../grades";
import type { DistributionEvidence, SandboxObservations, StaticEvidence } from "../packages/package-evidence";
import type { FactorBreakdown } from "../scoring/factors";
import type { TextRepairs } from "./untrusted-text";

/**
 * The contract between the scanner and everything that stores or shows a
 * scan. The scanner produces a ScanOutcome; the data layer records it as-is
 * (jsonb), the report and the REST/MCP answers are projections of it. What
 * the server sent has passed untrusted-text.ts, so every string in it is
 * valid Unicode without raw control characters, and bounded.
 */

/** Scan statuses (docs/findings-and-scans.md#statuses): completed = handshake and listings ok; partial = some listing failed or was cut; unreachable = no MCP handshake. */
export type ScanStatus = "completed" | "partial" | "unreachable";

export interface DiscoveredTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: unknown;
  annotations?: Record<string, unknown>;
  /** sha256 of the canonical JSON of inputSchema. */
  schemaHash: string;
  /** sha256 of the canonical JSON of { name, description, inputSchema, annotations } (rug-pull detection: docs/findings-and-scans.md#tool-hashes-and-rug-pulls). */
  hash: string;
}

export interface DiscoveredResource {
  uri: string;
  name?: string;
  description?: string;
  mimeType?: string;
}

export interface DiscoveredResourceTemplate {
  uriTemplate: string;
  name?: string;
  description?: string;
  mimeType?: string;
}

export interface DiscoveredPrompt {
  name: string;
  description?: string;
  arguments?: { name: string; description?: string; required?: boolean }[];
}

export interface Discovery {
  serverInfo: { name: string; version?: string; title?: string } | null;
  protocolVersion: string | null;
  capabilities: Record<string, unknown> | null;
  instructions: string | null;
  /** The transport that worked. */
  transport: "streamable-http" | "sse" | "stdio";
  tools: DiscoveredTool[];
  resources: DiscoveredResource[];
  resourceTemplates: DiscoveredResourceTemplate[];
  prompts: DiscoveredPrompt[];
  /** Listings that failed or were cut by a limit, with why (makes the scan `partial`). */
  listingProblems: { listing: "tools" | "resources" | "resourceTemplates" | "prompts"; problem: string }[];
  /** Text that had to be repaired before it was kept (untrusted-text.ts); absent when none was, and on scans recorded before. */
  textRepairs?: TextRepairs;
}

export interface TlsEvidence {
  protocol: string | null;
  cipher: string | null;
  issuer: string | null;
  subject: string | null;
  validFrom: string | null;
  validTo: string | null;
  /** Chain validates against the system trust store. */
  authorized: boolean;
  authorizationError: string | null;
  hostnameMatch: boolean;
  selfSigned: boolean;
  expired: boolean;
}

export interface NetworkEvidence {
  scheme: "http" | "https";
  host: string;
  resolvedAddresses: string[];
  redirectChain: { url: string; status: number; host: string }[];
  tls: TlsEvidence | null;
  hsts: { maxAge: number; includeSubDomains: boolean; preload: boolean } | null;
}

/** What the registry already knows about the server, used by the factors a remote scan cannot see (code, publisher). */
export interface RegistryContext {
  name: string | null;
  publisherName: string | null;
  repositoryUrl: string | null;
  packageName: string | null;
  certificationStatus: CertificationStatus;
  /** Other listed servers of the same publisher, and their average score: reputation is earned, not claimed. */
  publisherServerCount: number;
  publisherAverageScore: number | null;
  /** Tool hashes of the last completed scan, by tool name (rug-pull detection). */
  previousToolHashes: Record<string, string> | null;
}

/** What the registry knows about a server it has never seen: nothing, and it says so. */
export const UNKNOWN_SERVER_CONTEXT: RegistryContext = Object.freeze({
  name: null,
  publisherName: null,
  repositoryUrl: null,
  packageName: null,
  certificationStatus: "none",
  publisherServerCount: 0,
  publisherAverageScore: null,
  previousToolHashes: null,
});

export interface ToolChanges {
  added: string[];
  removed: string[];
  changed: string[];
}

export interface ScoreResult {
  trustScore: number;
  grade: Grade;
  uncappedGrade: Grade;
  trustLabel: TrustLabel;
  /** Why the grade was capped (docs/scoring.md#caps), or null. */
  capReason: string | null;
  factors: FactorBreakdown;
  /** Names what most affected the result. */
  trustSummary: string;
  /** One line that counts the findings by severity. */
  findingsSummary: string;
}

export interface ScanOutcome {
  /** Normalized (docs/identity.md#what-a-server-is-keyed-by). */
  serverUrl: string;
  status: ScanStatus;
  startedAt: Date;
  durationMs: number;
  scoringVersion: string;
  discovery: Discovery | null;
  network: NetworkEvidence | null;
  findings: Finding[];
  /** Absent for `unreachable` (docs/findings-and-scans.md#statuses): the registry's current score is not changed. */
  score: ScoreResult | null;
  toolHashes: Record<string, string>;
  /** sha256 over the sorted tool hashes; null when no tools were listed. */
  toolsHash: string | null;
  changes: ToolChanges | null;
  /** What a package assessment (docs/package-assessment.md) saw besides the listing; absent for remote scans. */
  packageEvidence?: PackageEvidenceRecord;
}

/** The evidence of a package assessment as it is stored with the scan. */
export interface PackageEvidenceRecord {
  distribution: DistributionEvidence | null;
  staticEvidence: StaticEvidence | null;
  sandbox: (SandboxObservations & { neededNetworkOrCredentials: boolean; failure: string | null; stderrTail: string }) | null;
  failure: string | null;
}
