/**
 * `npm run rescan [-- --stale 24h --concurrency 4]`: scans imported servers
 * that have never been scanned and those whose verdict is older than --stale.
 */
import { parseArgs } from "node:util";
import { config } from "@/lib/config";
import { rescanServers } from "@/lib/core/registry/rescan-servers";
import { createScanCoordinator } from "@/lib/core/scanning/scan-coordinator";
import { expireDueCertifications } from "@/lib/core/certification/expire-due-certifications";
import { openCliServices } from "./lib/open-cli-services";
import { progressLine } from "./lib/progress";
import { runCli, UsageError } from "./lib/run-cli";

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };
const MAX_CONCURRENCY = 32;

function parseDuration(text: string): number {
  const match = /^(\d+)([mhd])$/.exec(text);
  if (!match) throw new UsageError(`--stale takes a duration such as 30m, 24h or 7d, not "${text}".`);
  return Number(match[1]) * UNITS[match[2]];
}

function parseConcurrency(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > MAX_CONCURRENCY) {
    throw new UsageError(`--concurrency takes a whole number from 1 to ${MAX_CONCURRENCY}, not "${text}".`);
  }
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { stale: { type: "string", default: "24h" }, concurrency: { type: "string", default: "4" } } });
  const staleMs = parseDuration(values.stale!);
  const concurrency = parseConcurrency(values.concurrency!);
  const services = await openCliServices(config());
  try {
    const deps = {
      ...services.scanner,
      // The CLI's own cap: this run is the only scanner of this process.
      coordinator: createScanCoordinator({ maxConcurrent: concurrency, deadlineMs: services.config.SCAN_DEADLINE_MS }),
    };
    const progress = progressLine();
    const result = await rescanServers(deps, {
      staleBefore: new Date(Date.now() - staleMs),
      concurrency,
      onProgress: (p) =>
        progress.update(`[${p.done}/${p.total}] completed ${p.completed}, partial ${p.partial}, unreachable ${p.unreachable}, refused ${p.refused}`),
    });
    progress.done();
    // The rescan job is the registry's periodic task: certifications past their 365 days end here too.
    const expired = await expireDueCertifications(services.certification.store);
    if (expired > 0) console.log(`Expired ${expired} certification${expired === 1 ? "" : "s"}.`);
    console.log(result.total === 0 ? "Nothing to scan: every server has a fresh verdict." : `Rescanned ${result.total} servers.`);
  } finally {
    await services.close();
  }
}

runCli(
  {
    usage: ["npm run rescan [-- --stale DURATION] [--concurrency N]"],
    description:
      "Scans the servers that were imported but never scanned, and those whose last verdict is older than --stale, " +
      "then expires certifications past their 365 days. The registry's periodic job: run it from cron. " +
      "On the embedded database it cannot run beside the app (docs/operations.md).",
    options: [
      ["--stale DURATION", "rescan verdicts older than this: 30m, 24h, 7d (default 24h)"],
      ["--concurrency N", `scans in flight at once, 1 to ${MAX_CONCURRENCY} (default 4)`],
      ["-h, --help", "print this help and exit"],
    ],
    examples: ["npm run rescan", "npm run rescan -- --stale 7d --concurrency 8"],
  },
  main,
);
