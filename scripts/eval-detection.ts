/**
 * `npm run eval:detection -- <corpus.json> [more.json ...] [--json] [--only a,b] [--exclude c,d]
 *   [--split dev|check] [--concurrency 4] [--quiet-misses]`
 *
 * Detection figures of the scanner on a labelled corpus: every definition is
 * served as a real MCP server on loopback, scanned with the registry's
 * scanner, and counted: recall on the malicious ones (graded D/F with a
 * critical/high finding), false positives on the benign ones. A measurement,
 * not a gate: exit 0 after a run whatever the figures; 2 on bad usage or a
 * bad corpus file.
 */
import { parseArgs } from "node:util";
import { CliError, runCli, UsageError } from "./lib/run-cli";
import { CorpusError, loadCorpusFiles, selectDefinitions, type Split } from "./eval-detection/corpus";
import { detectionJson, formatDetectionReport, measureDetection, type ReportHeader } from "./eval-detection/measure-detection";
import { scanCorpus } from "./eval-detection/scan-corpus";

function list(values: string[] | undefined): string[] {
  return (values ?? []).flatMap((v) => v.split(",")).map((s) => s.trim()).filter((s) => s.length > 0);
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      json: { type: "boolean" },
      only: { type: "string", multiple: true },
      exclude: { type: "string", multiple: true },
      split: { type: "string" },
      concurrency: { type: "string" },
      "quiet-misses": { type: "boolean" },
    },
  });
  if (positionals.length === 0) throw new UsageError("No corpus file given.");
  if (values.split !== undefined && values.split !== "dev" && values.split !== "check") {
    throw new UsageError(`--split must be dev or check, not "${values.split}".`);
  }
  const concurrency = values.concurrency === undefined ? 4 : Number(values.concurrency);
  if (!/^\d+$/.test(values.concurrency ?? "4") || concurrency < 1 || concurrency > 64) {
    throw new UsageError(`--concurrency takes a whole number from 1 to 64, not "${values.concurrency}".`);
  }
  const split = (values.split as Split | undefined) ?? null;
  const only = list(values.only);
  const exclude = list(values.exclude);

  let definitions;
  try {
    definitions = selectDefinitions(await loadCorpusFiles(positionals), { split: split ?? undefined, only, exclude });
  } catch (error) {
    if (error instanceof CorpusError) throw new CliError(error.message, 2);
    throw error;
  }
  if (definitions.length === 0) console.error("No server definition matches the selection.");

  const started = performance.now();
  const records = await scanCorpus(definitions, { concurrency });
  const header: ReportHeader = { files: positionals, split, only, exclude, durationMs: Math.round(performance.now() - started) };
  const figures = measureDetection(records);
  const output = values.json ? JSON.stringify(detectionJson(figures, header, records), null, 2) : formatDetectionReport(figures, header, { quietMisses: values["quiet-misses"] });
  await new Promise<void>((resolve) => process.stdout.write(`${output}\n`, () => resolve()));
  return 0;
}

runCli(
  {
    usage: [
      "npm run eval:detection -- <corpus.json> [more.json ...] [--json] [--only substr,...] [--exclude substr,...] [--split dev|check] [--concurrency N] [--quiet-misses]",
    ],
    description:
      "Measures the scanner's detection on labelled corpus files: every server definition is served as a real MCP server on loopback " +
      "and scanned with the registry's scanner; prints recall on the malicious ones and false positives on the benign ones, per attack " +
      "category, with the misses (docs/detection.md). A measurement, not a gate: exit 0 after a run whatever the figures, 2 on bad usage " +
      "or a bad corpus file. Needs no database.",
    options: [
      ["--json", "print the figures and every record as JSON"],
      ["--only SUBSTR,...", "only definitions whose id or server name contains one of these (case-insensitive)"],
      ["--exclude SUBSTR,...", "leave out definitions whose id or server name contains one of these"],
      ["--split dev|check", "only the development split, or only the held-out check split"],
      ["--concurrency N", "scans in flight at once, 1 to 64 (default 4)"],
      ["--quiet-misses", "leave the list of misses out of the report"],
      ["-h, --help", "print this help and exit"],
    ],
    examples: [
      "npm run eval:detection -- tests/fixtures/detection-cases/real-servers.json",
      "npm run eval:detection -- corpus.json --split check --json > figures.json",
    ],
  },
  main,
);
