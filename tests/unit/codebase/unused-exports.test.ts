import { execFile } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every export in lib/ has an importer (app, scripts, tests or lib itself):
 * knip, configured by knip.json, finds none unused. A symbol used only in
 * its own file is not exported; one used nowhere is deleted.
 */

interface KnipSymbol {
  name: string;
  line?: number;
  col?: number;
}

interface KnipFileIssues {
  file: string;
  exports?: KnipSymbol[];
  types?: KnipSymbol[];
  nsExports?: KnipSymbol[];
  nsTypes?: KnipSymbol[];
}

const KNIP = path.resolve("node_modules/knip/bin/knip.js");

/** knip exits 1 when it finds issues, so its output is read whatever the exit code. */
function runKnip(): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [KNIP, "--include", "exports,types", "--reporter", "json", "--no-progress"],
      { cwd: process.cwd(), maxBuffer: 64 * 1024 * 1024, timeout: 115_000 },
      (error, stdout, stderr) => {
        if (error && !stdout.trim()) reject(new Error(`knip did not run: ${error.message}\n${stderr}`));
        else resolve({ stdout, stderr });
      },
    );
  });
}

describe("unused exports", () => {
  it("knip reports no unused exports or types under lib/", { timeout: 120_000 }, async () => {
    const { stdout, stderr } = await runKnip();
    let report: { issues: KnipFileIssues[] };
    try {
      report = JSON.parse(stdout) as { issues: KnipFileIssues[] };
    } catch {
      throw new Error(`knip's output is not JSON:\n${stdout.slice(0, 2000)}\n${stderr.slice(0, 2000)}`);
    }
    const unused: string[] = [];
    for (const issue of report.issues) {
      if (!issue.file.startsWith("lib/")) continue;
      const kinds: [string, KnipSymbol[] | undefined][] = [
        ["export", issue.exports],
        ["type", issue.types],
        ["namespace export", issue.nsExports],
        ["namespace type", issue.nsTypes],
      ];
      for (const [kind, symbols] of kinds) {
        for (const s of symbols ?? []) unused.push(`${issue.file}${s.line ? `:${s.line}` : ""}  ${kind} ${s.name}`);
      }
    }
    expect(unused, `Unused in lib/ (un-export what its own file uses, delete the rest):\n${unused.join("\n")}`).toEqual([]);
  });
});
