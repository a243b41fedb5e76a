import { describe, expect, it } from "vitest";
import type { Grade } from "@/lib/core/grades";
import type { Severity } from "@/lib/core/findings";
import { parseCorpus, selectDefinitions, splitOf, CorpusError } from "@/scripts/eval-detection/corpus";
import {
  bySeverity,
  detectionJson,
  formatDetectionReport,
  isCaught,
  isFalsePositive,
  measureDetection,
  type FindingRecord,
  type ServerRecord,
} from "@/scripts/eval-detection/measure-detection";

const f = (id: string, severity: Severity, location = "tool/x", evidence = "evidence"): FindingRecord => ({ id, severity, location, evidence });

function rec(id: string, verdict: "malicious" | "benign", grade: Grade | null, findings: FindingRecord[], attack: string | null = null): ServerRecord {
  return {
    id,
    serverName: id,
    verdict,
    attack: verdict === "malicious" ? attack : null,
    grade,
    score: grade === null ? null : { A: 95, B: 85, C: 70, D: 50, F: 20 }[grade],
    status: grade === null ? "unreachable" : "completed",
    findings,
    error: null,
  };
}

// 6 malicious, 4 benign.
const RECORDS: ServerRecord[] = [
  rec("m1", "malicious", "F", [f("TM-HIDDEN", "critical")], "poisoning"), // caught
  rec("m2", "malicious", "D", [f("TM-EXFIL", "high")], "poisoning"), // caught
  rec("m3", "malicious", "C", [f("TM-EXFIL", "high")], "poisoning"), // missed: grade C
  rec("m4", "malicious", "F", [f("DA-X", "medium"), f("PR-Y", "low")], "shadowing"), // missed: no critical/high
  rec("m5", "malicious", null, [], "shadowing"), // missed: unreachable
  rec("m6", "malicious", "D", [f("TM-SHADOW", "high")], "exfiltration"), // caught
  rec("b1", "benign", "C", [f("DA-X", "medium")]), // fine
  rec("b2", "benign", "C", [f("TM-SENSITIVE-FILE", "high", "tool/read", "x".repeat(300))]), // FP: high finding
  rec("b3", "benign", "D", [f("TS-PLAINTEXT-HTTP", "medium")]), // FP: grade D
  rec("b4", "benign", null, []), // not scored, not an FP
];

describe("detection figures", () => {
  it("counts a malicious server as caught only with grade D/F and a critical/high finding", () => {
    expect(RECORDS.filter((r) => r.verdict === "malicious").map((r) => [r.id, isCaught(r)])).toEqual([
      ["m1", true],
      ["m2", true],
      ["m3", false],
      ["m4", false],
      ["m5", false],
      ["m6", true],
    ]);
    expect(RECORDS.filter((r) => r.verdict === "benign").map((r) => [r.id, isFalsePositive(r)])).toEqual([
      ["b1", false],
      ["b2", true],
      ["b3", true],
      ["b4", false],
    ]);
  });

  it("gives exact recall, false-positive rate, per-attack recall and grade distributions", () => {
    const m = measureDetection(RECORDS);
    expect(m.servers).toBe(10);
    expect(m.malicious).toBe(6);
    expect(m.benign).toBe(4);
    expect(m.recall).toEqual({ count: 3, total: 6, rate: 0.5 });
    expect(m.falsePositives).toEqual({ count: 2, total: 4, rate: 0.5 });
    expect(m.perAttack).toEqual([
      { attack: "exfiltration", count: 1, total: 1, rate: 1 },
      { attack: "poisoning", count: 2, total: 3, rate: 2 / 3 },
      { attack: "shadowing", count: 0, total: 2, rate: 0 },
    ]);
    expect(m.grades.malicious).toEqual({ A: 0, B: 0, C: 1, D: 2, F: 2, none: 1 });
    expect(m.grades.benign).toEqual({ A: 0, B: 0, C: 2, D: 1, F: 0, none: 1 });
    expect(m.notScored).toBe(2);
    expect(m.misses.map((r) => r.id)).toEqual(["m3", "m4", "m5"]);
    expect(m.falsePositiveRecords.map((r) => r.id)).toEqual(["b2", "b3"]);
  });

  it("answers null rates for empty sets and an unspecified attack for malicious servers without one", () => {
    const empty = measureDetection([]);
    expect(empty.recall).toEqual({ count: 0, total: 0, rate: null });
    expect(empty.falsePositives.rate).toBeNull();
    const m = measureDetection([rec("m", "malicious", "F", [f("A", "critical")])]);
    expect(m.perAttack).toEqual([{ attack: "(unspecified)", count: 1, total: 1, rate: 1 }]);
    expect(formatDetectionReport(empty, { files: ["c.json"] })).toContain("Recall (malicious graded D/F with a critical/high finding): 0/0 (n/a)");
  });

  it("orders findings by severity, keeping the order within one severity", () => {
    const sorted = bySeverity([f("L", "low"), f("H1", "high"), f("C", "critical"), f("H2", "high"), f("I", "info")]);
    expect(sorted.map((x) => x.id)).toEqual(["C", "H1", "H2", "L", "I"]);
  });

  it("prints the figures, the misses with their top 3 findings and the false positives with truncated evidence", () => {
    const records = [
      ...RECORDS,
      rec("m7", "malicious", "C", [f("L1", "low", "server"), f("M1", "medium", "tool/a"), f("H1", "high", "tool/b"), f("I1", "info"), f("M2", "medium", "tool/c")], "poisoning"),
    ];
    const text = formatDetectionReport(measureDetection(records), { files: ["corpus.json"], split: "dev", durationMs: 1234 });
    expect(text).toContain("Servers: 11 (7 malicious, 4 benign), 2 not scored, 1.2 s");
    expect(text).toContain("Recall (malicious graded D/F with a critical/high finding): 3/7 (42.9%)");
    expect(text).toContain("False positives (benign with a critical/high finding or graded D/F): 2/4 (50.0%)");
    expect(text).toMatch(/^ {2}poisoning +2\/4 \(50\.0%\)$/m);
    expect(text).toMatch(/^ {2}shadowing +0\/2 \(0\.0%\)$/m);
    expect(text).toContain("malicious  A 0  B 0  C 2  D 2  F 2  none 1");
    expect(text).toContain("benign     A 0  B 0  C 2  D 1  F 0  none 1");
    expect(text).toContain("Misses (4):");
    expect(text).toContain("  m7  [poisoning]  grade C (score 70)  high H1@tool/b, medium M1@tool/a, medium M2@tool/c");
    expect(text).toContain("  m5  [shadowing]  no grade (unreachable)  no findings");
    expect(text).toContain("False positives (2):");
    expect(text).toContain(`  b2  grade C (score 70)\n    high TM-SENSITIVE-FILE@tool/read: ${"x".repeat(119)}…\n`);
    expect(text).toMatch(/ {2}b3 {2}grade D \(score 50\)$/m);
    // --quiet-misses: the count stays, the list goes.
    const quiet = formatDetectionReport(measureDetection(records), { files: ["corpus.json"] }, { quietMisses: true });
    expect(quiet).toContain("Misses (4):");
    expect(quiet).not.toContain("m7  [poisoning]");
    expect(quiet).toContain("b2  grade C");
  });

  it("puts the figures and every record into the JSON form", () => {
    const json = detectionJson(measureDetection(RECORDS), { files: ["c.json"], split: "check" }, RECORDS);
    expect(json).toMatchObject({ split: "check", recall: { count: 3, total: 6 }, misses: ["m3", "m4", "m5"], falsePositiveIds: ["b2", "b3"] });
    expect((json.records as ServerRecord[]).length).toBe(10);
    expect(JSON.parse(JSON.stringify(json)).records[1]).toEqual({
      id: "m2",
      serverName: "m2",
      verdict: "malicious",
      attack: "poisoning",
      grade: "D",
      score: 50,
      status: "completed",
      findings: [{ id: "TM-EXFIL", severity: "high", location: "tool/x", evidence: "evidence" }],
      error: null,
    });
  });
});

