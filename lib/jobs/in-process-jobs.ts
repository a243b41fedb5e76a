import type { AppConfig } from "@/lib/config";
import { shareResult } from "@/lib/core/shared-result";
import { logError } from "@/lib/log";
import { openServices } from "@/lib/services/open-services";
import { setProcessServices } from "@/lib/services/process-services";
import { startJobRunner } from "./job-runner";

/**
 * `npm start` and `npm run dev`: the app works the job queue in its own
 * process, always on the embedded database (no other process can open it)
 * and on PostgreSQL unless JOBS_IN_PROCESS=false (then `npm run worker`
 * processes do it). Called before the HTTP server listens: it opens the
 * app's services here and publishes them as the process's services
 * (process-services.ts), so the runner and the route handlers share one
 * database handle, which PGlite requires.
 */
export async function startInProcessJobs(settings: AppConfig): Promise<boolean> {
  if (settings.DATABASE_URL && !settings.JOBS_IN_PROCESS) return false;
  const services = await openServices(settings);
  const runner = await startJobRunner(services, { concurrency: settings.JOB_CONCURRENCY, cron: settings.RESCAN_CRON, instanceName: "app" }).catch(
    async (error: unknown) => {
      await services.close();
      throw error;
    },
  );
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= runner.stop(settings.SHUTDOWN_GRACE_MS).catch((error: unknown) => logError("jobs", error)));
  // Running jobs start finishing with the signal, beside the HTTP server's drain, so both share the shutdown grace.
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  // Closing the process's services on shutdown stops the runner first: its last job settles while the database is open.
  const close = async () => {
    process.off("SIGTERM", stop);
    process.off("SIGINT", stop);
    await stop();
    await services.close();
  };
  setProcessServices(shareResult(Promise.resolve({ ...services, close })));
  return true;
}
