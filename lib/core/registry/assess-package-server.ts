import { AppError } from "../errors";
import type { PackageAssessment } from "../packages/assess-package";
import type { PackageRef } from "../packages/package-evidence";
import type { RegistryContext } from "../scanning/scan-outcome";
import { packageOfPurl, parsePurl } from "./purl";
import type { RegistryStore } from "./registry-store";
import type { ScanRecord, ScanTrigger, ServerRecord } from "./server-record";

export interface AssessPackageServerDeps {
  store: RegistryStore;
  /** assessNpmPackage with the registry and limits of the configuration. */
  assess: (identity: string, ref: PackageRef, context: RegistryContext) => Promise<PackageAssessment>;
  onRecorded?: (server: ServerRecord) => void;
}

export interface AssessPackageServerResult {
  assessment: PackageAssessment;
  server: ServerRecord;
  scan: ScanRecord;
}

/**
 * Assesses a package server (D15, D16) and records the result like a scan:
 * the job queue (lib/jobs) comes through here for `pkg:` identities. The
 * version is the purl's when it names one, else the package's latest:
 * registry entries' `version` is often the server's rather than the
 * package's, and the recorded distribution says which version was
 * assessed. Only npm is assessed so far.
 */
export async function assessPackageServer(deps: AssessPackageServerDeps, identity: string, trigger: ScanTrigger): Promise<AssessPackageServerResult> {
  const purl = parsePurl(identity);
  const named = purl ? packageOfPurl(purl) : null;
  if (!purl || !named) throw new AppError("invalid_url", `${identity.slice(0, 200)} is not a package URL (pkg:npm/..., pkg:pypi/..., pkg:oci/...).`);
  if (named.ecosystem !== "npm") throw new AppError("invalid_url", `Packages from ${named.ecosystem} are not assessed yet; only npm packages are.`);
  const context = await deps.store.getRegistryContext(identity);
  const assessment = await deps.assess(identity, { ecosystem: "npm", name: named.name, version: purl.version }, context);
  const { outcome } = assessment;
  const recorded = await deps.store.recordScan(outcome, {
    trigger,
    fallbackName: outcome.discovery?.serverInfo?.title || outcome.discovery?.serverInfo?.name || named.name,
    fallbackPublisher: named.name.startsWith("@") ? named.name.slice(1).split("/")[0]! : named.name,
  });
  deps.onRecorded?.(recorded.server);
  return { assessment, ...recorded };
}
