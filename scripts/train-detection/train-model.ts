import { analyzeField } from "@/lib/core/scanning/rules/analyzed-field";
import { collectTextFields } from "@/lib/core/scanning/rules/collect-text-fields";
import { sentenceBuckets } from "@/lib/core/scanning/rules/learned/sentence-features";
import type { DirectiveModelFile } from "@/lib/core/scanning/rules/learned/directive-model";
import { LEARNED_TEXT_KINDS, sentenceContexts } from "@/lib/core/scanning/rules/learned/learned-instructions";
import type { Discovery } from "@/lib/core/scanning/scan-outcome";
import type { CorpusDefinition } from "../eval-detection/corpus";

/**
 * How the learned directive model is made (docs/detection.md#the-learned-layer). Pure and deterministic: the same
 * cases and seed give the same weights.
 *
 * The labels are per server (poisoned or honest), the model is per sentence. Every sentence of an honest server is
 * an honest example. A poisoned server has one or two poisoned sentences among ordinary ones, and which they are is
 * not labelled: the trainer starts from every sentence of the fields the rules flagged (or of the whole server when
 * they flagged none), then, round after round, keeps as poisoned the sentences the model itself scores highest in
 * each poisoned server (multiple-instance learning).
 */

export interface TrainingServer {
  id: string;
  /** The file it came from: folds for calibration never split a file. */
  group: string;
  poisoned: boolean;
  /** Feature buckets of each sentence. */
  sentences: Uint32Array[];
  /** Per sentence: whether it may be the poisoned one (in a field the rules flagged). */
  candidate: boolean[];
}

export interface TrainOptions {
  bits: number;
  seed: number;
  /** Models averaged. */
  ensemble: number;
  /** Multiple-instance rounds after the first fit. */
  rounds: number;
  l2: number;
  /** Weight of a poisoned example against an honest one. */
  poisonedWeight: number;
}

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = { bits: 16, seed: 1, ensemble: 5, rounds: 3, l2: 1e-3, poisonedWeight: 2 };

/** The sentences of a server as the scanner reads them, with the fields the rules flagged marked. */
export function serverSentences(discovery: Discovery, bits: number, flaggedLocations: ReadonlySet<string>): { sentences: Uint32Array[]; candidate: boolean[] } {
  const sentences: Uint32Array[] = [];
  const candidate: boolean[] = [];
  const toolNames = new Set(discovery.tools.map((t) => t.name.toLowerCase()));
  for (const raw of collectTextFields(discovery)) {
    if (!LEARNED_TEXT_KINDS.has(raw.kind)) continue;
    const field = analyzeField(raw);
    for (const { sentence, ctx } of sentenceContexts(field, toolNames)) {
      sentences.push(Uint32Array.from(sentenceBuckets(sentence.text, ctx, bits)));
      candidate.push(flaggedLocations.size === 0 || flaggedLocations.has(raw.location));
    }
  }
  return { sentences, candidate };
}

interface Example {
  features: Uint32Array;
  label: 0 | 1;
  weight: number;
}

