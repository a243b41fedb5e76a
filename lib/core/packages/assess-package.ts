import { chmod, readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { Finding } from "../findings";
import { assessPackageScan, SCORING_VERSION } from "../scoring/assess-scan";
import type { RegistryContext, ScanOutcome, ScanStatus } from "../scanning/scan-outcome";
import { fetchNpmPackage, NpmFetchError, type FetchNpmOptions } from "./npm/fetch-package";
import { NO_LAUNCH, type PackageLaunch } from "./launch-arguments";
import { installNpmDependencies, type InstallOptions } from "./npm/install-dependencies";
import { packageFinding } from "./npm/package-rules";
import { readNpmPackage } from "./npm/read-package";
import type { PackageAssessmentEvidence, PackageRef, SandboxRunResult } from "./package-evidence";
import type { SandboxResourceLimits } from "./sandbox/bubblewrap";
import { resolveEntryCommand, runInSandbox, SANDBOX_DID_NOT_START } from "./sandbox/run-in-sandbox";
import { distributionTransportFindings, sandboxFindings } from "./sandbox-findings";

/**
 * One package assessment (docs/package-assessment.md), start to
 * finish: fetch and verify, install dependencies with scripts off, read the
 * code, run the server in the sandbox and list what it offers, then the same
 * rules and factors as a remote scan. Never throws for anything the package
 * does (the outcome says what happened); throws when our side fails (the
 * sandbox cannot start), so that no verdict is recorded.
 */

export interface PackageAssessmentOptions {
  registryUrl: string;
  fetch?: Omit<FetchNpmOptions, "registryUrl">;
  install?: Omit<InstallOptions, "registryUrl">;
  sandbox?: Partial<SandboxResourceLimits>;
  now?: () => Date;
}

export interface PackageAssessment {
  outcome: ScanOutcome;
  evidence: PackageAssessmentEvidence;
}

/**
 * The sandbox runs the server as an unprivileged user (sandbox/bubblewrap.ts),
 * so the unpacked package must be readable by everyone; fetch made it private.
 * Nothing is made writable.
 */
async function openToSandbox(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await openToSandbox(full);
    // Executables stay executable: packages ship prebuilt binaries they spawn (platform packages of a CLI, say).
    else if (entry.isFile()) await chmod(full, (await stat(full)).mode & 0o111 ? 0o755 : 0o644);
  }
}

/**
 * completed: tools listed; partial: the package was read but its listing is
 * incomplete or missing (it needs network or credentials, failed to start, or
 * the fetch refused it for a reason that is itself a verdict, such as an
 * integrity mismatch); unreachable: nothing of the package could be read.
 */
function statusOf(sandbox: SandboxRunResult | null, read: boolean): ScanStatus {
  if (sandbox?.discovery) return sandbox.discovery.listingProblems.length > 0 || sandbox.neededNetworkOrCredentials ? "partial" : "completed";
  return read ? "partial" : "unreachable";
}

export async function assessNpmPackage(
  identity: string,
  ref: PackageRef,
  context: RegistryContext,
  options: PackageAssessmentOptions,
  launch: PackageLaunch = NO_LAUNCH,
): Promise<PackageAssessment> {
  const now = options.now ?? (() => new Date());
  const startedAt = now();
  const started = performance.now();
  const evidence: PackageAssessmentEvidence = { ref, distribution: null, staticEvidence: null, sandbox: null, findings: [], failure: null };

  const finish = (status: ScanStatus): PackageAssessment => {
    const assessed = assessPackageScan({
      discovery: evidence.sandbox?.discovery ?? null,
      status,
      context,
      distribution: evidence.distribution,
      packageFindings: evidence.findings,
      failure: evidence.failure,
    });
    const outcome: ScanOutcome = {
      serverUrl: identity,
      status,
      startedAt,
      durationMs: Math.round(performance.now() - started),
      scoringVersion: SCORING_VERSION,
      discovery: evidence.sandbox?.discovery ?? null,
      network: null,
      findings: assessed.findings,
      score: status === "unreachable" ? null : assessed.score,
      toolHashes: assessed.toolHashes,
      toolsHash: assessed.toolsHash,
      changes: assessed.changes,
      packageEvidence: {
        distribution: evidence.distribution,
        staticEvidence: evidence.staticEvidence,
        sandbox: evidence.sandbox && { ...evidence.sandbox.observations, neededNetworkOrCredentials: evidence.sandbox.neededNetworkOrCredentials, failure: evidence.sandbox.failure, stderrTail: evidence.sandbox.stderrTail },
        failure: evidence.failure,
      },
    };
    return { outcome, evidence };
  };

  let fetched;
  try {
    fetched = await fetchNpmPackage(ref, { ...options.fetch, registryUrl: options.registryUrl });
  } catch (error) {
    if (!(error instanceof NpmFetchError)) throw error;
    evidence.failure = error.reason;
    evidence.distribution = error.distribution;
    evidence.findings.push(...error.findings);
    // A refusal with findings (integrity mismatch, a path-traversal tarball) is a verdict on the package; otherwise nothing was seen.
    return finish(error.findings.length > 0 ? "partial" : "unreachable");
  }

  try {
    evidence.distribution = fetched.distribution;
    const findings: Finding[] = [...fetched.findings, ...distributionTransportFindings(fetched.distribution)];
    const installed = await installNpmDependencies(fetched.dir, fetched.manifest, { ...options.install, registryUrl: options.registryUrl });
    findings.push(...installed.findings);
    if (!installed.ok) {
      findings.push(packageFinding("PKG-INSTALL-FAILED", "info", "package.json:dependencies", `Dependencies were not installed: ${installed.failure ?? "unknown reason"}.`, installed.failure ?? ""));
    }
    const reading = await readNpmPackage(fetched.dir, fetched.manifest);
    evidence.staticEvidence = reading.staticEvidence;
    findings.push(...reading.findings);

    const command = resolveEntryCommand(fetched.manifest);
    if (!command) {
      findings.push(packageFinding("PKG-NO-ENTRY-POINT", "low", "package.json:bin", "package.json names no bin or main file to start the server with.", "bin: (none); main: (none)"));
    } else {
      await openToSandbox(fetched.tempDir);
      evidence.sandbox = await runInSandbox({
        packageDir: fetched.dir,
        command: [...command, ...launch.arguments],
        declaredEnvironment: reading.staticEvidence.declaredEnvironment,
        entryEnvironment: launch.environment,
        limits: options.sandbox,
      });
      // Our sandbox failing (bubblewrap missing, a mount refused) says nothing about the package: no verdict, the job retries.
      if (evidence.sandbox.failure?.startsWith(SANDBOX_DID_NOT_START)) throw new Error(`package assessment: ${evidence.sandbox.failure}`);
      findings.push(...sandboxFindings(evidence.sandbox));
    }
    evidence.findings.push(...findings);
    return finish(statusOf(evidence.sandbox, true));
  } finally {
    await fetched.cleanup();
  }
}
