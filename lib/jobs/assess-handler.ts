import { scanServer, type ScanServerDeps } from "@/lib/core/registry/scan-server";
import type { AssessHandler, AssessPackage } from "./assess-job";

/**
 * The handler of `assess-server` jobs: a server with a remote URL is
 * scanned and the scan recorded; a package (a `pkg:` identity,
 * docs/identity.md) goes to the package assessment
 * (docs/package-assessment.md). Either records the job's trigger (import,
 * schedule, rescan) as the scan's.
 */
export function createAssessHandler(deps: { scanner: ScanServerDeps; assessPackage: AssessPackage }): AssessHandler {
  return async (job) => {
    if (job.url.startsWith("pkg:")) return deps.assessPackage(job.url, job.trigger);
    const { outcome } = await scanServer(deps.scanner, job.url, job.trigger);
    return { status: outcome.status };
  };
}
