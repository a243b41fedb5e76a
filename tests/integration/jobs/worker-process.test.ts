import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importOfficialRegistry } from "@/lib/core/registry/import-official-registry";
import { ASSESS_QUEUE } from "@/lib/jobs/assess-job";
import { openJobQueue, type JobQueue } from "@/lib/jobs/job-queue";
import { inheritedEnvironment } from "../../../scripts/lib/app-process";
import { startStreamableHttpFixture } from "../../fixtures/harness/mcp-fixture";
import type { FixtureHandle } from "../../fixtures/harness/http-fixture";
import { BENIGN_DEVELOPMENT_SERVERS } from "../../fixtures/servers/benign/benign-servers";
import { runScript, STACK_FRAME } from "../cli/run-script";
import { openTestServices, type TestServices } from "../support/test-services";
import { eventually, settledJob } from "./job-helpers";

/**
 * The command `npm run worker` runs, as its own process. Run directly, not
 * through npm: npm hands a signal to the `sh -c` it starts, which does not
 * pass it on (docs/jobs.md).
 */
function startWorker(args: string[], env: Record<string, string>) {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  const [command, ...rest] = scripts.worker.split(/\s+/);
  expect(command).toBe("node");
  const child = spawn(process.execPath, [...rest, ...args], { env: { ...inheritedEnvironment(), ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe("npm run worker", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "mtr-worker-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("--help prints the usage and exits 0 without opening a database", async () => {
    const run = await runScript("scripts/worker.ts", ["--help"], { DATABASE_URL: "postgres://nohost.invalid:1/x" });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage:\n {2}npm run worker \[-- --concurrency N\]\n/);
    expect(run.stdout).toMatch(/--concurrency N/);
    expect(run.stderr).toBe("");
  });

  it("refuses the embedded database in one line, exit 1, without opening it", async () => {
    const pgliteDir = path.join(dir, "pglite");
    const run = await runScript("scripts/worker.ts", [], { DATABASE_URL: "", PGLITE_DIR: pgliteDir, NODE_ENV: "test" });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(/^npm run worker needs PostgreSQL \(DATABASE_URL\)/);
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect(existsSync(pgliteDir)).toBe(false);
  });

  it("refuses a bad --concurrency with the usage, exit 2", async () => {
    const run = await runScript("scripts/worker.ts", ["--concurrency", "0"], { DATABASE_URL: "" });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^--concurrency takes a whole number from 1 to 32, not "0"\./);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("a worker process on PostgreSQL", () => {
  let services: TestServices;
  let queue: JobQueue;
  let fixture: FixtureHandle;
  beforeAll(async () => {
    services = await openTestServices();
    fixture = await startStreamableHttpFixture(() => BENIGN_DEVELOPMENT_SERVERS[0].createServer());
    await importOfficialRegistry(
      services.store,
      { label: "test", followCursor: false, fetchPage: async () => ({ servers: [{ server: { name: "io.github.jobs/worked", remotes: [{ type: "streamable-http", url: fixture.url }] } }] }) },
      { identityPolicy: { allowedRanges: ["127.0.0.0/8"] } },
    );
    // This process only enqueues: the worker is the only one working the queue.
    queue = await openJobQueue(services.database, services.databaseUrl, { background: false, instanceName: "test" });
  });
  afterAll(async () => {
    await queue?.stop(1_000);
    await fixture?.close();
    await services?.close();
  });

  it("works the jobs this process enqueues, one log line each, and exits 0 on SIGTERM", async () => {
    const worker = startWorker(["--concurrency", "2"], {
      DATABASE_URL: services.databaseUrl!,
      SCAN_ALLOW_PRIVATE_TARGETS: "true",
      LOG_LEVEL: "info",
      RESCAN_CRON: "off",
      NODE_ENV: "test",
    });
    try {
      const server = await services.store.findServerByUrl(fixture.url);
      expect(await queue.enqueue([{ serverId: server!.id, url: server!.url!, trigger: "import" }])).toBe(1);
      const job = await settledJob(queue, ASSESS_QUEUE, server!.id, 60_000);
      expect(job).toMatchObject({ state: "completed", output: { status: "completed" } });
      expect((await services.store.listScans(server!.id, 5)).map((s) => s.status)).toEqual(["completed"]);
      const line = await eventually(
        async () => worker.output().split("\n").find((l) => l.includes('"msg":"job completed"')),
        5_000,
        "the job's log line",
      );
      expect(JSON.parse(line)).toMatchObject({ queue: ASSESS_QUEUE, serverId: server!.id, trigger: "import", attempt: 1, status: "completed" });
      worker.child.kill("SIGTERM");
      expect(await worker.exited).toBe(0);
      expect(worker.output()).toMatch(/"msg":"worker stopped"/);
    } finally {
      if (worker.child.exitCode === null) worker.child.kill("SIGKILL");
    }
  }, 90_000);
});
