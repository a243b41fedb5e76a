import { describe, expect, it } from "vitest";
import { runDiscoveryRules } from "@/lib/core/scanning/rules/run-rules";
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
