/**
 * `npm run bench [-- --suite rest|scan|rules|mcp] [--sizes 10000,100000] [--million]`
 * Every figure is a ratio against a baseline measured in the same process and
 * run, so results compare across machines. Results also go to bench-results/.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { benchMcp } from "./bench/mcp-bench";
import { benchRest, benchSearchScaling } from "./bench/rest-bench";
import { benchRules, benchScan } from "./bench/scan-bench";
import { runCli } from "./lib/run-cli";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const suites = (option("suite") ?? "rules,scan,rest,mcp").split(",");
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
  mkdirSync("bench-results", { recursive: true });
  writeFileSync(`bench-results/bench-${new Date().toISOString().replace(/[:.]/g, "-")}.txt`, output.join("\n") + "\n");
  // Exit now: pools and app processes of the suites must not keep the process alive.
  return 0;
}

runCli(
  {
    usage: ["npm run bench [-- --suite rules,scan,rest,mcp] [--sizes 10000,100000] [--database URL]", "npm run bench -- --suite rest --million"],
    description:
      "Benchmarks. Every figure is a ratio against a baseline measured in the same run, so results compare across machines. " +
      "The rest and mcp suites create throwaway databases (on PostgreSQL through --database, and in a temporary PGlite directory), " +
      "start the app in child processes and drop the databases afterwards; the configured database is not touched. " +
      "Results are printed and written to bench-results/.",
    options: [
      ["--suite LIST", "comma-separated: rules, scan, rest, mcp (default all four)"],
      ["--sizes LIST", "registry sizes for the PostgreSQL runs (default 10000,100000)"],
      ["--million", "with --suite rest: search p95 at 1,000,000 servers against 10,000 (takes minutes)"],
      ["--database URL", `a PostgreSQL server where bench databases may be created (default ${DEFAULT_ADMIN_URL})`],
      ["-h, --help", "print this help and exit"],
    ],
    examples: ["npm run bench -- --suite rules,scan", "npm run bench -- --suite rest --sizes 10000"],
  },
  main,
);
