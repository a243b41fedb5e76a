/**
 * `npm run rescan [-- --stale 24h --concurrency 4]`: scans imported servers
 * that have never been scanned and those whose verdict is older than --stale.
 */
import { parseArgs } from "node:util";
import { config } from "@/lib/config";
import { rescanServers } from "@/lib/core/registry/rescan-servers";
import { createScanCoordinator } from "@/lib/core/scanning/scan-coordinator";
import { openServices } from "@/lib/services/open-services";
import { expireDueCertifications } from "@/lib/core/certification/expire-due-certifications";
import { runCli } from "./lib/run-cli";
import { AppError } from "@/lib/core/errors";

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

function parseDuration(text: string): number {
  const match = /^(\d+)([mhd])$/.exec(text);
  if (!match) throw new AppError("bad_request", `--stale takes a duration such as 30m, 24h or 7d (got ${text})`);
  return Number(match[1]) * UNITS[match[2]];
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { stale: { type: "string", default: "24h" }, concurrency: { type: "string", default: "4" } } });
  const staleMs = parseDuration(values.stale!);
  const concurrency = Math.min(32, Math.max(1, Number(values.concurrency) || 4));
  const services = await openServices(config());
  try {
    const deps = {
      ...services.scanner,
      // The CLI's own cap: this run is the only scanner of this process.
      coordinator: createScanCoordinator({ maxConcurrent: concurrency, deadlineMs: services.config.SCAN_DEADLINE_MS }),
    };
    const result = await rescanServers(deps, {
      staleBefore: new Date(Date.now() - staleMs),
      concurrency,
      onProgress: (p) =>
        process.stdout.write(
          `\r[${p.done}/${p.total}] completed ${p.completed}, partial ${p.partial}, unreachable ${p.unreachable}, refused ${p.refused}   `,
        ),
    });
    process.stdout.write("\n");
    // The rescan job is the registry's periodic task: certifications past their 365 days end here too.
    const expired = await expireDueCertifications(services.certification.store);
    if (expired > 0) console.log(`Expired ${expired} certification${expired === 1 ? "" : "s"}.`);
    console.log(result.total === 0 ? "Nothing to scan: every server has a fresh verdict." : `Rescanned ${result.total} servers.`);
  } finally {
    await services.close();
  }
}

runCli(main);
