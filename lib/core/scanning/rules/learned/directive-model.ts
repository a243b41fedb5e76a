import MODEL from "./directive-model.json";
import { featureBucket, sentenceBuckets, sentenceFeatures, type SentenceContext } from "./sentence-features";

/**
 * The learned directive model (docs/detection.md#the-learned-layer): a logistic model over the hashed features of one
 * sentence (sentence-features.ts), trained by `npm run train:detection` on the project's own labelled cases
 * (tests/fixtures/detection-cases). Its weights are committed with the script that made them; this module only
 * reads them. A sentence at or above the threshold reads, to the model, like text that poisons a tool.
 */

export interface DirectiveModelFile {
  /** Hash-table size, as a power of two. */
  bits: number;
  /** Weights quantised to signed bytes: weight = byte * scale. */
  scale: number;
  bias: number;
  /** Weights, one signed byte per bucket, base64. */
  weights: string;
  /** The score a sentence must reach (set by the trainer from held-out honest text). */
  threshold: number;
  /** What the model was trained on and how it scored when it was made. */
  trainedOn: { files: string[]; poisonedServers: number; honestServers: number; seed: number };
}

interface LoadedModel {
  bits: number;
  bias: number;
  threshold: number;
  weights: Float32Array;
}

let loaded: LoadedModel | null = null;

function model(): LoadedModel {
  if (loaded) return loaded;
  const file = MODEL as DirectiveModelFile;
  const bytes = Buffer.from(file.weights, "base64");
  const weights = new Float32Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) weights[i] = ((bytes[i] << 24) >> 24) * file.scale;
  loaded = { bits: file.bits, bias: file.bias, threshold: file.threshold, weights };
  return loaded;
}

/** The score above which a sentence is reported. */
export function directiveThreshold(): number {
  return model().threshold;
}

/** Reused for every sentence: the buckets are summed at once and never kept. */
const scratchBuckets: number[] = [];

/** Log-odds that one (lower-cased, normalised) sentence poisons the tool it belongs to. */
export function scoreSentence(text: string, ctx: SentenceContext): number {
  const { bits, bias, weights } = model();
  let score = bias;
  for (const bucket of sentenceBuckets(text, ctx, bits, scratchBuckets)) score += weights[bucket];
  return score;
}

/** The words and word pairs that weigh most towards poisoning in a sentence: what a finding names as its reason. */
export function strongestWords(text: string, ctx: SentenceContext, count = 4): string[] {
  const { bits, weights } = model();
  return sentenceFeatures(text, ctx)
    .filter((name) => name.startsWith("w:") || name.startsWith("b:"))
    .map((name) => ({ words: name.slice(2), weight: weights[featureBucket(name, bits)] }))
    .filter((c) => c.weight > 0)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, count)
    .map((c) => c.words);
}
