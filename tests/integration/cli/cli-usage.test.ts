import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../support/free-port";
import { isolatedStoreEnvironment } from "../../../scripts/lib/app-process";
import { runScript, STACK_FRAME } from "./run-script";

/** Every npm script that runs our code (`tsx scripts/x.ts [args]` or `node --import tsx scripts/x.ts [args]`), split into the script and its arguments. */
function ourNpmScripts(): { name: string; script: string; args: string[] }[] {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  return Object.entries(scripts).flatMap(([name, command]) => {
    const match = /^(?:tsx|node(?: --[\w-]+(?:=\S+)?)* --import tsx) (scripts\/\S+\.ts)(.*)$/.exec(command);
    return match ? [{ name, script: match[1], args: match[2].split(/\s+/).filter(Boolean) }] : [];
  });
}

describe("every command explains itself", () => {
  let dir: string;
  let env: Record<string, string>;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "mtr-cli-usage-"));
    env = { NODE_ENV: "test", ...isolatedStoreEnvironment(path.join(dir, "pglite")) };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("--help on every npm script prints usage and exits 0 without opening a database or doing work", async () => {
    const commands = ourNpmScripts();
    expect(commands.map((c) => c.name).sort()).toEqual(
      ["start", "dev", "db:migrate", "registry:import", "keys", "certify", "bench", "scan", "eval:detection", "train:detection", "rescan", "worker", "demo", "docs:rules"].sort(),
    );
    const catalogue = statSync("docs/rule-catalogue.md").mtimeMs;
    const runs = await Promise.all([
      ...commands.map((c) => runScript(c.script, [...c.args, "--help"], env)),
      // -h too, and after a command's own arguments.
      runScript("scripts/keys.ts", ["-h"], env),
      runScript("scripts/certify.ts", ["verify", "--help"], env),
    ]);
    for (const [i, run] of runs.entries()) {
      const label = commands[i]?.name ?? `extra ${i}`;
      expect(run.code, `${label}: ${run.stderr}`).toBe(0);
      expect(run.stdout, label).toMatch(/^Usage:\n {2}npm (start|run \S+)/);
      expect(run.stdout, label).toMatch(/\n\nOptions:\n[\s\S]*-h, --help/);
      expect(run.stdout, label).toMatch(/\n\nExamples:\n/);
      expect(run.stderr, label).toBe("");
    }
    // The usage of each npm script names that script.
    for (const [i, c] of commands.entries()) expect(runs[i].stdout).toContain(c.name === "start" ? "npm start" : `npm run ${c.name}`);
    expect(existsSync(env.PGLITE_DIR)).toBe(false);
    expect(existsSync(`${env.PGLITE_DIR}.lock`)).toBe(false);
    expect(statSync("docs/rule-catalogue.md").mtimeMs).toBe(catalogue);
  }, 120_000);

  it("a bad DATABASE_URL is one line and exit 1 from every command that opens the database, npm start included", async () => {
    const refused = `postgres://postgres@127.0.0.1:${await freePort()}/registry`;
    const cases: [script: string, args: string[], url: string][] = [
      ["scripts/db-migrate.ts", [], "postgres://nohost.invalid:1/x"],
      ["scripts/keys.ts", ["list"], "not-a-url"],
      ["scripts/certify.ts", ["list"], refused],
      ["scripts/rescan.ts", [], "postgres://nohost.invalid:1/x"],
      ["scripts/registry-import.ts", ["registry.json"], refused],
      ["scripts/demo.ts", [], refused],
      // --dev: the same start-up as npm start without a production build.
      ["scripts/start.ts", ["--dev"], refused],
    ];
    const runs = await Promise.all(cases.map(([script, args, url]) => runScript(script, args, { ...env, DATABASE_URL: url })));
    for (const [i, run] of runs.entries()) {
      const label = `${cases[i][0]} with ${cases[i][2]}`;
      expect(run.code, `${label}: ${run.stderr}`).toBe(1);
      expect(run.stderr.trim().split("\n"), label).toHaveLength(1);
      expect(run.stderr, label).toMatch(/DATABASE_URL/);
      expect(run.stderr, label).not.toMatch(STACK_FRAME);
    }
    expect(runs[0].stderr).toMatch(/^Cannot use the database at nohost\.invalid:1\/x \(getaddrinfo (ENOTFOUND|EAI_AGAIN) nohost\.invalid\)\. Check DATABASE_URL\.$/m);
    expect(runs[1].stderr.trim()).toBe("Invalid configuration: DATABASE_URL: must be a valid postgres:// or postgresql:// URL");
    expect(runs[2].stderr).toMatch(/ECONNREFUSED/);
  }, 120_000);

  it("refuses bad arguments with the usage and exit 2, before opening anything", async () => {
    const cases: [script: string, args: string[], message: RegExp][] = [
      ["scripts/rescan.ts", ["--concurrency", "0"], /^--concurrency takes a whole number from 1 to 32, not "0"\./],
      ["scripts/rescan.ts", ["--concurrency=-1"], /not "-1"/],
      ["scripts/rescan.ts", ["--concurrency", "1.5"], /not "1\.5"/],
      ["scripts/rescan.ts", ["--stale", "soon"], /^--stale takes a duration/],
      ["scripts/keys.ts", ["--bogus"], /Unknown option '--bogus'/],
      ["scripts/keys.ts", [], /^No command given\./],
      ["scripts/certify.ts", ["list", "--status", "pending"], /^--status must be one of pending_verification, /],
      ["scripts/registry-import.ts", ["--help-me"], /Unknown option '--help-me'/],
      ["scripts/db-migrate.ts", ["now"], /Unexpected argument 'now'/],
    ];
    const runs = await Promise.all(cases.map(([script, args]) => runScript(script, args, env)));
    for (const [i, run] of runs.entries()) {
      const label = `${cases[i][0]} ${cases[i][1].join(" ")}`;
      expect(run.code, `${label}: ${run.stderr}`).toBe(2);
      expect(run.stderr, label).toMatch(cases[i][2]);
      expect(run.stderr, label).toMatch(/\nUsage:\n {2}npm run /);
      expect(run.stderr, label).toMatch(/Run with --help for details\.\n$/);
      expect(run.stderr, label).not.toMatch(STACK_FRAME);
    }
    expect(existsSync(env.PGLITE_DIR)).toBe(false);
  }, 120_000);
});
