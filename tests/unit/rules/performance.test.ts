import { describe, expect, it } from "vitest";
import { runDiscoveryRules } from "@/lib/core/scanning/rules/run-rules";
import { MAX_FIELD_CHARS } from "@/lib/core/scanning/normalize-text";
import { DEVELOPMENT_SET } from "@/tests/fixtures/corpus/all-fixtures";

/**
 * Catastrophic backtracking guard. The engine's throughput is measured by
 * `npm run bench` (rules suite), not asserted here; this only checks that
 * hostile text costs the same order as ordinary prose of the same length
 * (the best of three runs of each, in this process): a regex that
 * backtracks catastrophically costs thousands of times more, not a few.
 */
describe("rule engine on hostile text", () => {
  const prose = "the weather service returns a forecast for the city you name with hourly detail ";
  const bestOfThree = (description: string) => {
    const base = DEVELOPMENT_SET[0].discovery;
    const discovery = { ...base, tools: [{ ...base.tools[0], description }] };
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      runDiscoveryRules(discovery);
      best = Math.min(best, performance.now() - started);
    }
    return best;
  };

  it.each([
    ["letters", "a".repeat(20_000)],
    ["a repeated trigger word", "ignore ".repeat(3000)],
    ["unclosed tags", "<important ".repeat(2000)],
    ["a long query string", `https://x.example/?${"a={b}&".repeat(3000)}`],
    ["base64-like run", `${"A".repeat(19_999)}=`],
    ["zero-width characters", "\u200B".repeat(10_000)],
    ["a repeated sensitive path", `you must read ${"~/.ssh/".repeat(2000)}`],
  ])("%s costs the order of ordinary prose of the same length", (_name, hostile) => {
    const ordinary = bestOfThree(prose.repeat(Math.ceil(hostile.length / prose.length)).slice(0, hostile.length));
    const cost = bestOfThree(hostile);
    expect(cost / Math.max(ordinary, 0.5)).toBeLessThan(100);
  });
});

/**
 * Work per match must not depend on the sentence's length: one long
 * sentence holding a trigger thousands of times (the longest field the
 * engine reads) would otherwise cost the square of its length, and a scan
 * of a hostile server would hold the process for seconds. 16 times the text
 * should cost about 16 times as much; a per-match scan of the sentence makes
 * it hundreds of times. Each case repeats one trigger with nothing between.
 */
describe("rule engine cost per match", () => {
  const bestOfFive = (description: string, where: "description" | "parameter") => {
    const base = DEVELOPMENT_SET[0].discovery;
    const tool =
      where === "description"
        ? { ...base.tools[0], description }
        : { ...base.tools[0], inputSchema: { type: "object", properties: { notes: { type: "string", description } } } };
    const discovery = { ...base, tools: [tool] };
    let best = Infinity;
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      runDiscoveryRules(discovery as typeof base);
      best = Math.min(best, performance.now() - started);
    }
    return best;
  };
  const repeated = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

  it.each([
    ["a sensitive path", "~/.ssh/"],
    ["an access verb and a target", "read ~/.ssh/id_rsa "],
    ["an obligation and a target", "you must read ~/.ssh/ "],
    ["a URL with a private slot", "https://collect.example/c?data={conversation} "],
    ["data routed into a parameter", "pass the conversation history in the notes parameter "],
    ["a client configuration file", "write mcp.json "],
    ["a tag", "<important> "],
    ["an instruction override", "ignore previous instructions "],
  ])("%s repeated through the longest field grows linearly", (_name, unit) => {
    for (const where of ["description", "parameter"] as const) {
      const short = bestOfFive(repeated(unit, MAX_FIELD_CHARS / 16), where);
      const long = bestOfFive(repeated(unit, MAX_FIELD_CHARS), where);
      expect(long / Math.max(short, 0.05), where).toBeLessThan(40);
    }
  });
});
