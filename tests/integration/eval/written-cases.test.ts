import { describe, expect, it } from "vitest";
import { loadCorpusFiles } from "@/scripts/eval-detection/corpus";
import { measureDetection } from "@/scripts/eval-detection/measure-detection";
import { scanCorpus } from "@/scripts/eval-detection/scan-corpus";

/**
 * The project's own detection cases (tests/fixtures/detection-cases: written
 * by authors who had not read the rules, and real npm servers' listings),
 * served as real MCP servers on loopback and scanned like eval:detection
 * does. The floors are the figures measured when this test last changed, so
 * a change that loses detection or adds false positives fails here; the real
 * servers must never be refused. How generalisation is judged (first-shot
 * figures on sets not yet developed on) is in docs/detection.md.
 */
async function figures(file: string) {
  const defs = await loadCorpusFiles([`tests/fixtures/detection-cases/${file}`]);
  return measureDetection(await scanCorpus(defs, { concurrency: 4 }));
}

describe("written detection cases", () => {
  it.each([
    // file, poisoned servers, at least refused, honest servers, at most flagged
    ["written-dev.json", 57, 57, 48, 0],
    ["written-check.json", 55, 55, 47, 0],
    ["written-holdout.json", 108, 108, 101, 0],
    ["written-final.json", 96, 96, 99, 0],
    ["written-last.json", 84, 84, 84, 0],
    ["written-sixth.json", 78, 78, 78, 0],
    ["written-seventh.json", 72, 72, 72, 0],
    ["written-eighth.json", 63, 62, 63, 0],
    ["written-ninth.json", 72, 70, 72, 0],
    ["written-focus-a.json", 70, 70, 50, 0],
    ["written-focus-b.json", 70, 70, 50, 0],
    ["written-focus-c.json", 70, 70, 50, 0],
    ["written-tenth.json", 63, 61, 63, 0],
    ["written-focus-d.json", 60, 60, 40, 0],
    ["written-focus-e.json", 60, 60, 40, 0],
    ["written-eleventh.json", 90, 84, 80, 0],
    ["written-twelfth.json", 90, 80, 80, 0],
    ["written-thirteenth.json", 90, 77, 80, 0],
    ["written-fourteenth.json", 90, 82, 80, 0],
    ["written-fifteenth.json", 90, 79, 80, 0],
    ["written-sixteenth.json", 90, 78, 80, 0],
    ["written-seventeenth.json", 90, 86, 80, 0],
    ["written-eighteenth.json", 90, 80, 80, 0],
    ["written-nineteenth.json", 90, 88, 80, 0],
    ["written-twentieth.json", 90, 71, 80, 0],
    ["written-twenty-first.json", 90, 80, 80, 0],
    ["written-twenty-second.json", 90, 79, 80, 0],
    ["written-twenty-third.json", 90, 82, 80, 0],
    ["written-twenty-fourth.json", 45, 40, 120, 0],
    ["written-twenty-fifth.json", 50, 44, 130, 0],
    ["written-twenty-sixth.json", 90, 84, 70, 0],
    ["written-twenty-seventh.json", 36, 32, 120, 0],
    ["written-twenty-eighth.json", 36, 32, 150, 0],
    ["written-twenty-ninth.json", 90, 81, 60, 0],
    ["written-thirtieth.json", 90, 78, 60, 0],
    ["written-thirty-first.json", 90, 67, 60, 0],
    ["written-thirty-second.json", 100, 93, 70, 0],
    ["written-thirty-third.json", 90, 72, 70, 0],
    ["written-thirty-fourth.json", 90, 76, 70, 0],
    ["written-thirty-fifth.json", 80, 55, 70, 0],
    ["written-thirty-sixth.json", 60, 48, 60, 0],
    ["real-servers.json", 0, 0, 47, 0],
    ["real-servers-second.json", 0, 0, 34, 0],
    ["real-servers-third.json", 0, 0, 40, 0],
    ["real-servers-fourth.json", 0, 0, 35, 0],
    ["real-servers-fifth.json", 0, 0, 40, 0],
    ["real-servers-sixth.json", 0, 0, 40, 0],
    ["real-servers-seventh.json", 0, 0, 39, 0],
    ["real-servers-eighth.json", 0, 0, 40, 0],
  ] as const)("%s: of %i poisoned at least %i refused; of %i honest at most %i flagged", async (file, poisoned, refused, honest, flagged) => {
    const f = await figures(file);
    expect(f.recall.total).toBe(poisoned);
    expect(f.recall.count).toBeGreaterThanOrEqual(refused);
    expect(f.falsePositives.total).toBe(honest);
    expect(f.falsePositiveRecords.length).toBeLessThanOrEqual(flagged);
  });
});
