import { describe, expect, it } from "vitest";
import { analyzeField, clauseAfter, clauseBefore, withClauseBefore } from "@/lib/core/scanning/rules/analyzed-field";

describe("clauses parted by a semicolon", () => {
  const field = analyzeField({ owner: "tool", ownerName: "t", location: "tools/t/description", kind: "description", text: "Use x as the remote; origin is updated from there. Done.", paramName: undefined, describesFlag: false });

  it("joins a sentence to the clause before it, and finds the clause after", () => {
    expect(withClauseBefore(field, 1).text).toBe("use x as the remote; origin is updated from there");
    expect(clauseAfter(field, 0)?.text).toBe(field.sentences[1].text);
    expect(clauseAfter(field, 1)).toBeNull();
  });

  it("answers null, not a TypeError, past either end", () => {
    expect(clauseBefore(field, field.sentences.length)).toBeNull();
    expect(clauseAfter(field, field.sentences.length - 1)).toBeNull();
    expect(clauseBefore(field, 0)).toBeNull();
  });
});
