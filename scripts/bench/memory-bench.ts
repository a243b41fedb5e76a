import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { Pool } from "undici";
import { startAppProcess } from "../lib/app-process";
import { generatedServerUrl, publisherCount } from "./generate-registry";
import { prepareDatabase } from "./rest-bench";
import { processTree } from "@/lib/core/packages/sandbox/process-tree";

/** The issue's targets (#14), in MB of resident memory of the app process. */
const MEMORY_TARGETS = { idleMb: 350, soakPeakMb: 600 };

export interface MemoryBenchOptions {
  /** Requests of the soak (default 40,000). */
  requests: number;
  /** Requests in flight at once during the soak. */
  concurrency: number;
  /** Quiet time after the warm-up before "idle" is read, so a major GC and V8's memory reducer have had their turn. */
  idleSeconds: number;
}

export const DEFAULT_MEMORY_OPTIONS: MemoryBenchOptions = { requests: 40_000, concurrency: 16, idleSeconds: 30 };

export interface MemoryFigures {
  bareNodeMb: number;
  afterWarmUpMb: number;
  idleMb: number;
  soakPeakMb: number;
  soakFinalMb: number;
  afterSoakIdleMb: number;
  /** RSS after each tenth of the soak. */
  soakCurveMb: number[];
  soakRps: number;
  statuses: Record<string, number>;
}

/** Resident set size of a process, from /proc (Linux). */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : 0;
}

/**
 * The process that serves: `npm start` runs in the child itself (node
 * --import tsx), but should a launcher sit in between (the tsx CLI does),
 * the server is the largest process under it.
 */
function serverPid(rootPid: number): number {
  return processTree(rootPid).reduce((best, pid) => (rssMb(pid) > rssMb(best) ? pid : best));
}

/** The RSS of a bare node:http server that answered `requests` requests: what Node itself costs on this machine. */
async function bareNodeRss(requests: number): Promise<number> {
  const source = `const http = require("node:http");
    const server = http.createServer((req, res) => res.end('{"ok":true}'));
    server.listen(0, "127.0.0.1", () => console.log("port " + server.address().port));`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => {
        const match = /port (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      child.once("exit", (code) => reject(new Error(`the bare node server exited with ${code}`)));
    });
    const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 16 });
    let next = 0;
    const worker = async () => {
      while (next++ < requests) await (await pool.request({ path: "/", method: "GET" })).body.arrayBuffer();
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    await pool.close();
    await sleep(1000);
    return rssMb(child.pid!);
  } finally {
    child.kill("SIGKILL");
  }
}

/**
 * Every kind of page and API route, so each route's code is loaded (each
 * loaded route is what the idle figure is about). Distinct searches defeat
 * the read cache: during the soak they fill it to its bound, as real traffic
 * with many different queries does.
 */
function routeMix(size: number): { warmUp: string[]; soak: (i: number) => string } {
  const server = (i: number) => generatedServerUrl(i, size);
  const profileUrl = encodeURIComponent(server(20));
  const publishers = publisherCount(size);
  const routes = [
    "/",
    "/api/v1/search",
    "/api/v1/search?q=weather",
    "/api/v1/search?grade=B&certified=true&sort=score-high",
    `/api/v1/server/${profileUrl}`,
    `/api/v1/server/${profileUrl}/report`,
    `/api/v1/badge?url=${profileUrl}`,
    `/api/v1/server/${profileUrl}/badge`,
    `/servers/${profileUrl}`,
    "/.well-known/agent.json",
    "/.well-known/mcp/server-card.json",
    "/api/v1/stats",
    "/stats",
    "/api/v1/rules",
    "/api/v1/openapi.json",
    "/v0.1/servers",
    "/api/health",
    "/scan",
    "/certify",
  ];
  return {
    warmUp: routes,
    soak: (i) => {
      const route = routes[i % routes.length];
      // Every third search is one the cache has not seen; profiles rotate over many servers.
      if (route === "/api/v1/search?q=weather" && i % 3 === 0) return `/api/v1/search?q=publisher-${(i * 7) % publishers}&limit=${20 + (i % 30)}`;
      if (route.startsWith("/api/v1/server/") && !route.endsWith("/report") && !route.endsWith("/badge")) {
        return `/api/v1/server/${encodeURIComponent(server(1 + ((i * 131) % size)))}`;
      }
      return route;
    },
  };
}

