import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolatedStoreEnvironment } from "../../../scripts/lib/app-process";
import { runScript, STACK_FRAME } from "./run-script";

/** npm run registry:import as a person runs it: lines about entries with their index, the summary last. */
describe("registry:import output", () => {
  let dir: string;
  let env: Record<string, string>;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "mtr-registry-import-"));
    env = { NODE_ENV: "test", ...isolatedStoreEnvironment(path.join(dir, "pglite")) };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("imports the seed file, names skipped entries by index, and prints the summary last", async () => {
    const run = await runScript("scripts/registry-import.ts", ["tests/fixtures/registry/official-seed.json"], env);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines).toContain("  skipped [7] (no name): invalid server.name: missing");
    expect(lines.some((l) => l.startsWith("  note [4] io.github.fixture-dev/notes: kept as package-only: http://localhost:3001/mcp"))).toBe(true);
    const summary = lines.findIndex((l) => l.startsWith("Imported tests/fixtures/registry/official-seed.json: 5 added"));
    expect(summary).toBeGreaterThan(lines.findLastIndex((l) => l.startsWith("  ")));
    // Each added server with an identity (a URL, or a purl for a package) gets an assessment job (docs/jobs.md).
    expect(lines.slice(summary + 1)).toHaveLength(1);
    expect(lines[summary + 1]).toMatch(/^Queued [1-5] servers? for assessment; they appear in public reads once assessed\.$/);
  }, 120_000);

  it("says which shapes it reads when a file is something else, then a summary of nothing, and exits 1", async () => {
    const file = path.join(dir, "stats.json");
    writeFileSync(file, JSON.stringify({ totalServers: 3, servers: 3 }));
    const run = await runScript("scripts/registry-import.ts", [file], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^The import stopped early: .*stats\.json is not a registry list: "servers" is a number, not an array; expected the official MCP Registry's list/);
    expect(run.stderr).toMatch(/server\.json schema 2025-12-11/);
    expect(run.stderr).not.toMatch(STACK_FRAME);
    expect(run.stdout.trimEnd().split("\n").at(-1)).toMatch(/^Stopped early, .*stats\.json: 0 added, .* before the stop\.$/);
    const notJson = path.join(dir, "page.html");
    writeFileSync(notJson, "<!doctype html>");
    const html = await runScript("scripts/registry-import.ts", [notJson], env);
    expect(html.code).toBe(1);
    expect(html.stderr).toMatch(/page\.html is not JSON/);
  }, 120_000);
});
