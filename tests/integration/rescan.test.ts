import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { ASSESS_QUEUE } from "@/lib/jobs/assess-job";
import { openJobQueue } from "@/lib/jobs/job-queue";
import { openServices } from "@/lib/services/open-services";
import { startStreamableHttpFixture } from "../fixtures/harness/mcp-fixture";
import type { FixtureHandle } from "../fixtures/harness/http-fixture";
import { BENIGN_DEVELOPMENT_SERVERS } from "../fixtures/servers/benign/benign-servers";
import { runScript } from "./cli/run-script";

/**
 * registry:import and rescan as people run them on the embedded database:
 * the import queues assessments, rescan queues the due servers, and
 * `rescan --wait` works the queue itself (nothing else may open the
 * database) and follows the jobs to the end, against real fixture servers.
 */
describe("rescan and import through the job queue (embedded database)", () => {
  let dir: string;
  let env: Record<string, string>;
  const fixtures: FixtureHandle[] = [];
  const registryFile = (titles: string[]) => {
    const file = path.join(dir, `registry-${titles.join("-").replace(/\W+/g, "")}.json`);
    const servers = fixtures.map((f, i) => ({ server: { name: `io.github.rescan/server-${i}`, title: titles[i], remotes: [{ type: "streamable-http", url: f.url }] } }));
    writeFileSync(file, JSON.stringify({ servers }));
    return file;
  };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "mtr-rescan-"));
    // Loopback fixtures only: the private-target setting lets the import and the scans take them, and nothing else is named.
    env = { NODE_ENV: "test", PGLITE_DIR: path.join(dir, "pglite"), DATABASE_URL: "", REDIS_URL: "", SCAN_ALLOW_PRIVATE_TARGETS: "true", SCAN_DEADLINE_MS: "5000" };
    for (const server of BENIGN_DEVELOPMENT_SERVERS.slice(0, 2)) fixtures.push(await startStreamableHttpFixture(() => server.createServer()));
  });
  afterAll(async () => {
    await Promise.all(fixtures.map((f) => f.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it("queues, then works and follows the due servers with --wait, then finds nothing stale", async () => {
    const imported = await runScript("scripts/registry-import.ts", [registryFile(["One", "Two"]), "--no-assess"], env);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout.trimEnd().split("\n").at(-1)).toBe("New servers appear in public reads once assessed: npm run rescan");

    const queued = await runScript("scripts/rescan.ts", [], env);
    expect(queued.code, queued.stderr).toBe(0);
    expect(queued.stdout).toContain("Queued 2 of 2 servers due for assessment.\n");
    expect(queued.stdout).toContain("The app assesses them while it runs (npm start); npm run rescan -- --wait assesses them now.");

    // The jobs queued above join this run: it works and follows them.
    const waited = await runScript("scripts/rescan.ts", ["--wait", "--concurrency", "2"], env);
    expect(waited.code, waited.stderr).toBe(0);
    const lines = waited.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("Queued 2 of 2 servers due for assessment.");
    // Not a terminal: whole lines, no \r, no bar.
    expect(waited.stdout).not.toContain("\r");
    expect(lines.at(-1)).toBe("[2/2] completed 2, partial 0, unreachable 0, failed 0");

    const again = await runScript("scripts/rescan.ts", ["--wait"], env);
    expect(again.stdout.trim()).toBe("Nothing to scan: every server has a fresh verdict.");
  });

  it("registry:import queues an assessment of each server it adds or updates", async () => {
    const run = await runScript("scripts/registry-import.ts", [registryFile(["One", "Two, renamed"])], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(": 0 added, 1 updated, 1 unchanged");
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe("Queued 1 server for assessment; they appear in public reads once assessed.");
    // The commands have exited: the database is free to open here.
    const services = await openServices(parseConfig(env));
    try {
      const queue = await openJobQueue(services.database, undefined, { background: false, instanceName: "test" });
      try {
        const jobs = await queue.boss.findJobs(ASSESS_QUEUE, { data: { trigger: "import" } });
        const server = await services.store.findServerByUrl(fixtures[1].url);
        expect(jobs.map((j) => [j.state, (j.data as { serverId: string }).serverId])).toEqual([["created", server!.id]]);
        expect((await services.store.listScans(server!.id, 5)).map((s) => s.status)).toEqual(["completed"]);
      } finally {
        await queue.stop(1_000);
      }
    } finally {
      await services.close();
    }
  });
});
