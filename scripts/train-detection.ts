/**
 * `npm run train:detection [-- --holdout substr,... --out file --folds 5 --honest-rate 0.003 --floor 3]`
 *
 * Trains the learned directive model (docs/detection.md#the-learned-layer) on the project's labelled cases in
 * tests/fixtures/detection-cases, leaving out the held-out files, and writes its weights and threshold to
 * lib/core/scanning/rules/learned/directive-model.json. Deterministic: the same cases give the same file.
 */
import { readdirSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { runDiscoveryRules } from "@/lib/core/scanning/rules/run-rules";
import { loadCorpusFiles } from "./eval-detection/corpus";
import { runCli, UsageError } from "./lib/run-cli";
import { calibrateThreshold, DEFAULT_TRAIN_OPTIONS, discoveryOf, modelFile, serverScore, serverSentences, trainEnsemble, type TrainingServer } from "./train-detection/train-model";

const CASES_DIR = "tests/fixtures/detection-cases";
const DEFAULT_OUT = "lib/core/scanning/rules/learned/directive-model.json";
/** Kept out of training so that their figures stay a measure of what the model has not seen. */
const DEFAULT_HOLDOUT = ["written-thirty-first"];
/** The lowest threshold, in log-odds (docs/detection.md#the-learned-layer: raised after real servers the model had not seen). */
const DEFAULT_FLOOR = 8.5;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { holdout: { type: "string" }, out: { type: "string" }, folds: { type: "string" }, "honest-rate": { type: "string" }, floor: { type: "string" } } });
  const holdout = values.holdout !== undefined ? values.holdout.split(",").map((s) => s.trim()).filter(Boolean) : DEFAULT_HOLDOUT;
  const folds = Number(values.folds ?? 5);
  const honestRate = Number(values["honest-rate"] ?? 0.003);
  const floor = Number(values.floor ?? DEFAULT_FLOOR);
  if (!Number.isInteger(folds) || folds < 2 || folds > 20) throw new UsageError("--folds takes a whole number from 2 to 20.");
  if (!(honestRate >= 0 && honestRate < 0.2)) throw new UsageError("--honest-rate takes a fraction below 0.2.");

  const files = readdirSync(CASES_DIR).filter((f) => f.endsWith(".json") && !holdout.some((h) => f.includes(h))).sort().map((f) => `${CASES_DIR}/${f}`);
  const defs = await loadCorpusFiles(files);
  const options = DEFAULT_TRAIN_OPTIONS;
  const servers: TrainingServer[] = defs.map((def) => {
    const discovery = discoveryOf(def);
    // Where the hand-written rules see the poison, the poisoned sentence is looked for there: the committed model takes
    // no part, so training from the same cases gives the same weights whatever model was there before.
    const flagged = new Set<string>();
    if (def.verdict === "malicious") for (const hit of runDiscoveryRules(discovery, null, "hand-written")) if (hit.severity === "high" || hit.severity === "critical") flagged.add(hit.location);
    return { id: def.id, group: def.file, poisoned: def.verdict === "malicious", ...serverSentences(discovery, options.bits, flagged) };
  });
  const poisoned = servers.filter((s) => s.poisoned).length;
  console.log(`Training on ${files.length} files: ${poisoned} poisoned and ${servers.length - poisoned} honest servers (held out: ${holdout.join(", ") || "none"}).`);

  const { threshold, heldOutHonest } = calibrateThreshold(servers, options, folds, honestRate, floor);
  const flaggedHeldOut = heldOutHonest.filter((z) => z >= threshold).length;
  console.log(`Threshold ${threshold.toFixed(2)}: ${flaggedHeldOut} of ${heldOutHonest.length} honest servers above it when their file was held out (${folds} folds).`);

  const model = trainEnsemble(servers, options);
  const caught = servers.filter((s) => s.poisoned && serverScore(model, s) >= threshold).length;
  console.log(`On its own training data: ${caught} of ${poisoned} poisoned servers at or above the threshold.`);

  const out = values.out ?? DEFAULT_OUT;
  const file = modelFile(model, options, threshold, { files: files.map((f) => f.slice(CASES_DIR.length + 1)), poisonedServers: poisoned, honestServers: servers.length - poisoned });
  writeFileSync(out, `${JSON.stringify(file)}\n`);
  console.log(`Wrote ${out}.`);
  return 0;
}

runCli(
  {
    usage: ["npm run train:detection [-- --holdout substr,... --out file --folds N --honest-rate R --floor Z]"],
    description: "Trains the learned directive model on tests/fixtures/detection-cases (docs/detection.md#the-learned-layer) and writes its weights and threshold.",
    options: [
      ["--holdout SUBSTR,...", `files left out of training (default ${DEFAULT_HOLDOUT.join(",")})`],
      ["--out FILE", `where to write the model (default ${DEFAULT_OUT})`],
      ["--folds N", "file groups for calibrating the threshold (default 5)"],
      ["--honest-rate R", "share of held-out honest servers allowed above the threshold (default 0.003)"],
      ["--floor Z", `lowest threshold allowed, in log-odds (default ${DEFAULT_FLOOR})`],
      ["-h, --help", "print this help and exit"],
    ],
    examples: ["npm run train:detection", "npm run train:detection -- --holdout written-thirty-first,real-servers-fourth --out /tmp/model.json"],
  },
  main,
);
