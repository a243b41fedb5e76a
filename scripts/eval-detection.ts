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
import { runCli } from "./lib/run-cli";
import { CorpusError, loadCorpusFiles, selectDefinitions, type Split } from "./eval-detection/corpus";
import { detectionJson, formatDetectionReport, measureDetection, type ReportHeader } from "./eval-detection/measure-detection";
import { scanCorpus } from "./eval-detection/scan-corpus";

const USAGE =
  "usage: npm run eval:detection -- <corpus.json> [more.json ...] [--json] [--only substr,...] [--exclude substr,...] " +
  "[--split dev|check] [--concurrency N] [--quiet-misses]";

function list(values: string[] | undefined): string[] {
  return (values ?? []).flatMap((v) => v.split(",")).map((s) => s.trim()).filter((s) => s.length > 0);
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        json: { type: "boolean" },
        only: { type: "string", multiple: true },
        exclude: { type: "string", multiple: true },
        split: { type: "string" },
        concurrency: { type: "string" },
        "quiet-misses": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length === 0) {
    console.error(`No corpus file given.\n${USAGE}`);
    return 2;
  }
  if (values.split !== undefined && values.split !== "dev" && values.split !== "check") {
    console.error(`--split must be dev or check, not "${values.split}".\n${USAGE}`);
    return 2;
  }
  const concurrency = values.concurrency === undefined ? 4 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    console.error(`--concurrency must be a whole number from 1 to 64, not "${values.concurrency}".\n${USAGE}`);
    return 2;
  }
  const split = (values.split as Split | undefined) ?? null;
  const only = list(values.only);
  const exclude = list(values.exclude);

  let definitions;
  try {
    definitions = selectDefinitions(await loadCorpusFiles(positionals), { split: split ?? undefined, only, exclude });
  } catch (error) {
    if (error instanceof CorpusError) {
      console.error(error.message);
      return 2;
    }
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

runCli(async () => {
  process.exit(await main());
});
