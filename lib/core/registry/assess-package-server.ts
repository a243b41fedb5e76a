import { AppError } from "../errors";
import type { PackageAssessment } from "../packages/assess-package";
import { joinPackageAssessment } from "../packages/join-package-assessment";
import { launchFromServerJson, NO_LAUNCH, type PackageLaunch } from "../packages/launch-arguments";
import type { PackageRef } from "../packages/package-evidence";
import type { RegistryContext } from "../scanning/scan-outcome";
import { packageOfPurl, parsePurl } from "./purl";
import { recordScanOutcome } from "./record-scan";
import type { RegistryStore } from "./registry-store";
import type { SubregistryStore } from "./subregistry/subregistry-store";
import type { JoinEvidence } from "./scan-server";
import type { ScanRecord, ScanTrigger, ServerRecord } from "./server-record";

export interface AssessPackageServerDeps {
  store: RegistryStore;
  /** assessNpmPackage with the registry and limits of the configuration. */
  assess: (identity: string, ref: PackageRef, context: RegistryContext, launch: PackageLaunch) => Promise<PackageAssessment>;
  /** The imported registry entries: the server's entry says how to start its package. */
  entries: Pick<SubregistryStore, "findEntry">;
  onRecorded?: (server: ServerRecord) => void;
}

export interface AssessPackageServerResult {
  assessment: PackageAssessment;
  server: ServerRecord;
  scan: ScanRecord;
}

/** The arguments and variables the server's registry entry gives its package; none for a server no import named. */
async function launchOf(deps: AssessPackageServerDeps, server: ServerRecord | null, packageName: string): Promise<PackageLaunch> {
  const entry = server?.registryName ? await deps.entries.findEntry(server.registryName) : null;
  return entry ? launchFromServerJson(entry.serverJson, packageName) : NO_LAUNCH;
}

/**
 * Assesses a package server (docs/package-assessment.md) and records the result like a scan:
 * the job queue (lib/jobs) comes through here for `pkg:` identities. The
 * version is the purl's when it names one, else the package's latest:
 * registry entries' `version` is often the server's rather than the
 * package's, and the recorded distribution says which version was
 * assessed. The package is started with the arguments and variables its
 * registry entry declares. Only npm is assessed so far.
 */
export async function assessPackageServer(deps: AssessPackageServerDeps, identity: string, trigger: ScanTrigger): Promise<AssessPackageServerResult> {
  const purl = parsePurl(identity);
  const named = purl ? packageOfPurl(purl) : null;
  if (!purl || !named) throw new AppError("invalid_url", `${identity.slice(0, 200)} is not a package URL (pkg:npm/..., pkg:pypi/..., pkg:oci/...).`);
  if (named.ecosystem !== "npm") throw new AppError("invalid_url", `Packages from ${named.ecosystem} are not assessed yet; only npm packages are.`);
  const context = await deps.store.getRegistryContext(identity);
  const launch = await launchOf(deps, await deps.store.findServerByUrl(identity), named.name);
  const assessment = await deps.assess(identity, { ecosystem: "npm", name: named.name, version: purl.version }, context, launch);
  const { outcome } = assessment;
  const recorded = await recordScanOutcome(deps.store, outcome, {
    trigger,
    fallbackName: outcome.discovery?.serverInfo?.title || outcome.discovery?.serverInfo?.name || named.name,
    fallbackPublisher: named.name.startsWith("@") ? named.name.slice(1).split("/")[0]! : named.name,
  });
  deps.onRecorded?.(recorded.server);
  return { assessment, ...recorded };
}

/**
 * A remote server with a package (docs/package-assessment.md#a-remote-server-with-a-package):
 * a remote server whose registry entry also names an npm
 * package has the package assessed too, and both make one verdict
 * (join-package-assessment.ts). The package is assessed here, before the
 * remote scan takes its slot, so that a minute of sandbox never holds the
 * scanner's concurrency; its listing is not diffed against the remote's
 * tool history. Resolves to the step that joins it to the remote scan, or
 * undefined when the server names no npm package.
 */
export async function assessPackageOfRemoteServer(deps: AssessPackageServerDeps, url: string): Promise<JoinEvidence | undefined> {
  const server = await deps.store.findServerByUrl(url);
  if (!server?.packageName || server.packageRegistry?.toLowerCase() !== "npm" || parsePurl(url)) return undefined;
  const context = { ...(await deps.store.getRegistryContext(url)), previousToolHashes: null };
  const launch = await launchOf(deps, server, server.packageName);
  const assessment = await deps.assess(url, { ecosystem: "npm", name: server.packageName, version: null }, context, launch);
  return (outcome) => joinPackageAssessment(outcome, assessment);
}
