import { describe, expect, it } from "vitest";
import { ALL_FIXTURES, CONFIRMATION_SET, DEVELOPMENT_SET, HOLDOUT_SET } from "@/tests/fixtures/corpus/all-fixtures";
import { judgeFixture, type FixtureVerdict } from "@/tests/fixtures/corpus/assess-fixture";
import type { ServerFixture } from "@/tests/fixtures/corpus/server-fixture";

/**
 * Honest evaluation: detection rate on malicious servers and false-positive
 * rate (any medium+ finding) on benign ones, for the development set and
 * separately for the holdout the rules were not written against.
 */
function evaluate(name: string, set: readonly ServerFixture[]) {
  const verdicts = set.map(judgeFixture);
  const malicious = verdicts.filter((v) => v.fixture.kind === "malicious");
  const benign = verdicts.filter((v) => v.fixture.kind === "benign");
  const critical = malicious.filter((v) => v.fixture.expected.maxGrade === "F");
  const detected = malicious.filter((v) => v.detected).length;
  const criticalDetected = critical.filter((v) => v.detected).length;
  const falsePositives = benign.filter((v) => v.falsePositive).length;
  const pct = (n: number, d: number) => (d === 0 ? "n/a" : `${((100 * n) / d).toFixed(1)}%`);
  console.log(
    `[corpus] ${name}: detection ${detected}/${malicious.length} (${pct(detected, malicious.length)}), critical-category detection ${criticalDetected}/${critical.length} (${pct(criticalDetected, critical.length)}), ` +
      `false positives (medium+) ${falsePositives}/${benign.length} (${pct(falsePositives, benign.length)})`,
  );
  return { verdicts, malicious, benign, critical, detected, criticalDetected, falsePositives };
}

const describeFailures = (vs: FixtureVerdict[]) => vs.filter((v) => !v.meetsExpectation).map((v) => `${v.fixture.id}: ${v.problems.join("; ")}`);

describe("fixture corpus", () => {
  it("has at least 40 development servers, half benign, and a holdout of at least 10 + 10", () => {
    expect(DEVELOPMENT_SET.length).toBeGreaterThanOrEqual(40);
    expect(DEVELOPMENT_SET.filter((f) => f.kind === "benign").length).toBeGreaterThanOrEqual(20);
    expect(DEVELOPMENT_SET.filter((f) => f.kind === "malicious").length).toBeGreaterThanOrEqual(20);
    expect(HOLDOUT_SET.filter((f) => f.kind === "benign").length).toBeGreaterThanOrEqual(10);
    expect(HOLDOUT_SET.filter((f) => f.kind === "malicious").length).toBeGreaterThanOrEqual(10);
    expect(new Set(ALL_FIXTURES.map((f) => f.id)).size).toBe(ALL_FIXTURES.length);
  });

  it("covers every threat-rule category with a malicious development server", () => {
    const flagged = new Set(DEVELOPMENT_SET.filter((f) => f.kind === "malicious").flatMap((f) => f.expected.mustFlag.map((id) => id.split("-").slice(0, 2).join("-"))));
    for (const family of ["TM-HIDDEN", "TM-IGNORE", "TM-ORDERING", "TM-CONCEALMENT", "TM-SENSITIVE", "TM-EXFIL", "TM-IMAGE", "TM-TOOL", "TM-CONFIG", "OB-INVISIBLE", "OB-ANSI", "OB-BASE64", "OB-HOMOGLYPH", "OB-ENCODED", "SEC-SECRET", "DA-ANNOTATION", "PM-SHELL", "PM-CODE", "PM-RAW", "PM-TOXIC", "RP-TOOL", "RP-DESCRIPTION", "TS-TLS", "NB-CROSS", "NB-HTTPS"]) {
      expect(flagged, family).toContain(family);
    }
  });

  it("development set: every expectation holds, 100% detection, no medium+ finding on benign servers", () => {
    const r = evaluate("development", DEVELOPMENT_SET);
    expect(describeFailures(r.verdicts)).toEqual([]);
    expect(r.detected).toBe(r.malicious.length);
    expect(r.falsePositives).toBe(0);
  });

  it("holdout set: 100% detection of critical categories, no medium+ finding on benign servers", () => {
    const r = evaluate("holdout", HOLDOUT_SET);
    expect(r.criticalDetected).toBe(r.critical.length);
    expect(r.falsePositives).toBe(0);
    expect(describeFailures(r.verdicts)).toEqual([]);
  });

  it("confirmation rounds: every poisoned server ends at F, no medium+ finding on benign servers", () => {
    const r = evaluate("confirmation", CONFIRMATION_SET);
    expect(r.critical.filter((v) => v.result.score?.grade !== "F").map((v) => v.fixture.id)).toEqual([]);
    expect(r.falsePositives).toBe(0);
    expect(describeFailures(r.verdicts)).toEqual([]);
  });

  it("never grades a poisoned server above F, whatever its other factors", () => {
    for (const v of ALL_FIXTURES.filter((f) => f.kind === "malicious" && f.expected.maxGrade === "F").map(judgeFixture)) {
      expect(v.result.score?.grade, v.fixture.id).toBe("F");
      expect(v.result.score?.trustLabel, v.fixture.id).toBe("dangerous");
    }
  });
});
