import { describe, expect, it } from "vitest";
import { loadCorpusFiles } from "@/scripts/eval-detection/corpus";
import { measureDetection } from "@/scripts/eval-detection/measure-detection";
import { scanCorpus } from "@/scripts/eval-detection/scan-corpus";

/**
 * The project's own written cases (tests/fixtures/detection-cases, written
 * by someone who had not read the rules, in the corpus format), served as
 * real MCP servers on loopback and scanned like eval:detection does. The
 * floors are the figures measured when the directive analysis landed
 * (written-dev 41/57 caught, 2/48 benign flagged; written-check 30/55, 5/47),
 * so a change that loses detection or adds false positives fails here. Rules
 * are developed against written-dev only; written-check is the held-back half.
 */
async function figures(file: string) {
  const defs = await loadCorpusFiles([`tests/fixtures/detection-cases/${file}`]);
  return measureDetection(await scanCorpus(defs, { concurrency: 4 }));
}

describe("written detection cases", () => {
  it("written-dev: at least 56 of 57 poisoned servers refused, at most 1 of 48 honest ones flagged", async () => {
    const f = await figures("written-dev.json");
    expect(f.recall.total).toBe(57);
    expect(f.recall.count).toBeGreaterThanOrEqual(56);
    expect(f.falsePositives.total).toBe(48);
    expect(f.falsePositives.count).toBeLessThanOrEqual(1);
  });

  it("written-check: at least 54 of 55 poisoned servers refused, no honest one flagged", async () => {
    const f = await figures("written-check.json");
    expect(f.recall.total).toBe(55);
    expect(f.recall.count).toBeGreaterThanOrEqual(54);
    expect(f.falsePositives.total).toBe(47);
    expect(f.falsePositives.count).toBe(0);
  });

  it("real servers from npm: none of the 45 is refused or gets a critical or high finding", async () => {
    const f = await figures("real-servers.json");
    expect(f.falsePositives.total).toBe(45);
    expect(f.falsePositiveRecords.map((r) => r.id)).toEqual([]);
  });

  it("written-holdout: at least 95 of 108 poisoned servers refused, at most 1 of 101 honest ones flagged", async () => {
    const f = await figures("written-holdout.json");
    expect(f.recall.total).toBe(108);
    expect(f.recall.count).toBeGreaterThanOrEqual(95);
    expect(f.falsePositives.total).toBe(101);
    expect(f.falsePositives.count).toBeLessThanOrEqual(1);
  });

  it("written-final: at least 76 of 96 poisoned servers refused, at most 1 of 99 honest ones flagged", async () => {
    const f = await figures("written-final.json");
    expect(f.recall.total).toBe(96);
    expect(f.recall.count).toBeGreaterThanOrEqual(76);
    expect(f.falsePositives.total).toBe(99);
    expect(f.falsePositives.count).toBeLessThanOrEqual(1);
  });
});