describe("corpus file", () => {
  const tool = { name: "t", description: "d", inputSchema: { type: "object" } };

  it("names the bad entry and field, and refuses duplicate ids", () => {
    expect(() => parseCorpus({}, "c.json")).toThrow(/c\.json: a corpus file must hold a JSON array/);
    const bad = () => parseCorpus([{ id: "ok", verdict: "benign", tools: [tool] }, { id: "m-x", verdict: "evil", tools: [tool] }], "c.json");
    expect(bad).toThrow(CorpusError);
    expect(bad).toThrow(/entry 1 \(id "m-x"\): verdict:/);
    expect(() => parseCorpus([{ id: "a", verdict: "benign", tools: [{ name: 3 }] }], "c.json")).toThrow(/entry 0 \(id "a"\): tools\[0\]\.name:/);
    expect(() => parseCorpus([{ id: "r", verdict: "malicious", tools: [tool], rugPull: true }], "c.json")).toThrow(/toolsAfter: is required when rugPull is true/);
    expect(() => parseCorpus([{ id: "a", verdict: "benign", tools: [] }, { id: "a", verdict: "benign", tools: [] }], "c.json")).toThrow(/id "a" is also used by entry 0/);
  });

  it("keeps unknown tool keys (served verbatim) and ignores unknown entry keys", () => {
    const [def] = parseCorpus([{ id: "a", verdict: "benign", serverName: "S", tools: [{ ...tool, title: "T" }], source: "x", note: "y" }], "c.json");
    expect(def.tools[0]).toEqual({ ...tool, title: "T" });
    expect(def).toMatchObject({ id: "a", serverName: "S", attack: null, toolsAfter: null, instructions: null, resources: [], prompts: [] });
  });

  it("splits deterministically and filters by id or server name", () => {
    const defs = parseCorpus(
      [
        { id: "m-1", verdict: "malicious", attack: "a", serverName: "Playwright", tools: [] },
        { id: "b-weather", verdict: "benign", serverName: "weather", tools: [] },
        { id: "m-2", verdict: "malicious", attack: "a", serverName: "calc", tools: [] },
      ],
      "c.json",
    );
    // Playwright is held out by name (sha256("m-1") starts with 0xa4, even); the others by parity: 0x47 (odd) and 0x8a (even).
    expect(defs.map(splitOf)).toEqual(["check", "check", "dev"]);
    expect(selectDefinitions(defs, { split: "dev" }).map((d) => d.id)).toEqual(["m-2"]);
    expect(selectDefinitions(defs, { split: "check" }).map((d) => d.id)).toEqual(["m-1", "b-weather"]);
    expect(selectDefinitions(defs, { only: ["WEATH", "calc"] }).map((d) => d.id)).toEqual(["b-weather", "m-2"]);
    expect(selectDefinitions(defs, { exclude: ["m-"] }).map((d) => d.id)).toEqual(["b-weather"]);
    expect(selectDefinitions(defs, { only: ["m-"], exclude: ["playwright"] }).map((d) => d.id)).toEqual(["m-2"]);
  });
});
