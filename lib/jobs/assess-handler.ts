import { scanServer, type ScanServerDeps } from "@/lib/core/registry/scan-server";
import { PermanentJobError, type AssessHandler, type AssessPackage } from "./assess-job";

/**
 * The default handler of `assess-server` jobs: a server with a remote URL is
 * scanned (D3) and the scan recorded; a package (`pkg:` identity, D15) goes
 * to the package assessment (D16). Until that is wired in, a package job
 * fails for good with a reason that says so.
 */
export function createAssessHandler(deps: { scanner: ScanServerDeps; assessPackage?: AssessPackage }): AssessHandler {
  return async (job) => {
    if (job.url.startsWith("pkg:")) {
      if (!deps.assessPackage) throw new PermanentJobError("package assessment not available");
      return deps.assessPackage(job.url, job.trigger);
    }
    // A scan records who asked for it from a fixed set (ScanTrigger); every job is a background rescan there.
    const { outcome } = await scanServer(deps.scanner, job.url, "rescan");
    return { status: outcome.status };
  };
}
