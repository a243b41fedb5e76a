/**
 * `npm run rescan [-- --stale 24h] [--wait [--concurrency 4]]`: queues an
 * assessment job (docs/jobs.md) for every imported server that has never
 * been scanned and every server whose verdict is older than --stale; with
 * --wait, works the queue here too and follows the jobs until they finish.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { config } from "@/lib/config";
import { expireDueCertifications } from "@/lib/core/certification/expire-due-certifications";
import { enqueueStaleServers } from "@/lib/core/registry/rescan-servers";
import { createScanCoordinator } from "@/lib/core/scanning/scan-coordinator";
import { formatBatchProgress } from "@/lib/jobs/batch-progress";
import type { JobQueue } from "@/lib/jobs/job-queue";
import type { Services } from "@/lib/services/open-services";
import { openCliServices } from "./lib/open-cli-services";
import { progressLine } from "./lib/progress";
import { MAX_JOB_CONCURRENCY, parseConcurrency, runCli, UsageError } from "./lib/run-cli";

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };
const POLL_MS = 1_000;

function parseDuration(text: string): number {
  const match = /^(\d+)([mhd])$/.exec(text);
  if (!match) throw new UsageError(`--stale takes a duration such as 30m, 24h or 7d, not "${text}".`);
  return Number(match[1]) * UNITS[match[2]];
}


/** With --wait this process works the queue too: on the embedded database nothing else can. */
async function startWorkers(services: Services, queue: JobQueue, concurrency: number): Promise<void> {
  const { startWorking } = await import("@/lib/jobs/job-runner");
  // The run's own cap: its jobs are the only scans of this process.
  const scanner = { ...services.scanner, coordinator: createScanCoordinator({ maxConcurrent: concurrency, deadlineMs: services.config.SCAN_DEADLINE_MS }) };
  await startWorking(queue, { ...services, scanner }, { concurrency, cron: services.config.RESCAN_CRON });
}

/** Follows the batch until every job of it has finished for good. */
async function follow(queue: JobQueue, batch: string): Promise<void> {
  const progress = progressLine();
  for (;;) {
    const p = await queue.batchProgress(batch);
    progress.update(formatBatchProgress(p, { bar: Boolean(process.stdout.isTTY) }));
    if (p.done >= p.total) break;
    await sleep(POLL_MS);
  }
  progress.done();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { stale: { type: "string", default: "24h" }, concurrency: { type: "string", default: "4" }, wait: { type: "boolean", default: false } },
  });
  const staleMs = parseDuration(values.stale!);
  const concurrency = parseConcurrency(values.concurrency!);
  const services = await openCliServices(config());
  try {
    // Loaded here, not at the top: pg-boss takes a while to load, which --help and a usage error need not wait for.
    const { openJobQueue } = await import("@/lib/jobs/job-queue");
    const queue = await openJobQueue(services.database, services.config.DATABASE_URL, { background: values.wait!, instanceName: "rescan" });
    try {
      const batch = randomUUID();
      const { due, enqueued } = await enqueueStaleServers(
        { store: services.store, queue },
        { staleBefore: new Date(Date.now() - staleMs), trigger: "rescan", batch },
      );
      // The rescan is the registry's periodic task: certifications past their 365 days end here too.
      const expired = await expireDueCertifications(services.certification.store);
      if (expired > 0) console.log(`Expired ${expired} certification${expired === 1 ? "" : "s"}.`);
      if (due === 0) {
        console.log("Nothing to scan: every server has a fresh verdict.");
        return;
      }
      const already = due - enqueued;
      // With --wait, a server's waiting job joins this run (JobQueue.enqueue): only a running one is left out.
      console.log(`Queued ${enqueued} of ${due} servers due for assessment${already > 0 ? ` (${already} already ${values.wait ? "running" : "queued or running"})` : ""}.`);
      if (values.wait) {
        // After the enqueue, so that jobs waiting from before join this run's batch rather than start first.
        await startWorkers(services, queue, concurrency);
        await follow(queue, batch);
      } else {
        console.log(
          services.database.kind === "pglite"
            ? "The app assesses them while it runs (npm start); npm run rescan -- --wait assesses them now."
            : "Workers assess them (the app, or npm run worker); npm run rescan -- --wait also works them here and follows them.",
        );
      }
    } finally {
      await queue.stop(services.config.SHUTDOWN_GRACE_MS);
    }
  } finally {
    await services.close();
  }
}

runCli(
  {
    usage: ["npm run rescan [-- --stale DURATION] [--wait [--concurrency N]]"],
    description:
      "Queues an assessment job for every server that was imported but never scanned, and every server whose last verdict is " +
      "older than --stale (at most one job per server: one already queued or running is left alone), then expires " +
      "certifications past their 365 days. Workers assess the servers: the app itself, or npm run worker on PostgreSQL " +
      "(docs/jobs.md); the app also queues stale servers on its own schedule (RESCAN_CRON). With --wait this command " +
      "works the queue too and shows progress until its jobs finish, which is how to rescan now on the embedded database. " +
      "On the embedded database it cannot run beside the app (docs/operations.md).",
    options: [
      ["--stale DURATION", "rescan verdicts older than this: 30m, 24h, 7d (default 24h)"],
      ["--wait", "work the queue in this process and wait until the queued jobs finish, with progress"],
      ["--concurrency N", `with --wait, jobs worked at once, 1 to ${MAX_JOB_CONCURRENCY} (default 4)`],
      ["-h, --help", "print this help and exit"],
    ],
    examples: ["npm run rescan", "npm run rescan -- --stale 7d --wait --concurrency 8"],
  },
  main,
);
