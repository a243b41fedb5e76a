import { performance } from "node:perf_hooks";

export interface Measurement {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Runs `operation` with `concurrency` workers for `durationMs` (after a short
 * warm-up) and reports throughput and latency percentiles in milliseconds.
 * Each call gets its sequence number so a workload can rotate its inputs.
 */
export async function measure(
  name: string,
  operation: (i: number) => Promise<unknown>,
  options: { durationMs?: number; warmupMs?: number; concurrency?: number } = {},
): Promise<Measurement> {
  const { durationMs = 4000, warmupMs = 500, concurrency = 8 } = options;
  let counter = 0;
  const run = async (until: number, latencies: number[] | null) => {
    const worker = async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await operation(counter++);
        latencies?.push(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  };
  await run(performance.now() + warmupMs, null);
  const latencies: number[] = [];
  const started = performance.now();
  await run(started + durationMs, latencies);
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    rps: (latencies.length / elapsed) * 1000,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

export interface PairedMeasurement extends Measurement {
  /** Median over rounds of this route's req/s divided by the mean of the baselines measured just before and after it. */
  rpsRatio: number;
  /** Median over rounds of this route's p95 divided by the mean of the same two baselines' p95. */
  p95Ratio: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Each route against the baseline measured on both sides of it, in several
 * rounds (B R B R … B), and the median of the per-round ratios, each taken
 * against the mean of the two baselines around it. On a shared 2-core
 * virtual machine the speed drifts within a run, often by a third within a
 * minute: a baseline measured once at the start, or only before each
 * sample, would make later routes look better or worse than they are.
 */
export async function compareToBaseline(
  baseline: (i: number) => Promise<unknown>,
  routes: [name: string, operation: (i: number) => Promise<unknown>][],
  options: { rounds?: number; durationMs?: number; concurrency?: number } = {},
): Promise<{ baseline: Measurement; rows: PairedMeasurement[] }> {
  const { rounds = 5, durationMs = 1500, concurrency = 8 } = options;
  // Warm every route first: the first requests of a fresh server compile and cache.
  for (const op of [baseline, ...routes.map(([, op]) => op)]) await measure("warm-up", op, { durationMs: 800, warmupMs: 200, concurrency });
  const baselines: Measurement[] = [];
  const rows: PairedMeasurement[] = [];
  const measureBaseline = async () => {
    const base = await measure("baseline", baseline, { durationMs, warmupMs: 200, concurrency });
    baselines.push(base);
    return base;
  };
  for (const [name, operation] of routes) {
    const samples: { base: { rps: number; p95: number }; route: Measurement }[] = [];
    let before = await measureBaseline();
    for (let round = 0; round < rounds; round++) {
      const route = await measure(name, operation, { durationMs, warmupMs: 200, concurrency });
      const after = await measureBaseline();
      samples.push({ base: { rps: (before.rps + after.rps) / 2, p95: (before.p95 + after.p95) / 2 }, route });
      before = after;
    }
    const pick = (f: (m: Measurement) => number) => median(samples.map((s) => f(s.route)));
    rows.push({
      name,
      requests: samples.reduce((n, s) => n + s.route.requests, 0),
      rps: pick((m) => m.rps),
      p50: pick((m) => m.p50),
      p95: pick((m) => m.p95),
      p99: pick((m) => m.p99),
      rpsRatio: median(samples.map((s) => s.route.rps / s.base.rps)),
      p95Ratio: median(samples.map((s) => s.route.p95 / s.base.p95)),
    });
  }
  const base = (f: (m: Measurement) => number) => median(baselines.map(f));
  return {
    baseline: { name: "baseline", requests: baselines.reduce((n, m) => n + m.requests, 0), rps: base((m) => m.rps), p50: base((m) => m.p50), p95: base((m) => m.p95), p99: base((m) => m.p99) },
    rows,
  };
}

/** A table of paired measurements: each ratio is against the baseline measured beside it. */
export function formatPaired(title: string, baselineName: string, result: { baseline: Measurement; rows: PairedMeasurement[] }): string {
  const header = `${"route".padEnd(40)} ${"req/s".padStart(8)} ${"x base".padStart(7)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"p95 x base".padStart(10)}`;
  const line = (name: string, m: Measurement, ratio: string, p95Ratio: string) =>
    `${name.padEnd(40)} ${m.rps.toFixed(0).padStart(8)} ${ratio.padStart(7)} ${m.p50.toFixed(2).padStart(8)} ${m.p95.toFixed(2).padStart(8)} ${m.p99.toFixed(2).padStart(8)} ${p95Ratio.padStart(10)}`;
  return [
    `\n${title}`,
    header,
    line(`${baselineName} (median)`, result.baseline, "1.00", "1.00"),
    ...result.rows.map((r) => line(r.name, r, r.rpsRatio.toFixed(2), r.p95Ratio.toFixed(2))),
  ].join("\n");
}
