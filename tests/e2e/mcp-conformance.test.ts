import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { inheritedEnvironment } from "../../scripts/lib/app-process";

/**
 * The official MCP conformance suite against the real app (scripts/mcp-conformance.sh:
 * server-initialize, ping, tools-list, dns-rebinding-protection, on Node 22).
 */
describe("MCP conformance suite", () => {
  it("passes every check of the server scenarios", () => {
    const env = inheritedEnvironment();
    const run = spawnSync("bash", ["scripts/mcp-conformance.sh"], { cwd: process.cwd(), env, encoding: "utf8", timeout: 900_000 });
    const output = `${run.stdout}\n${run.stderr}`;
    const summary = output.match(/^(\d+) passed, (\d+) failed$/m);
    expect(summary, output.slice(-4000)).not.toBeNull();
    expect(Number(summary![2]), output.slice(-4000)).toBe(0);
    expect(Number(summary![1])).toBeGreaterThanOrEqual(5);
    expect(run.status, output.slice(-4000)).toBe(0);
  }, 900_000);
});
