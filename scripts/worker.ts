/**
 * `npm run worker [-- --concurrency N]`: works the registry's assessment
 * jobs (docs/jobs.md) in a process of its own, on PostgreSQL, beside the
 * app or on another machine. Stops gracefully on SIGTERM or SIGINT.
 */
import { parseArgs } from "node:util";
import { config } from "@/lib/config";
import { logger } from "@/lib/log";
import { openCliServices } from "./lib/open-cli-services";
import { CliError, MAX_JOB_CONCURRENCY, parseConcurrency, runCli } from "./lib/run-cli";



async function main(): Promise<number> {
  const { values } = parseArgs({ options: { concurrency: { type: "string" } } });
  const settings = config();
  const concurrency = values.concurrency === undefined ? settings.JOB_CONCURRENCY : parseConcurrency(values.concurrency);
  if (!settings.DATABASE_URL) {
    throw new CliError(
      "npm run worker needs PostgreSQL (DATABASE_URL): no second process can open the embedded database, and the app works its jobs itself.",
    );
  }
  const services = await openCliServices(settings);
  // Loaded here, not at the top: pg-boss takes a while to load, which --help and a usage error need not wait for.
  const { startJobRunner } = await import("@/lib/jobs/job-runner");
  const { createScanCoordinator } = await import("@/lib/core/scanning/scan-coordinator");
  // This process's own cap: its jobs are the only scans it runs.
  const scanner = { ...services.scanner, coordinator: createScanCoordinator({ maxConcurrent: concurrency, deadlineMs: settings.SCAN_DEADLINE_MS }) };
  const runner = await startJobRunner({ ...services, scanner }, { concurrency, cron: settings.RESCAN_CRON, instanceName: "worker" }).catch(
    async (error: unknown) => {
      await services.close();
      throw error;
    },
  );
  const log = logger();
  log.info({ concurrency }, "worker started");
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once("SIGTERM", resolve);
    process.once("SIGINT", resolve);
  });
  log.info({ signal, graceMs: settings.SHUTDOWN_GRACE_MS }, "worker stopping: no new jobs, finishing running ones");
  // Jobs still running after the grace are failed and so retried later, by this worker's successors.
  await runner.stop(settings.SHUTDOWN_GRACE_MS);
  await services.close();
  log.info("worker stopped");
  log.flush();
  // Exit now rather than when the last idle handle lets go.
  return 0;
}

runCli(
  {
    usage: ["npm run worker [-- --concurrency N]"],
    description:
      "Works the registry's assessment jobs (scans of imported, stale and rescheduled servers) and its rescan schedule, " +
      "in a process of its own: run as many as you like, on this machine or others, against the same PostgreSQL. " +
      "Needs DATABASE_URL: on the embedded database the app works the jobs itself. SIGTERM or SIGINT stops it gracefully: " +
      "running jobs get SHUTDOWN_GRACE_MS to finish, and what is left is retried later. One log line per job (docs/jobs.md).",
    options: [
      ["--concurrency N", `jobs worked at once, 1 to ${MAX_JOB_CONCURRENCY} (default JOB_CONCURRENCY, 1)`],
      ["-h, --help", "print this help and exit"],
    ],
    examples: ["DATABASE_URL=postgres://postgres@127.0.0.1:5432/registry npm run worker", "npm run worker -- --concurrency 4"],
  },
  main,
);
