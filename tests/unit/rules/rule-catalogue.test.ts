import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SEVERITIES } from "@/lib/core/findings";
import { FACTOR_KEYS } from "@/lib/core/scoring/factors";
import { findRule, INSTRUCTION_RULE_IDS, RULE_CATALOGUE } from "@/lib/core/scanning/rules/rule-catalogue";
import { renderRuleCatalogue } from "@/lib/core/scanning/rules/render-rule-catalogue";
import { ALL_FIXTURES } from "@/tests/fixtures/corpus/all-fixtures";
import { assessFixture } from "@/tests/fixtures/corpus/assess-fixture";

const INVISIBLE_RE = /[\x00-\x08\x0B-\x1F\x7F-\x9F\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/u;

describe("rule catalogue", () => {
  it("has unique ids and complete entries", () => {
    expect(new Set(RULE_CATALOGUE.map((r) => r.id)).size).toBe(RULE_CATALOGUE.length);
    for (const r of RULE_CATALOGUE) {
      expect(r.id).toMatch(/^[A-Z]{2,4}-[A-Z0-9-]+$/);
      expect(FACTOR_KEYS).toContain(r.factor);
      expect(SEVERITIES).toContain(r.severity);
      for (const text of [r.title, r.shortName, r.detects, r.remediation]) expect(text.length).toBeGreaterThan(3);
      if (r.alsoAffects) expect(FACTOR_KEYS).toContain(r.alsoAffects);
    }
    for (const id of INSTRUCTION_RULE_IDS) expect(findRule(id)).toBeDefined();
  });

  it("is published in docs/rule-catalogue.md, generated from the catalogue", () => {
    expect(readFileSync("docs/rule-catalogue.md", "utf8")).toBe(renderRuleCatalogue());
  });

  it("every finding over the whole corpus references a catalogue id, matches its factor, and has safe short evidence", () => {
    let count = 0;
    for (const fixture of ALL_FIXTURES) {
      for (const f of assessFixture(fixture).findings) {
        count++;
        const rule = findRule(f.id);
        expect(rule, `${fixture.id}: ${f.id}`).toBeDefined();
        expect(f.factor).toBe(rule?.factor);
        expect(f.title).toBe(rule?.title);
        expect(f.evidence.length, `${fixture.id}: ${f.id} evidence`).toBeLessThanOrEqual(200);
        expect(INVISIBLE_RE.test(f.evidence), `${fixture.id}: ${f.id} raw invisible in evidence`).toBe(false);
        expect(f.location.length).toBeGreaterThan(0);
      }
    }
    expect(count).toBeGreaterThan(100);
  });

  it("reports each (id, location) once", () => {
    for (const fixture of ALL_FIXTURES) {
      const keys = assessFixture(fixture).findings.map((f) => `${f.id}@${f.location}`);
      expect(new Set(keys).size, fixture.id).toBe(keys.length);
    }
  });
});
