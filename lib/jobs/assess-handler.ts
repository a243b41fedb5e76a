import { scanServer, type ScanServerDeps } from "@/lib/core/registry/scan-server";
import type { AssessHandler, AssessPackage, AssessPackageOfRemote } from "./assess-job";

/**
 * The handler of `assess-server` jobs: a server with a remote URL is
 * scanned and the scan recorded; a package (a `pkg:` identity,
 * docs/identity.md) goes to the package assessment
 * (docs/package-assessment.md). A remote server that also names an npm
 * package has the package assessed first and joined to its scan. Either
 * records the job's trigger (import, schedule, rescan) as the scan's.
 */
export interface AssessHandlerDeps {
  scanner: ScanServerDeps;
  assessPackage: AssessPackage;
  assessPackageOfRemote: AssessPackageOfRemote;
}

export function createAssessHandler(deps: AssessHandlerDeps): AssessHandler {
  return async (job) => {
    if (job.url.startsWith("pkg:")) return deps.assessPackage(job.url, job.trigger);
    const joinPackage = await deps.assessPackageOfRemote(job.url);
    const { outcome } = await scanServer(deps.scanner, job.url, job.trigger, joinPackage);
    return { status: outcome.status };
  };
}
