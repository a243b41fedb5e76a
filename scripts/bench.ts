/**
 * `npm run bench [-- --suite rest|scan|rules|mcp|memory] [--sizes 10000,100000] [--million] [--soak 40000]`
 * Every figure is a ratio against a baseline measured in the same process and
 * run, so results compare across machines; the memory suite also prints
 * megabytes beside its targets. Results also go to bench-results/.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { benchMcp } from "./bench/mcp-bench";
import { benchMemory, DEFAULT_MEMORY_OPTIONS } from "./bench/memory-bench";
import { benchRest, benchSearchScaling } from "./bench/rest-bench";
import { benchRules, benchScan } from "./bench/scan-bench";
import { runCli } from "./lib/run-cli";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const suites = (option("suite") ?? "rules,scan,rest,mcp,memory").split(",");
const sizes = (option("sizes") ?? "10000,100000").split(",").map(Number);
const DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";
const adminUrl = option("database") ?? DEFAULT_ADMIN_URL;

async function main(): Promise<number> {
  const output: string[] = [];
  const print = (text: string) => {
    console.log(text);
    output.push(text);
  };
  if (suites.includes("rules")) print(await benchRules());
  if (suites.includes("scan")) print(await benchScan());
  if (suites.includes("rest")) {
    if (args.includes("--million")) {
      // Run on its own: filling a million servers takes minutes.
      print(await benchSearchScaling(adminUrl, 1_000_000));
    } else {
      for (const size of sizes) print((await benchRest("postgres", size, adminUrl)).table);
      print((await benchRest("pglite", 10_000, adminUrl)).table);
    }
  }
  if (suites.includes("mcp")) {
    print((await benchMcp("postgres", sizes[0], adminUrl)).table);
    print((await benchMcp("pglite", 10_000, adminUrl)).table);
  }
  if (suites.includes("memory")) {
    const memory = {
      requests: Number(option("soak") ?? DEFAULT_MEMORY_OPTIONS.requests),
      concurrency: DEFAULT_MEMORY_OPTIONS.concurrency,
      idleSeconds: Number(option("idle-seconds") ?? DEFAULT_MEMORY_OPTIONS.idleSeconds),
    };
    // The embedded database is the default configuration (no DATABASE_URL), and the one whose memory is the app's own.
    print((await benchMemory("pglite", 10_000, adminUrl, memory)).table);
  }
  mkdirSync("bench-results", { recursive: true });
  writeFileSync(`bench-results/bench-${new Date().toISOString().replace(/[:.]/g, "-")}.txt`, output.join("\n") + "\n");
  // Exit now: pools and app processes of the suites must not keep the process alive.
  return 0;
}

runCli(
  {
    usage: [
      "npm run bench [-- --suite rules,scan,rest,mcp,memory] [--sizes 10000,100000] [--database URL]",
      "npm run bench -- --suite rest --million",
      "npm run bench -- --suite memory [--soak 40000] [--idle-seconds 30]",
    ],
    description:
      "Benchmarks. Every figure is a ratio against a baseline measured in the same run, so results compare across machines. " +
      "The rest and mcp suites create throwaway databases (on PostgreSQL through --database, and in a temporary PGlite directory), " +
      "start the app in child processes and drop the databases afterwards; the configured database is not touched. " +
      "The memory suite reads the app process's resident memory (Linux /proc) idle and over a soak of requests spread across the routes. " +
      "Results are printed and written to bench-results/.",
    options: [
      ["--suite LIST", "comma-separated: rules, scan, rest, mcp, memory (default all five)"],
      ["--sizes LIST", "registry sizes for the PostgreSQL runs (default 10000,100000)"],
      ["--million", "with --suite rest: search p95 at 1,000,000 servers against 10,000 (takes minutes)"],
      ["--soak N", `with the memory suite: requests of the soak (default ${DEFAULT_MEMORY_OPTIONS.requests.toLocaleString("en")})`],
      ["--idle-seconds S", `with the memory suite: quiet time before each idle reading (default ${DEFAULT_MEMORY_OPTIONS.idleSeconds})`],
      ["--database URL", `a PostgreSQL server where bench databases may be created (default ${DEFAULT_ADMIN_URL})`],
      ["-h, --help", "print this help and exit"],
    ],
    examples: ["npm run bench -- --suite rules,scan", "npm run bench -- --suite rest --sizes 10000", "npm run bench -- --suite memory --soak 10000"],
  },
  main,
);
