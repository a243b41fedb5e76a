import { expireDueCertifications } from "@/lib/core/certification/expire-due-certifications";
import { enqueueStaleServers } from "@/lib/core/registry/rescan-servers";
import type { Services } from "@/lib/services/open-services";
import { createAssessHandler } from "./assess-handler";
import type { AssessHandler } from "./assess-job";
import { openJobQueue, type JobQueue, type JobQueueOptions } from "./job-queue";

/** The scheduled task's queue (docs/jobs.md). */
export const RESCAN_SCHEDULE = "rescan-stale";
/** A verdict older than this is due again (the rescan command's default --stale). */
const STALE_AFTER_MS = 24 * 3_600_000;

export interface JobRunnerOptions {
  concurrency: number;
  /** The rescan schedule (RESCAN_CRON); "off" removes it. */
  cron: string;
  instanceName: string;
  /** The default scans or assesses the server (createAssessHandler); tests put their own. */
  handler?: AssessHandler;
  queue?: Pick<JobQueueOptions, "retry" | "pollingIntervalSeconds">;
}

/**
 * The registry's periodic task: queues an assessment of every server that
 * is unscanned or stale, and expires certifications past their 365 days.
 */
function rescanStale(services: Services, queue: JobQueue): () => Promise<Record<string, unknown>> {
  return async () => {
    const { due, enqueued } = await enqueueStaleServers({ store: services.store, queue }, { staleBefore: new Date(Date.now() - STALE_AFTER_MS), trigger: "schedule" });
    const expiredCertifications = await expireDueCertifications(services.certification.store);
    return { due, enqueued, expiredCertifications };
  };
}

/**
 * Works the job queue in this process on its services: `assess-server`
 * jobs, `concurrency` at a time, and the rescan schedule. The app runs one
 * (lib/jobs/in-process-jobs.ts), and so do `npm run worker` and
 * `npm run rescan -- --wait`. Stop it before closing the services.
 */
export async function startJobRunner(services: Services, options: JobRunnerOptions): Promise<JobQueue> {
  const queue = await openJobQueue(services.database, services.config.DATABASE_URL, {
    background: true,
    instanceName: options.instanceName,
    ...options.queue,
  });
  await startWorking(queue, services, options).catch(async (error: unknown) => {
    await queue.stop(0);
    throw error;
  });
  return queue;
}

/** Starts the workers and the schedule on a queue opened with `background` (for a run that enqueues before it works). */
export async function startWorking(queue: JobQueue, services: Services, options: Omit<JobRunnerOptions, "instanceName" | "queue">): Promise<void> {
  await queue.work(options.handler ?? createAssessHandler(services), {
    concurrency: options.concurrency,
  });
  await queue.schedule(RESCAN_SCHEDULE, options.cron, rescanStale(services, queue));
}
