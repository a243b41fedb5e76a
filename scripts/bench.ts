/**
 * `npm run bench [-- --suite rest|scan|rules|mcp] [--sizes 10000,100000] [--million]`
 * Every figure is a ratio against a baseline measured in the same process and
 * run, so results compare across machines. Results also go to bench-results/.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { benchMcp } from "./bench/mcp-bench";
import { benchRest, benchSearchScaling } from "./bench/rest-bench";
import { benchRules, benchScan } from "./bench/scan-bench";

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const suites = (option("suite") ?? "rules,scan,rest,mcp").split(",");
const sizes = (option("sizes") ?? "10000,100000").split(",").map(Number);
const adminUrl = option("database") ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function main(): Promise<void> {
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
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
