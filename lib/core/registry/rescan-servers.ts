import type { RegistryStore } from "./registry-store";

/** Why an assessment was asked for: the `trigger` of its job (docs/jobs.md). */
export type AssessTrigger = "import" | "rescan" | "schedule";

/** One server to assess: the data of an `assess-server` job. */
export interface AssessRequest {
  serverId: string;
  /** The server's identity: an http(s) URL, or a Package URL (`pkg:`; docs/identity.md#what-a-server-is-keyed-by). */
  url: string;
  trigger: AssessTrigger;
  /** Marks the jobs of one run, so the run can follow them (`rescan --wait`). */
  batch?: string;
}

/**
 * The port to the job queue (lib/jobs). At most one job per server is queued
 * or running at a time: a request for a server that already has one is
 * dropped, so enqueueing is idempotent per server. Resolves with how many
 * requests now have a job of their own: a new one, or, for a request with a
 * batch, the server's waiting job, which joins the batch.
 */
export interface AssessmentQueue {
  enqueue(requests: readonly AssessRequest[]): Promise<number>;
}

/**
 * Queues an assessment of every imported-but-unscanned server and of every
 * server whose last verdict is older than `staleBefore`. The rescan command
 * and the rescan schedule both come through here; the jobs do the scanning.
 */
export async function enqueueStaleServers(
  deps: { store: RegistryStore; queue: AssessmentQueue },
  options: { staleBefore: Date; trigger: AssessTrigger; batch?: string; limit?: number },
): Promise<{ due: number; enqueued: number }> {
  const targets = await deps.store.listServersToScan({ staleBefore: options.staleBefore, limit: options.limit ?? 100_000 });
  const enqueued = await deps.queue.enqueue(
    targets.map((t) => ({ serverId: t.id, url: t.url, trigger: options.trigger, ...(options.batch ? { batch: options.batch } : {}) })),
  );
  return { due: targets.length, enqueued };
}
