import { PgBoss, fromPglite, type ConstructorOptions, type JobResult, type PGliteLike } from "pg-boss";
import type { DatabaseHandle } from "@/db/client";
import type { AssessmentQueue } from "@/lib/core/registry/rescan-servers";
import { logError, logger } from "@/lib/log";
import { ASSESS_QUEUE, ASSESS_RETRY, failureOutput, isRetryable, type AssessHandler, type AssessJobData, type RetryPolicy } from "./assess-job";
import { summarizeBatch, type BatchProgress, type BatchJob } from "./batch-progress";

/**
 * The registry's job queue: pg-boss, on PostgreSQL or on the embedded
 * database alike. On PostgreSQL pg-boss has a small pool of its own; on
 * PGlite it runs over the one connection the app already holds (pg-boss's
 * PGlite adapter: PGlite is full PostgreSQL, SKIP LOCKED and advisory locks
 * included, and serialises statements), so there is one queue
 * implementation and the jobs survive a restart either way.
 */
export interface JobQueue extends AssessmentQueue {
  /** Works `assess-server` jobs here, `concurrency` at a time; one log line per attempt. */
  work(handler: AssessHandler, options: { concurrency: number }): Promise<void>;
  /** Runs `task` on a cron schedule (UTC), at most one run at a time across every process; "off" removes the schedule. */
  schedule(name: string, cron: string, task: () => Promise<Record<string, unknown>>): Promise<void>;
  /** Where the jobs of one batch (AssessRequest.batch) stand. */
  batchProgress(batch: string): Promise<BatchProgress>;
  /**
   * Stops fetching, gives running jobs up to `graceMs` to finish, then fails
   * what is left (it runs again later: a failed attempt is retried).
   */
  stop(graceMs: number): Promise<void>;
  /** For tests: the pg-boss instance. */
  readonly boss: PgBoss;
}

export interface JobQueueOptions {
  /** Run pg-boss's cron pass and maintenance in this process: processes that work jobs do, commands that only enqueue do not. */
  background: boolean;
  /** Name in pg-boss's instance registry: app, worker, rescan, import. */
  instanceName: string;
  /** Tests shorten the retry delays. */
  retry?: Partial<RetryPolicy>;
  /** Seconds between fetches of an idle worker; pg-boss's default is 2. */
  pollingIntervalSeconds?: number;
}

const ENQUEUE_CHUNK = 1000;
// pg-boss's own pool on PostgreSQL: its polling, settling and maintenance; the jobs' work uses the app's pool.
const POOL_SIZE = 4;

/** The PGlite instance under a drizzle handle: drizzle keeps its client as `$client`. */
function pgliteOf(database: DatabaseHandle): PGliteLike {
  return (database.db as unknown as { $client: PGliteLike }).$client;
}

function bossOptions(database: DatabaseHandle, databaseUrl: string | undefined, options: JobQueueOptions): ConstructorOptions {
  const common = { schedule: options.background, supervise: options.background, migrate: true, instanceName: options.instanceName };
  if (database.kind === "postgres") {
    if (!databaseUrl) throw new Error("a PostgreSQL job queue needs its DATABASE_URL");
    return { ...common, connectionString: databaseUrl, max: POOL_SIZE, application_name: "mcp-trust-registry (jobs)" };
  }
  // PGlite has no autovacuum to watch and no second session for REINDEX CONCURRENTLY.
  return { ...common, db: fromPglite(pgliteOf(database)), backend: "pglite", monitorVacuum: false, reindex: false };
}

/** The host and path of a job's URL for the log: a query string may carry a token. */
function logTarget(url: string): string {
  if (url.startsWith("pkg:")) return url;
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return "(not a URL)";
  }
}

/** Starts pg-boss on the database (installing or migrating its schema, `pgboss`) and makes sure the queue exists. */
export async function openJobQueue(database: DatabaseHandle, databaseUrl: string | undefined, options: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss(bossOptions(database, databaseUrl, options));
  boss.on("error", (error) => logError("jobs", error));
  boss.on("warning", (warning) => logger().warn({ scope: "jobs", warning: warning.data }, `jobs: ${warning.message}`));
  await boss.start();
  const retry = { ...ASSESS_RETRY, ...options.retry };
  // "exclusive": one job per singleton key (the server id) queued or running, whatever the number of workers.
  await boss.createQueue(ASSESS_QUEUE, { policy: "exclusive", ...retry });
  // createQueue leaves an existing queue as it is; its retry settings follow this code's.
  await boss.updateQueue(ASSESS_QUEUE, retry);
  const polling = options.pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds: options.pollingIntervalSeconds };

  return {
    boss,
    async enqueue(requests) {
      let held = 0;
      const fresh: AssessJobData[] = [];
      for (const request of requests) {
        // A run that follows its batch follows a server's waiting job too: the job takes the batch (one statement per server).
        if (request.batch && (await boss.update(ASSESS_QUEUE, request, { singletonKey: request.serverId })).updated > 0) held += 1;
        else fresh.push(request);
      }
      for (let i = 0; i < fresh.length; i += ENQUEUE_CHUNK) {
        const jobs = fresh.slice(i, i + ENQUEUE_CHUNK).map((data) => ({ data, singletonKey: data.serverId }));
        // A server that already has a job is skipped (ON CONFLICT DO NOTHING): only new jobs come back.
        held += (await boss.insert(ASSESS_QUEUE, jobs, { returnId: true }))?.length ?? 0;
      }
      return held;
    },

    async work(handler, { concurrency }) {
      await boss.work<AssessJobData>(
        ASSESS_QUEUE,
        { localConcurrency: concurrency, batchSize: 1, perJobResults: true, ...polling },
        async ([job]): Promise<JobResult[]> => {
          const started = performance.now();
          const line = { queue: ASSESS_QUEUE, jobId: job.id, serverId: job.data.serverId, target: logTarget(job.data.url), trigger: job.data.trigger, attempt: job.retryCount + 1 };
          const durationMs = () => Math.round(performance.now() - started);
          try {
            const result = await handler(job.data);
            logger().info({ ...line, status: result.status, durationMs: durationMs() }, "job completed");
            return [{ id: job.id, status: "completed", output: result }];
          } catch (error) {
            const output = failureOutput(error);
            // "deadletter" fails the job without its remaining retries (the queue has no dead-letter queue to route it to).
            const retryable = isRetryable(error);
            const willRetry = retryable && job.retryCount < retry.retryLimit;
            logger().warn({ ...line, ...output, willRetry, durationMs: durationMs() }, "job failed");
            return [{ id: job.id, status: retryable ? "failed" : "deadletter", output }];
          }
        },
      );
    },

    async schedule(name, cron, task) {
      await boss.createQueue(name, { policy: "exclusive", retryLimit: 1, expireInSeconds: 600 });
      if (cron === "off") {
        await boss.unschedule(name);
        return;
      }
      await boss.schedule(name, cron);
      await boss.work(name, { ...polling }, async ([job]) => {
        try {
          const result = await task();
          logger().info({ queue: name, jobId: job.id, ...result }, "job completed");
          return result;
        } catch (error) {
          logger().warn({ queue: name, jobId: job.id, ...failureOutput(error) }, "job failed");
          throw error;
        }
      });
    },

    async batchProgress(batch) {
      const jobs = await boss.findJobs<AssessJobData>(ASSESS_QUEUE, { data: { batch }, limit: 100_000 });
      return summarizeBatch(jobs as BatchJob[]);
    },

    stop: (graceMs) => boss.stop({ graceful: true, timeout: graceMs }),
  };
}
