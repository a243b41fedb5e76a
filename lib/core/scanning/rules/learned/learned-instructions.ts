import type { AnalyzedField, Sentence } from "../analyzed-field";
import { fieldHit, type RuleHit } from "../rule-hit";
import type { RuleScope } from "../rule-scope";
import { directiveThreshold, scoreSentence, strongestWords } from "./directive-model";
import type { SentenceContext } from "./sentence-features";

/**
 * TM-LEARNED-INSTRUCTION (docs/detection.md#the-learned-layer): a sentence the learned directive model scores at or
 * above its threshold. The hand-written rules name what a sentence asks for; the model recognises how poisoning
 * reads when the words are new to the rules. One finding per field, at its highest-scoring sentence, naming the
 * words that weighed most.
 */

/** The fields the model reads: text a model is shown, not names or URIs. */
export const LEARNED_TEXT_KINDS: ReadonlySet<string> = new Set(["description", "instructions", "param-text", "value", "title"]);

/** Each sentence of a field with the context its features are read in (shared with the trainer). */
export function sentenceContexts(field: AnalyzedField, toolNames: ReadonlySet<string>): { sentence: Sentence; ctx: SentenceContext }[] {
  const ownTool = field.owner === "tool" ? field.ownerName.toLowerCase() : "";
  const out: { sentence: Sentence; ctx: SentenceContext }[] = [];
  for (let i = 0; i < field.sentences.length; i++) {
    const sentence = field.sentences[i];
    if (sentence.text.trim().length < 3) continue;
    out.push({ sentence, ctx: { kind: field.kind, ownTool, toolNames, summary: i === 0 && field.kind === "description" } });
  }
  return out;
}

/**
 * What the model has seen little of in poisoned text and much in honest text the hand-written rules already read: the user
 * asked first ("so the assistant can check with the user before posting", "shown to the user for approval") and what the
 * server says it does not do ("notes-local does not read, change or route calls to them"). A sentence that says so and
 * turns on no "but" or "except" is not scored.
 */
const ASSURANCE_RE =
  /\b(?:check|confirm) with the user\b|\bask(?:s)? the user (?:first|before|to confirm)\b|\bfor (?:the user'?s )?(?:approval|confirmation|review)\b|\b(?:does not|doesn't|do not|don't|never|will not|won't) (?:read|send|change|modify|route|share|upload|store|forward|touch|access|call)\b/;
const BUT_RE = /\b(?:but|except|unless|however|instead|only after)\b/;

export function detectLearnedInstructions(field: AnalyzedField, scope: RuleScope): RuleHit[] {
  if (!LEARNED_TEXT_KINDS.has(field.kind)) return [];
  const threshold = directiveThreshold();
  let best: { sentence: Sentence; ctx: SentenceContext; score: number } | null = null;
  for (const { sentence, ctx } of sentenceContexts(field, scope.toolNames)) {
    if (ASSURANCE_RE.test(sentence.text) && !BUT_RE.test(sentence.text)) continue;
    const score = scoreSentence(sentence.text, ctx);
    if (score >= threshold && (!best || score > best.score)) best = { sentence, ctx, score };
  }
  if (!best) return [];
  const words = strongestWords(best.sentence.text, best.ctx);
  return [
    fieldHit(
      field,
      "TM-LEARNED-INSTRUCTION",
      "high",
      best.sentence.start,
      best.sentence.end,
      `Reads like text that poisons a tool, to a model trained on the project's labelled cases (score ${best.score.toFixed(1)}, threshold ${threshold.toFixed(1)}${words.length > 0 ? `; weighed most: ${words.map((w) => `"${w}"`).join(", ")}` : ""}).`,
    ),
  ];
}
