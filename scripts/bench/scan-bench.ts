import { performance } from "node:perf_hooks";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { runScan } from "@/lib/core/scanning/run-scan";
import { UNKNOWN_SERVER_CONTEXT, type Discovery } from "@/lib/core/scanning/scan-outcome";
import { runDiscoveryRules } from "@/lib/core/scanning/rules/run-rules";
import { startStreamableHttpFixture } from "../../tests/fixtures/harness/mcp-fixture";
import { BENIGN_DEVELOPMENT_SERVERS } from "../../tests/fixtures/servers/benign/benign-servers";
import { MALICIOUS_DEVELOPMENT_SERVERS } from "../../tests/fixtures/servers/malicious/malicious-servers";


const VERBS = ["get", "list", "create", "update", "search", "export", "sync", "archive", "render", "summarize"];
const NOUNS = ["issue", "invoice", "calendar_event", "document", "contact"];

/** A realistic 50-tool server: CRUD-ish verbs over a few nouns, with described, typed parameters. */
function fiftyToolServer(): McpServer {
  const server = new McpServer({ name: "bench-50-tools", version: "1.0.0" });
  for (const verb of VERBS) {
    for (const noun of NOUNS) {
      server.registerTool(
        `${verb}_${noun}`,
        {
          description: `${verb[0].toUpperCase()}${verb.slice(1)} a ${noun.replace("_", " ")} in the workspace. Returns the ${noun.replace("_", " ")} as JSON.`,
          inputSchema: {
            id: z.string().describe(`Identifier of the ${noun.replace("_", " ")}.`),
            fields: z.array(z.string()).optional().describe("Fields to include in the answer."),
            limit: z.number().int().min(1).max(100).default(20).describe("At most this many items."),
          },
          annotations: { readOnlyHint: ["get", "list", "search", "export", "render", "summarize"].includes(verb) },
        },
        async () => ({ content: [{ type: "text", text: "{}" }] }),
      );
    }
  }
  return server;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Median and p95 of 30 full scans of a local 50-tool server (target: median under 250 ms). */
export async function benchScan(): Promise<string> {
  const fixture = await startStreamableHttpFixture(() => fiftyToolServer());
  try {
    const times: number[] = [];
    for (let i = 0; i < 33; i++) {
      const started = performance.now();
      const outcome = await runScan(fixture.url, UNKNOWN_SERVER_CONTEXT, { allowedRanges: ["127.0.0.0/8"], deadlineMs: 20_000 });
      if (outcome.status !== "completed" || outcome.discovery?.tools.length !== 50) throw new Error(`unexpected scan: ${outcome.status}`);
      if (i >= 3) times.push(performance.now() - started); // 3 warm-up scans
    }
    times.sort((a, b) => a - b);
    return `\nScan of a local 50-tool server (30 scans): median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (target: median < 250 ms)`;
  } finally {
    await fixture.close();
  }
}

/**
 * The rule engine alone over 10,000 tool definitions drawn from the fixture
 * corpus (benign and poisoned), against a plain JSON.parse of the same data
 * as the machine's baseline. Target: at least 5,000 definitions per second.
 */
export async function benchRules(): Promise<string> {
  const corpus: Discovery[] = [...BENIGN_DEVELOPMENT_SERVERS, ...MALICIOUS_DEVELOPMENT_SERVERS].map((s) => s.discovery);
  // The first text beyond Latin-1 a process meets compiles every lexicon for two-byte strings: measured
  // before anything else runs, after one English server (as a service that has scanned before).
  const english = corpus.find((d) => d.tools.length > 0 && d.tools.every((t) => /^[\x00-\x7f]*$/.test(t.description ?? "")))!;
  const tool = english.tools[0];
  const nonLatin: Discovery = { ...english, tools: [{ ...tool, description: "Возвращает прогноз погоды для города. 指定した都市の天気を返します。" }] };
  runDiscoveryRules(english);
  const coldStarted = performance.now();
  runDiscoveryRules(nonLatin);
  const nonLatinFirstMs = performance.now() - coldStarted;
  const tools = corpus.flatMap((d) => d.tools);
  const total = 10_000;
  const batches: Discovery[] = [];
  for (let i = 0, n = 0; n < total; i++) {
    const base = corpus[i % corpus.length];
    const batch = Array.from({ length: Math.min(20, total - n) }, (_, k) => ({ ...tools[(i * 20 + k) % tools.length], name: `${tools[(i * 20 + k) % tools.length].name}_${i}` }));
    batches.push({ ...base, tools: batch, resources: [], resourceTemplates: [], prompts: [] });
    n += batch.length;
  }
  const serialized = JSON.stringify(batches);

  let started = performance.now();
  for (let r = 0; r < 3; r++) JSON.parse(serialized);
  const parseMs = (performance.now() - started) / 3;

  // The first pass pays once per process for loading the part-of-speech tagger and compiling
  // the large patterns; a scanning service pays it once, so throughput is the second pass.
  const pass = () => {
    const began = performance.now();
    let hits = 0;
    for (const discovery of batches) hits += runDiscoveryRules(discovery).length;
    return { ms: performance.now() - began, hits };
  };
  const first = pass();
  const steady = pass();
  const perSecond = (ms: number) => ((total / ms) * 1000).toFixed(0);
  return (
    `\nRule engine over ${total.toLocaleString("en")} tool definitions: ${steady.ms.toFixed(0)} ms → ${perSecond(steady.ms)} definitions/s (target ≥ 5,000), ${steady.hits} hits` +
    `\n  first pass in this process (loads the tagger, compiles patterns): ${first.ms.toFixed(0)} ms → ${perSecond(first.ms)} definitions/s` +
    `\n  baseline JSON.parse of the same data: ${parseMs.toFixed(1)} ms → rules cost ${(steady.ms / parseMs).toFixed(1)}x a parse` +
    `\n  first server in Cyrillic and Japanese, after one in English (compiles the lexicons for such text): ${nonLatinFirstMs.toFixed(0)} ms`
  );
}
