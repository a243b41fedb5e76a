/**
 * `npm run scan -- <url> [--json | --sarif] [--min-grade C] [--allow-private] [--deadline 20000]`
 *
 * The registry's scanner from the command line, without the registry: prints
 * a readable report, JSON or SARIF 2.1.0, and exits 1 when the grade is below
 * --min-grade (or the server is unreachable), so publishers can gate CI on it.
 * Exit 2: bad usage or a refused target.
 */
import { parseArgs } from "node:util";
import { config } from "@/lib/config";
import { AppError } from "@/lib/core/errors";
import { GRADES, gradeAtLeast, type Grade } from "@/lib/core/grades";
import { runScan } from "@/lib/core/scanning/run-scan";
import { UNKNOWN_SERVER_CONTEXT } from "@/lib/core/scanning/scan-outcome";
import { formatScanTable } from "@/lib/reporting/scan-table";
import { toSarif } from "@/lib/reporting/sarif";
import { runCli, UsageError } from "./lib/run-cli";

/** The categories of a refused address that --allow-private is about; metadata, multicast and the like it never allows. */
const PRIVATE_CATEGORIES = new Set(["loopback", "private", "linkLocal", "carrierGradeNat", "uniqueLocal"]);

/** Says what --allow-private would do about a refused target, if anything. */
function allowPrivateHint(error: AppError, allowPrivate: boolean): string {
  const category = error.details?.category;
  if (error.code !== "target_forbidden" || typeof category !== "string" || !PRIVATE_CATEGORIES.has(category)) return "";
  if (category === "loopback") return allowPrivate ? "" : " Pass --allow-private to scan a server on this machine (loopback only).";
  return " --allow-private allows loopback only; servers on other private ranges cannot be scanned from this command.";
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      json: { type: "boolean" },
      sarif: { type: "boolean" },
      "min-grade": { type: "string" },
      "allow-private": { type: "boolean" },
      deadline: { type: "string" },
      repository: { type: "string" },
    },
  });
  const minGrade = values["min-grade"]?.toUpperCase();
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? "No server URL given." : "Give one server URL.");
  if (minGrade && !GRADES.includes(minGrade as Grade)) throw new UsageError(`--min-grade must be one of ${GRADES.join(", ")}.`);
  if (values.json && values.sarif) throw new UsageError("--json and --sarif exclude each other.");
  const deadlineMs = values.deadline ? Number(values.deadline) : undefined;
  if (deadlineMs !== undefined && !(Number.isInteger(deadlineMs) && deadlineMs > 0)) throw new UsageError(`--deadline takes milliseconds, not "${values.deadline}".`);
  try {
    const outcome = await runScan(
      positionals[0],
      { ...UNKNOWN_SERVER_CONTEXT, repositoryUrl: values.repository ?? null },
      {
        // Publishers scan their own server in CI, often on localhost: loopback only, never other private ranges.
        allowedRanges: values["allow-private"] ? ["127.0.0.0/8", "::1/128"] : undefined,
        deadlineMs,
      },
    );
    if (values.sarif) console.log(JSON.stringify(toSarif(outcome, { informationUri: `${config().BASE_URL}/api/v1/rules` }), null, 2));
    else if (values.json) console.log(JSON.stringify(outcome, null, 2));
    else console.log(formatScanTable(outcome));
    if (!minGrade) return outcome.status === "unreachable" ? 1 : 0;
    if (!outcome.score || !gradeAtLeast(outcome.score.grade, minGrade as Grade)) {
      console.error(`Grade ${outcome.score?.grade ?? "none (unreachable)"} is below the required ${minGrade}.`);
      return 1;
    }
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`${error.code}: ${error.message}${allowPrivateHint(error, values["allow-private"] ?? false)}`);
      return 2;
    }
    throw error;
  }
}

runCli(
  {
    usage: ["npm run scan -- <url> [--json | --sarif] [--min-grade A|B|C|D|F] [--allow-private] [--deadline MS] [--repository URL]"],
    description:
      "The registry's scanner on its own, for publishers' CI: scans one MCP server and prints a readable report, JSON or SARIF 2.1.0. " +
      "It needs no database. Exit 0: scanned (and at least --min-grade); 1: below --min-grade or unreachable; " +
      "2: bad usage or a refused target (private and metadata addresses, and loopback without --allow-private).",
    options: [
      ["--json", "print the scan outcome as JSON"],
      ["--sarif", "print SARIF 2.1.0 (for code-scanning uploads)"],
      ["--min-grade GRADE", "exit 1 when the grade is below GRADE (A best, F worst)"],
      ["--allow-private", "allow a server on loopback (127.0.0.0/8, ::1), e.g. one started by the CI job; other private ranges stay refused"],
      ["--deadline MS", "overall deadline of the scan in milliseconds (default 20000)"],
      ["--repository URL", "the server's source repository, used by the rules that look at it"],
      ["-h, --help", "print this help and exit"],
    ],
    examples: [
      "npm run scan -- https://mcp.example.com/mcp",
      "npm run scan -- http://127.0.0.1:8080/mcp --allow-private --min-grade C",
      "npm run scan -- https://mcp.example.com/mcp --sarif > scan.sarif",
    ],
  },
  main,
);
