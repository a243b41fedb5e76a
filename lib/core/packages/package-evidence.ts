import type { Finding } from "../findings";
import type { Discovery } from "../scanning/scan-outcome";

/**
 * The contract between the parts of a package assessment
 * (docs/package-assessment.md): fetch (npm/fetch-package.ts), static reading
 * (npm/read-package.ts), the sandboxed run (sandbox/run-in-sandbox.ts) and
 * the orchestration that scores them (assess-package.ts). PyPI and OCI add a
 * fetcher and a reader of their own and produce the same shapes.
 */

type PackageEcosystem = "npm" | "pypi" | "oci";

/** A package as the registry names it: ecosystem, plain name and the version asked for (null: the latest). */
export interface PackageRef {
  ecosystem: PackageEcosystem;
  name: string;
  version: string | null;
}

/** How the package reached us: what the transport-security factor of a package is judged on. */
export interface DistributionEvidence {
  registryUrl: string;
  /** The registry was reached over https. */
  registryTls: boolean;
  resolvedVersion: string;
  tarballUrl: string;
  /** The integrity string the registry published (sha512 SRI), and whether the tarball matched it. */
  integrity: string | null;
  integrityVerified: boolean;
  tarballBytes: number;
  unpackedBytes: number;
  fileCount: number;
  /** Publish time of the resolved version (ISO), and of the package's first version. */
  publishedAt: string | null;
  firstPublishedAt: string | null;
  maintainers: string[];
  license: string | null;
  declaredRepository: string | null;
  /** npm provenance: null when the registry has no attestation for this version. */
  provenance: { sourceRepository: string | null; matchesDeclared: boolean } | null;
}

/** What was read without running anything; every item names file and line where it has one. */
export interface StaticEvidence {
  installScripts: { script: "preinstall" | "install" | "postinstall" | "prepare"; command: string }[];
  dependenciesWithInstallScripts: string[];
  nativeBinaries: string[];
  obfuscatedFiles: { file: string; reason: string }[];
  networkEndpoints: { file: string; line: number; value: string }[];
  processAndEvalUse: { file: string; line: number; kind: "child_process" | "eval" | "Function" | "vm"; excerpt: string }[];
  credentialPathReads: { file: string; line: number; path: string }[];
  /** Environment variables the code or the registry entry says the server needs. */
  declaredEnvironment: string[];
}

/** What the sandbox saw the server try and refused it. */
export interface SandboxObservations {
  refusedConnections: { host: string; port: number | null }[];
  refusedWrites: string[];
  spawnedProcesses: number;
  /** Why the run ended early, when it did (deadline, memory, process limit, exit). */
  stopReason: string | null;
  peakMemoryBytes: number | null;
  /** The most tasks (processes and threads, as the kernel's process limit counts them) seen at once in the sandbox, and that limit: a fork bomb reaches it. */
  peakProcesses: number;
  processLimit: number;
}

export interface SandboxRunResult {
  /** The same discovery as a remote scan (transport "stdio"), or null when no MCP handshake happened. */
  discovery: Discovery | null;
  failure: string | null;
  observations: SandboxObservations;
  /** The server asked for network or credentials before it could list its tools (makes the scan `partial`). */
  neededNetworkOrCredentials: boolean;
  stderrTail: string;
}

/** The parts a package assessment hands to scoring. */
export interface PackageAssessmentEvidence {
  ref: PackageRef;
  distribution: DistributionEvidence | null;
  staticEvidence: StaticEvidence | null;
  sandbox: SandboxRunResult | null;
  /** Findings the fetch and the static reading made (file:line locations). */
  findings: Finding[];
  /** Why the assessment could not fetch or read the package, when it could not. */
  failure: string | null;
}
