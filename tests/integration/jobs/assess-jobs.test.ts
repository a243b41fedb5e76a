import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importOfficialRegistry } from "@/lib/core/registry/import-official-registry";
import { enqueueStaleServers, type AssessRequest } from "@/lib/core/registry/rescan-servers";
import { createAssessHandler } from "@/lib/jobs/assess-handler";
import { ASSESS_QUEUE, type AssessHandler } from "@/lib/jobs/assess-job";
import type { JobQueue } from "@/lib/jobs/job-queue";
import { RESCAN_SCHEDULE, startJobRunner } from "@/lib/jobs/job-runner";
import { startStreamableHttpFixture } from "../../fixtures/harness/mcp-fixture";
import type { FixtureHandle } from "../../fixtures/harness/http-fixture";
import { BENIGN_DEVELOPMENT_SERVERS } from "../../fixtures/servers/benign/benign-servers";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { eventually, jobsWith, settledJob } from "./job-helpers";

/**
 * The assessment jobs on pg-boss, against real fixture MCP servers on
 * loopback: the same queue on PostgreSQL and on PGlite (npm test runs the
 * embedded one; TEST_DATABASE_URL the other).
 */
describe(`assessment jobs on ${databaseKind()}`, () => {
  let services: TestServices;
  let queue: JobQueue;
  const fixtures: FixtureHandle[] = [];
  /** Per test server id, a handler of the test's own in front of the real one. */
  const scripted = new Map<string, AssessHandler>();

  const job = (serverId: string, url = `https://${serverId}.example/mcp`): AssessRequest => ({ serverId, url, trigger: "rescan" });

  beforeAll(async () => {
    services = await openTestServices({}, { scan: { allowPrivateTargets: false, allowedRanges: ["127.0.0.0/8"], deadlineMs: 5000 } });
    for (const server of BENIGN_DEVELOPMENT_SERVERS.slice(0, 2)) fixtures.push(await startStreamableHttpFixture(() => server.createServer()));
    const entries = fixtures.map((f, i) => ({
      server: { name: `io.github.jobs/server-${i}`, title: `Jobs ${i}`, remotes: [{ type: "streamable-http", url: f.url }] },
    }));
    // An identity the import was allowed to take but the scanner refuses: a private address.
    entries.push({ server: { name: "io.github.jobs/private", title: "Private", remotes: [{ type: "streamable-http", url: "http://10.20.30.40/mcp" }] } });
    await importOfficialRegistry(
      services.store,
      { label: "test", followCursor: false, fetchPage: async () => ({ servers: entries }) },
      { identityPolicy: { allowedRanges: ["127.0.0.0/8", "10.0.0.0/8"] } },
    );
    const real = createAssessHandler(services);
    queue = await startJobRunner(services, {
      concurrency: 3,
      cron: "0 * * * *",
      instanceName: "test",
      handler: (data) => (scripted.get(data.serverId) ?? real)(data),
      queue: { pollingIntervalSeconds: 0.5, retry: { retryDelay: 1, retryDelayMax: 2 } },
    });
  });
  afterAll(async () => {
    await queue?.stop(5_000);
    await Promise.all(fixtures.map((f) => f.close()));
    await services?.close();
  });

  it("works queued servers: scans recorded, a refused target failed at once without retries", async () => {
    const { due, enqueued } = await enqueueStaleServers({ store: services.store, queue }, { staleBefore: new Date(), trigger: "rescan", batch: "first" });
    expect({ due, enqueued }).toEqual({ due: 3, enqueued: 3 });
    const progress = await eventually(async () => {
      const p = await queue.batchProgress("first");
      return p.done === p.total && p;
    });
    expect(progress).toMatchObject({ total: 3, done: 3, completed: 2, failed: 1, retrying: 0 });
    for (const f of fixtures) {
      const server = await services.store.findServerByUrl(f.url);
      expect(server?.grade, f.url).toBeTruthy();
      const scans = await services.store.listScans(server!.id, 5);
      expect(scans.map((s) => [s.status, s.trigger])).toEqual([["completed", "rescan"]]);
    }
    const refused = await services.store.findServerByUrl("http://10.20.30.40/mcp");
    const [failed] = await jobsWith(queue, ASSESS_QUEUE, { serverId: refused!.id });
    expect(failed).toMatchObject({ state: "failed", retryCount: 0, output: { code: "target_forbidden" } });
    expect(await services.store.listScans(refused!.id, 5)).toEqual([]);
    // Fresh verdicts are not due again; the refused server, which has none, still is.
    expect(await enqueueStaleServers({ store: services.store, queue }, { staleBefore: new Date(Date.now() - 3600_000), trigger: "rescan" })).toMatchObject({
      due: 1,
    });
  });

  it("runs one job per server at a time: enqueueing a server whose job is running adds nothing", async () => {
    let runs = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    scripted.set("single", async () => {
      runs += 1;
      await released;
      return { status: "completed" };
    });
    expect(await queue.enqueue([job("single")])).toBe(1);
    await eventually(async () => runs === 1, 10_000, "the job to start");
    expect(await queue.enqueue([job("single")])).toBe(0);
    expect(await queue.enqueue([job("single"), job("single")])).toBe(0);
    release();
    await settledJob(queue, ASSESS_QUEUE, "single");
    // Long enough for another poll to have picked up a second job, had there been one.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runs).toBe(1);
    expect(await jobsWith(queue, ASSESS_QUEUE, { serverId: "single" })).toHaveLength(1);
    // Once it finished, the server can be queued again.
    scripted.set("single", async () => ({ status: "completed" }));
    expect(await queue.enqueue([job("single")])).toBe(1);
  });

  it("retries a transient failure with backoff, then succeeds", async () => {
    const attempts: number[] = [];
    scripted.set("flaky", async () => {
      attempts.push(Date.now());
      if (attempts.length === 1) throw Object.assign(new Error("connect ECONNRESET 127.0.0.1:5432"), { code: "ECONNRESET" });
      return { status: "partial" };
    });
    await queue.enqueue([job("flaky")]);
    const settled = await settledJob(queue, ASSESS_QUEUE, "flaky");
    expect(settled).toMatchObject({ state: "completed", retryCount: 1, output: { status: "partial" } });
    expect(attempts).toHaveLength(2);
    // retryDelay 1 s: the second attempt waited for it.
    expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(900);
  });

  it("gives up after the retry limit", async () => {
    let calls = 0;
    scripted.set("down", async () => {
      calls += 1;
      throw new Error("database is starting up");
    });
    await queue.enqueue([job("down")]);
    const settled = await settledJob(queue, ASSESS_QUEUE, "down", 45_000);
    expect(settled).toMatchObject({ state: "failed", retryCount: 3, output: { reason: "database is starting up" } });
    expect(calls).toBe(4);
  }, 60_000);

  it("schedules the rescan; a run of it queues the stale servers", async () => {
    const [schedule] = await queue.boss.getSchedules(RESCAN_SCHEDULE);
    expect(schedule).toMatchObject({ name: RESCAN_SCHEDULE, cron: "0 * * * *" });
    // What the cron pass does on the hour, now.
    await queue.boss.send(RESCAN_SCHEDULE);
    const run = await eventually(async () => (await queue.boss.findJobs(RESCAN_SCHEDULE)).find((j) => j.state === "completed"));
    // The refused server has no verdict and is due; the scanned ones are fresh.
    expect(run.output).toEqual({ due: 1, enqueued: 1, expiredCertifications: 0 });
    expect(await jobsWith(queue, ASSESS_QUEUE, { trigger: "schedule" })).toHaveLength(1);
  });
});
