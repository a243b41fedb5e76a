import { execFile } from "node:child_process";
import path from "node:path";
import { inheritedEnvironment } from "../../../scripts/lib/app-process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStreamableHttpFixture } from "../../fixtures/harness/mcp-fixture";
import type { FixtureHandle } from "../../fixtures/harness/http-fixture";
import { BENIGN_DEVELOPMENT_SERVERS } from "../../fixtures/servers/benign/benign-servers";
import { MALICIOUS_DEVELOPMENT_SERVERS } from "../../fixtures/servers/malicious/malicious-servers";

const tsx = path.join(process.cwd(), "node_modules/tsx/dist/cli.mjs");

/** Runs the CLI asynchronously: the fixture servers live in this process and must keep answering. */
function scanCli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [tsx, "scripts/scan.ts", ...args], { encoding: "utf8", timeout: 60_000, env: inheritedEnvironment() }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr });
    });
  });
}

describe("npm run scan (CLI)", () => {
  let benign: FixtureHandle;
  let poisoned: FixtureHandle;
  beforeAll(async () => {
    benign = await startStreamableHttpFixture(() => BENIGN_DEVELOPMENT_SERVERS[0].createServer());
    poisoned = await startStreamableHttpFixture(() => MALICIOUS_DEVELOPMENT_SERVERS[0].createServer());
  });
  afterAll(async () => {
    await benign?.close();
    await poisoned?.close();
  });

  it("prints a readable report and passes a min-grade the server meets", async () => {
    const run = await scanCli(benign.url, "--allow-private", "--min-grade", "D");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Server\s+http:\/\/127\.0\.0\.1:\d+\/mcp/m);
    expect(run.stdout).toMatch(/declarationAccuracy\s+\d+\/20/);
  });

  it("fails CI when the grade is below --min-grade and emits valid SARIF 2.1.0", async () => {
    const run = await scanCli(poisoned.url, "--allow-private", "--sarif", "--min-grade", "C");
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/below the required C/);
    const sarif = JSON.parse(run.stdout);
    expect(sarif.version).toBe("2.1.0");
    const [runOut] = sarif.runs;
    expect(runOut.results.length).toBeGreaterThan(0);
    const ruleIds = new Set(runOut.tool.driver.rules.map((r: { id: string }) => r.id));
    for (const result of runOut.results) {
      expect(ruleIds.has(result.ruleId)).toBe(true);
      expect(["error", "warning", "note"]).toContain(result.level);
      expect(result.locations[0].logicalLocations[0].fullyQualifiedName).toMatch(/\//);
    }
    expect(runOut.results.some((r: { level: string }) => r.level === "error")).toBe(true);
  });

  it("prints JSON and exits 2 for a refused target or bad usage", async () => {
    const json = await scanCli(benign.url, "--allow-private", "--json");
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: "completed", serverUrl: benign.url });
    // Without --allow-private a loopback target is refused before any connection.
    const refused = await scanCli(benign.url);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/target_forbidden/);
    expect(refused.stderr).toMatch(/Pass --allow-private to scan a server on this machine/);
    expect((await scanCli()).code).toBe(2);
    expect((await scanCli(benign.url, "--min-grade", "Z")).code).toBe(2);
  });
});
