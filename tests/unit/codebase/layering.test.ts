import { execFile } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layering `app → http|mcp|site → core ← data → db` holds:
 * dependency-cruiser, configured by .dependency-cruiser.cjs, finds no
 * import that crosses it. The core never imports the edges, the adapters,
 * db, the composition root or the wire schemas; lib/data never imports the
 * edges; the edges reach storage only through lib/services; lib/http,
 * lib/mcp and lib/site are handed the services and never open them.
 */

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

interface CruiseSummary {
  violations: Violation[];
  totalCruised: number;
}

const DEPCRUISE = path.resolve("node_modules/dependency-cruiser/bin/dependency-cruise.mjs");

/** dependency-cruiser may exit non-zero when it finds violations, so its output is read whatever the exit code. */
function runDepcruise(): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [DEPCRUISE, "lib", "app", "db", "--config", ".dependency-cruiser.cjs", "--output-type", "json", "--no-progress"],
      { cwd: process.cwd(), maxBuffer: 64 * 1024 * 1024, timeout: 115_000 },
      (error, stdout, stderr) => {
        if (error && !stdout.trim()) reject(new Error(`dependency-cruiser did not run: ${error.message}\n${stderr}`));
        else resolve({ stdout, stderr });
      },
    );
  });
}

describe("layering", () => {
  it("dependency-cruiser finds no import across the layers", { timeout: 120_000 }, async () => {
    const { stdout, stderr } = await runDepcruise();
    let summary: CruiseSummary;
    try {
      summary = (JSON.parse(stdout) as { summary: CruiseSummary }).summary;
    } catch {
      throw new Error(`dependency-cruiser's output is not JSON:\n${stdout.slice(0, 2000)}\n${stderr.slice(0, 2000)}`);
    }
    // A config whose paths match nothing would pass vacuously.
    expect(summary.totalCruised, "dependency-cruiser cruised almost nothing: are lib, app and db still there?").toBeGreaterThan(100);
    const crossings = summary.violations.map((v) => `${v.from} → ${v.to}  (${v.rule.name})`);
    expect(crossings, `Imports across the layers (.dependency-cruiser.cjs says why each rule exists):\n${crossings.join("\n")}`).toEqual([]);
  });
});
