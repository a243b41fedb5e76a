import { describe, expect, it } from "vitest";
import { formatBatchProgress, summarizeBatch, type BatchJob } from "@/lib/jobs/batch-progress";

describe("a batch's progress", () => {
  const jobs: BatchJob[] = [
    { state: "completed", output: { status: "completed" } },
    { state: "completed", output: { status: "unreachable" } },
    { state: "failed", output: { reason: "private address", code: "target_forbidden" } },
    { state: "retry", output: { reason: "ECONNRESET" } },
    { state: "active", output: null },
    { state: "created", output: null },
  ];

  it("counts what finished for good, by outcome, and what waits for a retry", () => {
    expect(summarizeBatch(jobs)).toEqual({ total: 6, done: 3, completed: 1, partial: 0, unreachable: 1, failed: 1, retrying: 1 });
    expect(summarizeBatch([])).toMatchObject({ total: 0, done: 0 });
  });

  it("is a plain line off a terminal and starts with a bar on one", () => {
    const p = summarizeBatch(jobs);
    expect(formatBatchProgress(p)).toBe("[3/6] completed 1, partial 0, unreachable 1, failed 1, retrying 1");
    expect(formatBatchProgress(p, { bar: true })).toBe(`[${"#".repeat(12)}${"-".repeat(12)}] 3/6 completed 1, partial 0, unreachable 1, failed 1, retrying 1`);
  });
});
