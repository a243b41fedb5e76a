import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { Pool } from "undici";
import { parseConfig } from "@/lib/config";
import { openServices } from "@/lib/services/open-services";
import { startAppProcess } from "../lib/app-process";
import { fillRegistry, generatedPublisher, publisherCount } from "./generate-registry";
import { compareToBaseline, formatPaired, measure, type Measurement } from "./measure";

const QUERIES = ["weather", "githb", "postgres server", "publisher-42", "slack", "calender", "docker gateway", "kubernetes 77"];

export interface BenchDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** A fresh database filled with `size` servers: its own PostgreSQL database, or a PGlite directory. */
export async function prepareDatabase(kind: "postgres" | "pglite", size: number, adminUrl: string): Promise<BenchDatabase> {
  const started = Date.now();
  if (kind === "pglite") {
    const dir = mkdtempSync(path.join(tmpdir(), "trust-bench-"));
    const services = await openServices(parseConfig({ PGLITE_DIR: dir }));
    await fillRegistry(services.database.db, size);
    await services.close();
    console.log(`filled ${size} servers on pglite in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { env: { PGLITE_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `trust_bench_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const services = await openServices(parseConfig({ DATABASE_URL: url.toString() }));
  await fillRegistry(services.database.db, size);
  await services.close();
  console.log(`filled ${size} servers on postgres in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * Requests over HTTP to the real server (`npm start` in a child process).
 * Each request comes "through a proxy" from its own address in the
 * benchmarking range 198.18.0.0/15, so the per-IP read limit is exercised
 * (its cost is in the figures) without capping the run.
 */
function httpClient(baseUrl: string) {
  const pool = new Pool(baseUrl, { connections: 16 });
  let sequence = 0;
  return {
    async get(pathAndQuery: string): Promise<void> {
      const n = sequence++;
      const response = await pool.request({
        path: pathAndQuery,
        method: "GET",
        headers: { "x-forwarded-for": `198.18.${(n >> 8) & 255}.${n & 255}` },
      });
      await response.body.arrayBuffer();
      if (response.statusCode !== 200) throw new Error(`${pathAndQuery} answered ${response.statusCode}`);
    },
    close: () => pool.close(),
  };
}

/**
 * Search paths that the read cache has never seen: every call takes the next
 * publisher (each has ~8 servers), and once every publisher was asked, the
 * cycle repeats with another `limit` (the same rows, another cache key).
 * The counter is shared by every round and warm-up, so no query repeats
 * within a run.
 */
function distinctSearches(size: number): () => string {
  const publishers = publisherCount(size);
  let n = 0;
  return () => {
    const i = n++;
    const publisher = (i * 7) % publishers;
    const limit = 20 + (Math.floor(i / publishers) % 30);
    return `/api/v1/search?q=publisher-${publisher}&limit=${limit}`;
  };
}

/** Measures the REST routes against a trivial route of the same app (the discovery document) as the baseline. */
export async function benchRest(kind: "postgres" | "pglite", size: number, adminUrl: string): Promise<{ rows: Measurement[]; table: string }> {
  const database = await prepareDatabase(kind, size, adminUrl);
  const app = await startAppProcess({ ...database.env, TRUSTED_PROXY_COUNT: "1" });
  const client = httpClient(app.url);
  try {
    const profileUrl = encodeURIComponent(`https://weather-20.${generatedPublisher(20, size)}.example/mcp`);
    const nextDistinctSearch = distinctSearches(size);
    const result = await compareToBaseline(
      () => client.get("/.well-known/agent.json"),
      [
        ["search (no q)", () => client.get("/api/v1/search")],
        ["search q (8 popular queries)", (i) => client.get(`/api/v1/search?q=${encodeURIComponent(QUERIES[i % QUERIES.length])}`)],
        // Distinct queries defeat the read cache: the database's own cost.
        ["search q (distinct, uncached)", () => client.get(nextDistinctSearch())],
        ["search grade+certified", (i) => client.get(`/api/v1/search?grade=${"ABCDF"[i % 5]}&certified=true&sort=score-high`)],
        ["search sort=name page 50", () => client.get(`/api/v1/search?sort=name&page=50`)],
        ["profile", () => client.get(`/api/v1/server/${profileUrl}`)],
        ["stats", () => client.get("/api/v1/stats")],
        ["badge (repeated)", () => client.get(`/api/v1/badge?url=${profileUrl}`)],
      ],
    );
    return { rows: result.rows, table: formatPaired(`REST over HTTP on ${kind}, ${size.toLocaleString("en")} servers`, "baseline /.well-known/agent.json", result) };
  } finally {
    await client.close();
    await app.stop();
    await database.drop();
  }
}

/** Search p95 at a large registry as a ratio to its p95 at 10,000 (run once, reported). */
export async function benchSearchScaling(adminUrl: string, large: number): Promise<string> {
  const p95 = async (size: number) => {
    const database = await prepareDatabase("postgres", size, adminUrl);
    const app = await startAppProcess({ ...database.env, TRUSTED_PROXY_COUNT: "1" });
    const client = httpClient(app.url);
    try {
      // Distinct queries, so the read cache never answers: the index's own scaling.
      const nextDistinctSearch = distinctSearches(size);
      await measure("warm-up", () => client.get("/api/v1/search?q=weather"), { durationMs: 1000 });
      return await measure(`search q @${size}`, () => client.get(nextDistinctSearch()));
    } finally {
      await client.close();
      await app.stop();
      await database.drop();
    }
  };
  const small = await p95(10_000);
  const big = await p95(large);
  return `\nSearch scaling on postgres (distinct, uncached queries): p95 ${small.p95.toFixed(2)} ms at 10,000 vs ${big.p95.toFixed(2)} ms at ${large.toLocaleString("en")} → ${(big.p95 / small.p95).toFixed(2)}x`;
}
