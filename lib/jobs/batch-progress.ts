/** What a run that enqueued a batch of jobs shows while it waits (`rescan --wait`). */
export interface BatchProgress {
  total: number;
  /** Jobs that will not run again: completed or failed for good. */
  done: number;
  completed: number;
  partial: number;
  unreachable: number;
  /** Failed for good: refused targets, packages without an assessment, attempts used up. */
  failed: number;
  /** Failed an attempt and waiting for the next. */
  retrying: number;
}

/** The part of a pg-boss job this needs. */
export interface BatchJob {
  state: "created" | "retry" | "active" | "completed" | "cancelled" | "failed";
  output: unknown;
}

export function summarizeBatch(jobs: readonly BatchJob[]): BatchProgress {
  const p: BatchProgress = { total: jobs.length, done: 0, completed: 0, partial: 0, unreachable: 0, failed: 0, retrying: 0 };
  for (const job of jobs) {
    if (job.state === "retry") p.retrying += 1;
    if (job.state === "failed" || job.state === "cancelled") {
      p.done += 1;
      p.failed += 1;
    }
    if (job.state === "completed") {
      p.done += 1;
      const status = (job.output as { status?: unknown } | null)?.status;
      if (status === "completed" || status === "partial" || status === "unreachable") p[status] += 1;
    }
  }
  return p;
}

const BAR_WIDTH = 24;

/** One line; with `bar` (a terminal) it starts with a bar of the jobs done. */
export function formatBatchProgress(p: BatchProgress, options: { bar?: boolean } = {}): string {
  const retrying = p.retrying > 0 ? `, retrying ${p.retrying}` : "";
  const tally = `completed ${p.completed}, partial ${p.partial}, unreachable ${p.unreachable}, failed ${p.failed}${retrying}`;
  if (!options.bar) return `[${p.done}/${p.total}] ${tally}`;
  const filled = p.total === 0 ? BAR_WIDTH : Math.round((p.done / p.total) * BAR_WIDTH);
  return `[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}] ${p.done}/${p.total} ${tally}`;
}
