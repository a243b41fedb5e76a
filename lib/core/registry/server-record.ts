import type { Finding } from "../findings";
import type { CertificationStatus, Grade, TrustLabel } from "../grades";
import type { FactorBreakdown } from "../scoring/factors";
import type { Discovery, NetworkEvidence, PackageEvidenceRecord, ScanStatus, ToolChanges } from "../scanning/scan-outcome";

/** A server as the registry stores it; the API shapes are projections of this. */
export interface ServerRecord {
  id: string;
  url: string | null;
  registryName: string | null;
  name: string;
  description: string | null;
  publisherName: string;
  packageName: string | null;
  /** The registry of packageName as the entry names it ("npm", "pypi", "oci", ...). */
  packageRegistry: string | null;
  repositoryUrl: string | null;
  websiteUrl: string | null;
  transportType: string | null;
  registryStatus: "active" | "deprecated" | "deleted";
  certificationStatus: CertificationStatus;
  trustScore: number | null;
  grade: Grade | null;
  trustLabel: TrustLabel | null;
  trustSummary: string | null;
  findingsSummary: string | null;
  scanType: string | null;
  lastScannedAt: Date | null;
  latestScanId: string | null;
  scanCount: number;
  listed: boolean;
}

/** A listed server: it has a URL and a verdict. */
export type ListedServerRecord = ServerRecord & {
  url: string;
  trustScore: number;
  grade: Grade;
  trustLabel: TrustLabel;
  lastScannedAt: Date;
};

/** What a list of servers shows (search results, the stats lists): the fields of a ServerSummary (docs/search-and-stats.md#the-reply). */
export type ServerSummaryRecord = Pick<
  ListedServerRecord,
  "url" | "name" | "publisherName" | "trustScore" | "grade" | "trustLabel" | "trustSummary" | "certificationStatus" | "lastScannedAt"
>;

/** Who asked for a scan: a caller of the API, MCP, CLI, site or certification intake, or a job (an import, the schedule, a rescan). */
export type ScanTrigger = "api" | "mcp" | "cli" | "rescan" | "demo" | "certify" | "site" | "import" | "schedule";

export interface ScanRecord {
  id: string;
  serverId: string;
  serverUrl: string;
  status: ScanStatus;
  trigger: ScanTrigger;
  startedAt: Date;
  scannedAt: Date;
  durationMs: number;
  scoringVersion: string;
  trustScore: number | null;
  grade: Grade | null;
  uncappedGrade: Grade | null;
  trustLabel: TrustLabel | null;
  capReason: string | null;
  trustSummary: string | null;
  findingsSummary: string | null;
  factors: FactorBreakdown | null;
  findings: Finding[];
  discovery: Discovery | null;
  network: NetworkEvidence | null;
  /** A package assessment's own evidence (docs/package-assessment.md); null for remote scans and scans recorded before. */
  packageEvidence: PackageEvidenceRecord | null;
  toolHashes: Record<string, string>;
  toolsHash: string | null;
  changes: ToolChanges | null;
  toolCount: number;
  resourceCount: number;
  flagged: boolean;
}

/** True when a server may be shown in public reads. */
export function isListed(server: ServerRecord): server is ListedServerRecord {
  return server.listed && server.url !== null && server.trustScore !== null && server.grade !== null;
}

/**
 * What a scan history line needs: a profile shows 20 of them, so they are
 * read without the scan's evidence (findings, discovery, network).
 */
export type ScanSummary = Pick<
  ScanRecord,
  "id" | "scannedAt" | "status" | "trigger" | "trustScore" | "grade" | "toolCount" | "resourceCount" | "toolsHash" | "changes"
>;
