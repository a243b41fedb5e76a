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

/** A table of measurements as ratios to the first (the baseline). */
export function formatRatios(title: string, rows: Measurement[]): string {
  const [baseline] = rows;
  const lines = [
    `\n${title}`,
    `${"route".padEnd(34)} ${"req/s".padStart(9)} ${"x base".padStart(7)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"p95 x base".padStart(10)}`,
  ];
  for (const row of rows) {
    lines.push(
      `${row.name.padEnd(34)} ${row.rps.toFixed(0).padStart(9)} ${(row.rps / baseline.rps).toFixed(2).padStart(7)} ${row.p50.toFixed(2).padStart(8)} ${row.p95.toFixed(2).padStart(8)} ${row.p99.toFixed(2).padStart(8)} ${(row.p95 / baseline.p95).toFixed(2).padStart(10)}`,
    );
  }
  return lines.join("\n");
}
