import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/client";
import { DataDirectoryInUseError, lockDataDirectory } from "@/db/data-directory-lock";
import { isolatedStoreEnvironment } from "../../../scripts/lib/app-process";
import { runScript, STACK_FRAME } from "./run-script";

/** The pid of a process that has exited: what a crash (kill -9) leaves in a lock file. */
function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    child.once("exit", () => resolve(child.pid!));
  });
}

describe("one owner of the embedded database", () => {
  let dir: string;
  let env: Record<string, string>;
  let pgliteDir: string;
  let lockFile: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "mtr-db-lock-"));
    pgliteDir = path.join(dir, "pglite");
    lockFile = `${pgliteDir}.lock`;
    env = { NODE_ENV: "test", ...isolatedStoreEnvironment(pgliteDir) };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("takes over a lock left by a dead process", async () => {
    const pid = await deadPid();
    writeFileSync(lockFile, `${pid}\nscripts/start.ts\n`);
    const run = await runScript("scripts/db-migrate.ts", [], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Migrations applied \(pglite\)/);
    // Released on close: nothing is left behind.
    expect(existsSync(lockFile)).toBe(false);
  }, 120_000);

  it("refuses a second process with one clear line while another has the directory open, and lets it in once closed", async () => {
    const handle = await openDatabase({ pgliteDir });
    let closed = false;
    try {
      expect(readFileSync(lockFile, "utf8").split("\n")[0]).toBe(String(process.pid));
      const [keys, migrate] = await Promise.all([runScript("scripts/keys.ts", ["list"], env), runScript("scripts/db-migrate.ts", [], env)]);
      for (const run of [keys, migrate]) {
        expect(run.code, run.stderr).toBe(1);
        expect(run.stdout).toBe("");
        expect(run.stderr.trim().split("\n")).toHaveLength(1);
        expect(run.stderr).toMatch(
          new RegExp(`^The embedded database at ${pgliteDir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is in use by another process \\(pid ${process.pid}, .+\\)\\. Stop it first, or point DATABASE_URL at PostgreSQL`),
        );
        expect(run.stderr).not.toMatch(STACK_FRAME);
      }
      // The refused processes left the holder's lock alone.
      expect(readFileSync(lockFile, "utf8").split("\n")[0]).toBe(String(process.pid));
      await handle.close();
      closed = true;
      expect(existsSync(lockFile)).toBe(false);
      const after = await runScript("scripts/keys.ts", ["list"], env);
      expect(after.code, after.stderr).toBe(0);
      expect(after.stdout).toMatch(/No API keys\./);
    } finally {
      if (!closed) await handle.close();
    }
  }, 120_000);

  it("is counted per process: a second handle in the same process is fine, the file goes with the last release", () => {
    const other = path.join(dir, "counted");
    const first = lockDataDirectory(other);
    const second = lockDataDirectory(`${other}/`);
    expect(existsSync(`${other}.lock`)).toBe(true);
    first();
    first();
    expect(existsSync(`${other}.lock`)).toBe(true);
    second();
    expect(existsSync(`${other}.lock`)).toBe(false);
    // memory:// is private to its handle: nothing to lock.
    lockDataDirectory("memory://")();
  });

  it("refuses in-process too when a live process holds the lock, naming it", () => {
    const other = path.join(dir, "held");
    // The parent of this test process is alive for as long as the test runs.
    writeFileSync(`${other}.lock`, `${process.ppid}\nscripts/start.ts\n`);
    expect(() => lockDataDirectory(other)).toThrowError(DataDirectoryInUseError);
    expect(() => lockDataDirectory(other)).toThrowError(`(pid ${process.ppid}, scripts/start.ts)`);
    expect(readFileSync(`${other}.lock`, "utf8")).toBe(`${process.ppid}\nscripts/start.ts\n`);
  });
});
