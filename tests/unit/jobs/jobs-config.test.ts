import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";

describe("the job settings", () => {
  it("default to jobs in the app's process, one at a time, stale servers queued hourly", () => {
    expect(parseConfig({})).toMatchObject({ JOBS_IN_PROCESS: true, JOB_CONCURRENCY: 1, RESCAN_CRON: "0 * * * *" });
  });

  it("read JOBS_IN_PROCESS, JOB_CONCURRENCY and RESCAN_CRON", () => {
    expect(parseConfig({ JOBS_IN_PROCESS: "false", JOB_CONCURRENCY: "4", RESCAN_CRON: "*/15 * * * *" })).toMatchObject({
      JOBS_IN_PROCESS: false,
      JOB_CONCURRENCY: 4,
      RESCAN_CRON: "*/15 * * * *",
    });
    expect(parseConfig({ JOBS_IN_PROCESS: "0", RESCAN_CRON: "off" })).toMatchObject({ JOBS_IN_PROCESS: false, RESCAN_CRON: "off" });
  });

  it("refuse bad values, naming the variable", () => {
    expect(() => parseConfig({ JOB_CONCURRENCY: "0" })).toThrow(/JOB_CONCURRENCY/);
    expect(() => parseConfig({ JOBS_IN_PROCESS: "maybe" })).toThrow(/JOBS_IN_PROCESS/);
    expect(() => parseConfig({ RESCAN_CRON: "hourly" })).toThrow(/RESCAN_CRON: must be a cron expression of 5 or 6 fields, or "off"/);
  });
});
