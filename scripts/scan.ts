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

const USAGE = "usage: npm run scan -- <url> [--json | --sarif] [--min-grade A|B|C|D|F] [--allow-private] [--deadline ms]";


async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
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
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const minGrade = values["min-grade"]?.toUpperCase();
  if (positionals.length !== 1 || (minGrade && !GRADES.includes(minGrade as Grade)) || (values.json && values.sarif)) {
    console.error(USAGE);
    return 2;
  }
  const deadlineMs = values.deadline ? Number(values.deadline) : undefined;
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
      console.error(`${error.code}: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