/**
 * Resident memory of the real server (`npm start` in a child process): idle
 * after one request to every route and a quiet period, then peak and final
 * over a soak of `requests` requests spread across the routes. Each request
 * comes "through a proxy" from its own address in 198.18.0.0/15, like the
 * REST bench. RSS is read from /proc, so this suite runs on Linux.
 */
export async function benchMemory(
  kind: "postgres" | "pglite",
  size: number,
  adminUrl: string,
  options: MemoryBenchOptions = DEFAULT_MEMORY_OPTIONS,
): Promise<{ figures: MemoryFigures; table: string }> {
  const bareNodeMb = await bareNodeRss(2000);
  const database = await prepareDatabase(kind, size, adminUrl);
  const app = await startAppProcess({ ...database.env, TRUSTED_PROXY_COUNT: "1", LOG_LEVEL: "warn" });
  const pool = new Pool(app.url, { connections: options.concurrency });
  const statuses: Record<string, number> = {};
  let sequence = 0;
  const get = async (path: string) => {
    const n = sequence++;
    const response = await pool.request({ path, method: "GET", headers: { "x-forwarded-for": `198.18.${(n >> 8) & 255}.${n & 255}` } });
    await response.body.arrayBuffer();
    statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
    if (response.statusCode >= 500) throw new Error(`${path} answered ${response.statusCode}`);
  };
  const quiet = async (seconds: number) => {
    await sleep(seconds * 1000);
    return rssMb(pid);
  };
  const pid = serverPid(app.process.pid!);
  try {
    const mix = routeMix(size);
    for (const path of mix.warmUp) await get(path);
    const afterWarmUpMb = rssMb(pid);
    const idleMb = await quiet(options.idleSeconds);

    let peak = idleMb;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 200);
    const soakCurveMb: number[] = [];
    const tenth = Math.max(1, Math.floor(options.requests / 10));
    let next = 0;
    let done = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < options.requests) {
        await get(mix.soak(next++));
        if (++done % tenth === 0) soakCurveMb.push(rssMb(pid));
      }
    };
    try {
      await Promise.all(Array.from({ length: options.concurrency }, worker));
    } finally {
      clearInterval(sampler);
    }
    const soakRps = (options.requests / (performance.now() - started)) * 1000;
    const soakFinalMb = rssMb(pid);
    peak = Math.max(peak, soakFinalMb);
    const afterSoakIdleMb = await quiet(options.idleSeconds);
    const figures: MemoryFigures = { bareNodeMb, afterWarmUpMb, idleMb, soakPeakMb: peak, soakFinalMb, afterSoakIdleMb, soakCurveMb, soakRps, statuses };
    return { figures, table: formatMemory(`Memory (RSS of the app process) on ${kind}, ${size.toLocaleString("en")} servers`, options, figures) };
  } catch (error) {
    throw new Error(`the memory bench failed; the app's last output:\n${app.output().slice(-3000)}`, { cause: error });
  } finally {
    await pool.close();
    await app.stop();
    await database.drop();
  }
}

function formatMemory(title: string, options: MemoryBenchOptions, f: MemoryFigures): string {
  const row = (name: string, mb: number, target?: number) =>
    `${name.padEnd(44)} ${mb.toFixed(0).padStart(6)} ${(mb / f.bareNodeMb).toFixed(1).padStart(11)} ${
      target ? `${`< ${target}`.padStart(8)} ${mb < target ? "met" : "MISSED"}` : ""
    }`.trimEnd();
  return [
    `\n${title}`,
    `${"".padEnd(44)} ${"MB".padStart(6)} ${"x bare node".padStart(11)} ${"target".padStart(8)}`,
    row("bare node:http server (baseline)", f.bareNodeMb),
    row("after one request to each route", f.afterWarmUpMb),
    row(`idle (${options.idleSeconds} s after those)`, f.idleMb, MEMORY_TARGETS.idleMb),
    row(`soak peak (${options.requests.toLocaleString("en")} requests, ${options.concurrency} at a time)`, f.soakPeakMb, MEMORY_TARGETS.soakPeakMb),
    row("soak final", f.soakFinalMb),
    row(`idle again (${options.idleSeconds} s after the soak)`, f.afterSoakIdleMb),
    `soak peak / idle ${(f.soakPeakMb / f.idleMb).toFixed(2)}; ${f.soakRps.toFixed(0)} req/s; statuses ${JSON.stringify(f.statuses)}`,
    `RSS after each tenth of the soak (MB): ${f.soakCurveMb.map((mb) => mb.toFixed(0)).join(" ")}`,
  ].join("\n");
}
