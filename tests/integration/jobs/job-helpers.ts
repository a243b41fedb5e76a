import type { JobWithMetadata } from "pg-boss";
import type { JobQueue } from "@/lib/jobs/job-queue";

/** Polls until `check` answers something, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 30_000, what = "condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The jobs of a queue whose data contains `data`, oldest first. */
export function jobsWith(queue: JobQueue, name: string, data: object): Promise<JobWithMetadata<Record<string, unknown>>[]> {
  return queue.boss.findJobs<Record<string, unknown>>(name, { data });
}

/** Waits until the one job of `serverId` has finished for good, and returns it. */
export async function settledJob(queue: JobQueue, name: string, serverId: string, timeoutMs = 30_000): Promise<JobWithMetadata<Record<string, unknown>>> {
  return eventually(
    async () => (await jobsWith(queue, name, { serverId })).find((j) => j.state === "completed" || j.state === "failed"),
    timeoutMs,
    `the job of ${serverId} to settle`,
  );
}
