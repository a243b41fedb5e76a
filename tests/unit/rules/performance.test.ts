import { describe, expect, it } from "vitest";
import { runDiscoveryRules } from "@/lib/core/scanning/rules/run-rules";
import { DEVELOPMENT_SET } from "@/tests/fixtures/corpus/all-fixtures";

/**
 * The rule engine must keep up with a registry-wide rescan: at least 5,000
 * tool definitions per second on one core. Measured in CPU time (the test
 * machine is shared), over servers of 20 tools built from the corpus.
 */
describe("rule engine performance", () => {
  it("scans at least 5,000 tool definitions per second of CPU", () => {
    const tools = DEVELOPMENT_SET.flatMap((f) => f.discovery.tools);
    const servers = Array.from({ length: 250 }, (_, s) => ({
      ...DEVELOPMENT_SET[s % DEVELOPMENT_SET.length].discovery,
      tools: Array.from({ length: 20 }, (_, i) => {
        const t = tools[(s * 20 + i) % tools.length];
        return { ...t, name: `${t.name}_${i}` };
      }),
    }));
    for (const d of servers.slice(0, 25)) runDiscoveryRules(d);
    // Best of three passes: the machine is shared, the engine's own cost is the minimum.
    let seconds = Infinity;
    for (let pass = 0; pass < 3; pass++) {
      const before = process.cpuUsage();
      for (const d of servers) runDiscoveryRules(d);
      const used = process.cpuUsage(before);
      seconds = Math.min(seconds, (used.user + used.system) / 1e6);
    }
    const rate = 5000 / seconds;
    console.log(`[perf] 5000 tool definitions in ${(seconds * 1000).toFixed(0)} ms CPU: ${Math.round(rate)} tools/s`);
    expect(rate).toBeGreaterThanOrEqual(5000);
  });

  it("does not backtrack catastrophically on hostile text", () => {
    const hostile = [
      "a".repeat(20_000),
      "ignore ".repeat(3000),
      `${"<important ".repeat(2000)}`,
      `https://x.example/?${"a={b}&".repeat(3000)}`,
      `${"A".repeat(19_999)}=`,
      `${"\u200B".repeat(10_000)}`,
      `you must read ${"~/.ssh/".repeat(2000)}`,
    ];
    for (const text of hostile) {
      const d = { ...DEVELOPMENT_SET[0].discovery, tools: [{ ...DEVELOPMENT_SET[0].discovery.tools[0], description: text }] };
      const start = performance.now();
      runDiscoveryRules(d);
      expect(performance.now() - start, text.slice(0, 30)).toBeLessThan(1500);
    }
  });
});
