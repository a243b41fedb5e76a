import { describe, expect, it } from "vitest";
import { firstLetterIndexed, sharedWordEdge, topLevelAlternatives } from "@/lib/core/scanning/rules/regex-shape";

/** Every match of `re` over `text`, as "index:text". */
function matches(re: RegExp, text: string): string[] {
  const g = new RegExp(re.source, re.flags.includes("g") ? re.flags : `${re.flags}g`);
  return [...text.matchAll(g)].map((m) => `${m.index}:${m[0]}`);
}

const TEXTS = [
  "do not tell the user; never mention it. keep this between us",
  "the files are deleted, and tokens are revoked without telling anyone",
  "alpha beta-gamma (delta|epsilon) [x|y] \\| z",
  "Überprüfe nichts; 不要告诉用户 — quietly send it",
  "",
];

describe("topLevelAlternatives", () => {
  it("cuts only at the top level, not inside groups, classes or escapes", () => {
    expect(topLevelAlternatives(String.raw`a|(?:b|c)|[d|e]|f\|g`)).toEqual(["a", "(?:b|c)", "[d|e]", String.raw`f\|g`]);
    expect(topLevelAlternatives("single")).toEqual(["single"]);
  });
});

describe("sharedWordEdge", () => {
  const original = new RegExp(
    [String.raw`\b(?:do not|never) (?:tell|mention)\b`, String.raw`\bkeep (?:this|it) between us\b`, "不要告诉", String.raw`\bwithout telling\b`, String.raw`\bquietly\b`].join("|"),
    "g",
  );
  const shaped = sharedWordEdge(original);

  it("tests each run of word-edged alternatives' edge once, keeping their order and the flags", () => {
    expect(shaped.source).toBe(String.raw`\b(?:(?:do not|never) (?:tell|mention)\b|keep (?:this|it) between us\b)|不要告诉|\b(?:without telling\b|quietly\b)`);
    expect(shaped.flags).toBe("g");
  });

  it("finds the same matches at the same places", () => {
    for (const text of TEXTS) expect(matches(shaped, text), text).toEqual(matches(original, text));
  });

  it("leaves a pattern with no word-edged alternatives as it is", () => {
    expect(sharedWordEdge(/abc|def/).source).toBe("abc|def");
  });
});

describe("firstLetterIndexed", () => {
  const original = /alpha|also|beta|[`$]|d(?:elta|ata)|s?gamma|z/;
  const shaped = firstLetterIndexed(original);

  it("groups alternatives by a plain first letter and leaves the rest (classes, optional first letters, single letters) alone", () => {
    expect(shaped.source).toBe("a(?:lpha|lso)|beta|d(?:elta|ata)|[`$]|s?gamma|z");
  });

  it("answers test() as the original does", () => {
    for (const text of [...TEXTS, "also here", "sgamma", "gamma", "cost: $5", "zeta", "nothing to see"]) expect(shaped.test(text), text).toBe(original.test(text));
  });

  it("groups upper and lower case together under the i flag", () => {
    const ci = firstLetterIndexed(/AKIA|aws|Bearer|bearer2/i);
    expect(ci.source).toBe("a(?:KIA|ws)|b(?:earer|earer2)");
    for (const text of ["akia123", "AWS key", "BEARER x", "none"]) expect(ci.test(text), text).toBe(/AKIA|aws|Bearer|bearer2/i.test(text));
  });

  it("refuses global and sticky patterns, whose exec results it would not keep", () => {
    expect(() => firstLetterIndexed(/a|b/g)).toThrow();
    expect(() => firstLetterIndexed(/a|b/y)).toThrow();
  });
});