/** A small linear congruential generator: the shuffle must not depend on Math.random. */
function rng(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

class LinearModel {
  readonly weights: Float32Array;
  bias = 0;
  constructor(bits: number) {
    this.weights = new Float32Array(1 << bits);
  }
  score(features: Uint32Array): number {
    let z = this.bias;
    for (const h of features) z += this.weights[h];
    return z;
  }
  /** Stochastic gradient descent on the logistic loss with L2, the learning rate decaying each epoch. */
  fit(examples: Example[], epochs: number, l2: number, random: () => number): void {
    let rate = 0.2;
    for (let epoch = 0; epoch < epochs; epoch++) {
      for (let i = examples.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [examples[i], examples[j]] = [examples[j], examples[i]];
      }
      for (const ex of examples) {
        const p = 1 / (1 + Math.exp(-this.score(ex.features)));
        const step = (p - ex.label) * ex.weight * rate;
        for (const h of ex.features) this.weights[h] -= step + rate * l2 * this.weights[h];
        this.bias -= step * 0.1;
      }
      rate *= 0.7;
    }
  }
}

function trainOne(servers: readonly TrainingServer[], options: TrainOptions, seed: number): LinearModel {
  const random = rng(seed);
  const model = new LinearModel(options.bits);
  const honest: Example[] = servers.filter((s) => !s.poisoned).flatMap((s) => s.sentences.map((features) => ({ features, label: 0 as const, weight: 1 })));
  const bags = servers.filter((s) => s.poisoned);
  // First fit: every candidate sentence of a poisoned server, its weight shared among them.
  const first: Example[] = bags.flatMap((b) => {
    const picked = b.sentences.filter((_, i) => b.candidate[i]);
    return picked.map((features) => ({ features, label: 1 as const, weight: options.poisonedWeight / Math.max(1, picked.length) }));
  });
  model.fit([...first, ...honest], 4, options.l2, random);
  for (let round = 0; round < options.rounds; round++) {
    const poisoned: Example[] = [];
    for (const bag of bags) {
      const scored = bag.sentences.map((features, i) => ({ features, i, z: model.score(features) })).filter((s) => bag.candidate[s.i]).sort((a, b) => b.z - a.z);
      if (scored.length === 0) continue;
      poisoned.push({ features: scored[0].features, label: 1, weight: options.poisonedWeight });
      for (const s of scored.slice(1, 3)) if (s.z > scored[0].z - 1) poisoned.push({ features: s.features, label: 1, weight: options.poisonedWeight / 2 });
    }
    model.weights.fill(0);
    model.bias = 0;
    model.fit([...poisoned, ...honest], 6, options.l2, random);
  }
  return model;
}

export interface TrainedWeights {
  weights: Float32Array;
  bias: number;
}

/** The average of `ensemble` models trained with different shuffles. */
export function trainEnsemble(servers: readonly TrainingServer[], options: TrainOptions): TrainedWeights {
  const weights = new Float32Array(1 << options.bits);
  let bias = 0;
  for (let m = 0; m < options.ensemble; m++) {
    const model = trainOne(servers, options, options.seed + m * 7919);
    for (let i = 0; i < weights.length; i++) weights[i] += model.weights[i] / options.ensemble;
    bias += model.bias / options.ensemble;
  }
  return { weights, bias };
}

export function serverScore(model: TrainedWeights, server: Pick<TrainingServer, "sentences">): number {
  let best = -Infinity;
  for (const features of server.sentences) {
    let z = model.bias;
    for (const h of features) z += model.weights[h];
    if (z > best) best = z;
  }
  return best;
}

/**
 * The threshold from honest servers the model has not seen: files are split into `folds` groups, a model is trained
 * without each group and scores that group's honest servers; the threshold is set so that at most `honestRate` of
 * those held-out honest servers would be flagged (and never below `floor`).
 */
export function calibrateThreshold(servers: readonly TrainingServer[], options: TrainOptions, folds: number, honestRate: number, floor: number): { threshold: number; heldOutHonest: number[] } {
  const groups = [...new Set(servers.map((s) => s.group))].sort();
  const heldOutHonest: number[] = [];
  for (let fold = 0; fold < folds; fold++) {
    const held = new Set(groups.filter((_, i) => i % folds === fold));
    const model = trainEnsemble(servers.filter((s) => !held.has(s.group)), { ...options, ensemble: Math.min(options.ensemble, 3) });
    for (const s of servers) if (held.has(s.group) && !s.poisoned) heldOutHonest.push(serverScore(model, s));
  }
  heldOutHonest.sort((a, b) => b - a);
  const allowed = Math.floor(honestRate * heldOutHonest.length);
  const threshold = Math.max(floor, (heldOutHonest[allowed] ?? floor) + 1e-3);
  return { threshold, heldOutHonest };
}

/** Weights as signed bytes (scale = largest weight / 127), base64: the committed form. */
export function quantise(model: TrainedWeights): { scale: number; weights: string; bias: number } {
  let largest = 0;
  for (const w of model.weights) largest = Math.max(largest, Math.abs(w));
  const scale = largest / 127 || 1;
  const bytes = Buffer.alloc(model.weights.length);
  for (let i = 0; i < model.weights.length; i++) bytes[i] = Math.max(-127, Math.min(127, Math.round(model.weights[i] / scale))) & 0xff;
  return { scale, weights: bytes.toString("base64"), bias: model.bias };
}

export function modelFile(model: TrainedWeights, options: TrainOptions, threshold: number, trainedOn: Omit<DirectiveModelFile["trainedOn"], "seed">): DirectiveModelFile {
  return { bits: options.bits, ...quantise(model), threshold: Math.round(threshold * 1000) / 1000, trainedOn: { ...trainedOn, seed: options.seed } };
}

/** The listing a scan of the definition would see. */
export function discoveryOf(def: CorpusDefinition): Discovery {
  return {
    serverInfo: { name: def.serverName, version: "1.0.0" },
    protocolVersion: "2025-06-18",
    capabilities: {},
    instructions: def.instructions,
    transport: "streamable-http",
    tools: def.tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema ?? {}, annotations: t.annotations, hash: "", schemaHash: "" })),
    resources: def.resources.map((r) => ({ uri: r.uri, name: r.name, description: r.description, mimeType: r.mimeType })),
    resourceTemplates: [],
    prompts: def.prompts.map((p) => ({ name: p.name, description: p.description, arguments: p.arguments })),
    listingProblems: [],
  } as Discovery;
}

