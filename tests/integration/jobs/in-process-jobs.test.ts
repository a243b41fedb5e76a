import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { importOfficialRegistry } from "@/lib/core/registry/import-official-registry";
import { ASSESS_QUEUE } from "@/lib/jobs/assess-job";
import { startInProcessJobs } from "@/lib/jobs/in-process-jobs";
import { openJobQueue, type JobQueue } from "@/lib/jobs/job-queue";
import { closeProcessServices, processServices } from "@/lib/services/process-services";
import { startStreamableHttpFixture } from "../../fixtures/harness/mcp-fixture";
import type { FixtureHandle } from "../../fixtures/harness/http-fixture";
import { BENIGN_DEVELOPMENT_SERVERS } from "../../fixtures/servers/benign/benign-servers";
import { settledJob } from "./job-helpers";

/** What `npm start` does before it listens: the app's services, with the job runner working on them. */
describe("the app's in-process job runner", () => {
  it("is not started on PostgreSQL with JOBS_IN_PROCESS=false (workers do the jobs), and opens nothing", async () => {
    const settings = parseConfig({ NODE_ENV: "test", DATABASE_URL: "postgres://nohost.invalid:1/x", JOBS_IN_PROCESS: "false" });
    expect(await startInProcessJobs(settings)).toBe(false);
    expect(processServices()).toBeUndefined();
  });

  describe("on the embedded database", () => {
    let fixture: FixtureHandle;
    let queue: JobQueue;
    beforeAll(async () => {
      fixture = await startStreamableHttpFixture(() => BENIGN_DEVELOPMENT_SERVERS[0].createServer());
      // Loopback fixture only: the private-target setting lets the app's scanner reach it.
      const settings = parseConfig({ NODE_ENV: "test", PGLITE_DIR: "memory://", SCAN_ALLOW_PRIVATE_TARGETS: "true", RESCAN_CRON: "off" });
      expect(await startInProcessJobs(settings)).toBe(true);
    });
    afterAll(async () => {
      await queue?.stop(1_000);
      await closeProcessServices();
      await fixture?.close();
    });

    it("works a job enqueued on the app's own database handle and records the scan", async () => {
      const services = await processServices()!.get();
      await importOfficialRegistry(
        services.store,
        { label: "test", followCursor: false, fetchPage: async () => ({ servers: [{ server: { name: "io.github.jobs/app", remotes: [{ type: "streamable-http", url: fixture.url }] } }] }) },
        { identityPolicy: { allowedRanges: ["127.0.0.0/8"] } },
      );
      const server = await services.store.findServerByUrl(fixture.url);
      // A second pg-boss over the same PGlite connection, like a route that enqueues would use.
      queue = await openJobQueue(services.database, undefined, { background: false, instanceName: "test" });
      expect(await queue.enqueue([{ serverId: server!.id, url: server!.url!, trigger: "import" }])).toBe(1);
      expect(await settledJob(queue, ASSESS_QUEUE, server!.id)).toMatchObject({ state: "completed", output: { status: "completed" } });
      expect((await services.store.listScans(server!.id, 5)).map((s) => s.status)).toEqual(["completed"]);
    });
  });
});
