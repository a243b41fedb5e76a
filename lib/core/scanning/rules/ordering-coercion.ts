import type { AnalyzedField } from "./analyzed-field";
import { isDescriptiveMention, isNegatedBefore, matchesInSentences } from "./directive-language";
import { fieldHit, type RuleHit } from "./rule-hit";

/**
 * TM-ORDERING-COERCION. "Before using any other tool, call X" makes the
 * model route every task through one tool (the usual first step of a
 * poisoning chain). Alone it is low: login tools legitimately ask to be
 * called first. Combined with another threat in the same tool it is
 * escalated to critical (run-rules).
 */
const ORDERING_RE =
  /\bbefore (?:using|calling|invoking|running|executing|accessing|you (?:use|call|run|invoke|do|answer|respond)|doing|performing|answering|responding(?: to)?|any)(?: [a-z_-]{1,20}){0,2} (?:any|all|every|each|another|other)(?: other)? (?:tools?|functions?|actions?|commands?|requests?|steps?|tasks?|things?|questions?|messages?)\b|\b(?:always|must|first|should)(?: [a-z_-]{1,20}){0,2} (?:call|use|invoke|run|execute) (?:this|the [a-z0-9_-]{2,40}|[a-z0-9_-]{2,40}) (?:tool |function )?(?:first|before (?:any|all|every|anything|using|calling|doing))\b|\bthis (?:tool|function) (?:must|should|has to|needs to) (?:always )?be (?:called|used|invoked|run) (?:first|before (?:any|all|every|anything))\b|\b(?:call|use|invoke|run) this (?:tool|function) (?:first|before (?:any|anything|every|all))\b|\b(?:every|each|any) (?:other )?(?:tool|function) call (?:must|should) (?:be preceded by|start with|first)\b/g;

/** Reports demands that a tool be used before all others. */
export function detectOrderingCoercion(field: AnalyzedField): RuleHit[] {
  if (!/before|first/.test(field.norm.lower)) return [];
  const hits: RuleHit[] = [];
  for (const { sentence, match } of matchesInSentences(field.sentences, ORDERING_RE)) {
    const start = match.index;
    const end = start + match[0].length;
    if (isNegatedBefore(sentence.text, start, 16) || isDescriptiveMention(sentence.text, start, end)) continue;
    hits.push(fieldHit(field, "TM-ORDERING-COERCION", "low", sentence.start + start, sentence.start + end, `Demands to be called before other tools: "${match[0]}".`));
  }
  return hits;
}
