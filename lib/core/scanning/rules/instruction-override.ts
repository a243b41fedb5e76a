import type { AnalyzedField } from "./analyzed-field";
import { isDescriptiveMention, isNegatedBefore, matchesInSentences, quotedSpanEnd } from "./directive-language";
import { fieldHit, type RuleHit } from "./rule-hit";

/**
 * TM-IGNORE-PREVIOUS. An attempt to replace the instructions the model was
 * given ("ignore all previous instructions", "your new task is", "from now
 * on you are"). The phrase itself combines two signals (an override verb and
 * the instructions as its object), so a directive use is critical. A
 * security tool that explains or detects such phrases is not flagged unless
 * the sentence goes on to instruct.
 */
const OVERRIDE_RE =
  /\b(?:ignore|disregard|forget|override|bypass|abandon|discard|overrule|supersede|set aside|do not follow|don't follow|stop following|no longer follow|pay no attention to)\b(?: (?:all|any|each|every|of|the|your|my|these|those|such|previously|earlier|given|received)){0,3} (?:previous|prior|above|earlier|preceding|foregoing|former|original|initial|existing|system|default|safety|other|old|current|developer|operator|user'?s?|all|given|standing)(?: (?:or|and|\/|nor) [a-z'-]{1,20})?(?: [a-z'-]{1,20})? (?:instructions?|rules?|prompts?|directions|guidelines|guardrails|directives|constraints|policies|restrictions|system prompts?|programming|orders|commands)\b/g;
const ROLE_RE =
  /\b(?:from now on,? you (?:are|will|must|shall)|you are no longer\b|your (?:new|real|true|actual|only) (?:instructions|task|role|goal|purpose|objective|directive) (?:is|are)\b|new (?:system )?instructions ?:|(?:enter|enable|activate|switch to) (?:developer|god|dan|jailbreak|unrestricted) mode|act as (?:an? )?(?:unrestricted|unfiltered|jailbroken)|these instructions (?:override|supersede|take precedence over|replace) (?:all|any)|(?:override|supersede)s? (?:all|any) (?:other|previous|prior) (?:instructions|rules)|\b(?:supersedes?|overrides?|overrules?|outranks?|replaces?|takes? (?:priority|precedence) over|is more important than|comes before) (?:all |any |your |the |its )?(?:prior|previous|earlier|other|existing|original|system|safety|default|standing)?(?: [a-z]+)? ?(?:instructions|guidelines|rules|prompts?|policies|directives|system prompt)\b|\b(?:is|are|counts? as|treat (?:it|them) as) (?:a )?(?:system[- ]level|system|developer|operator)[- ](?:instructions?|messages?|prompts?|directives?)\b|\b(?:outranks?|overrides?|overrules?|takes? (?:priority|precedence) over|supersedes?) (?:both )?(?:the |your )?user\b)/g;

/**
 * Text put in the place of the model's own instructions: "apply them in place of its existing instructions",
 * "use these instead of your system prompt". The possessive makes the instructions the model's: "instead of
 * the default rules" is a linter's configuration.
 */
const REPLACEMENT_RE =
  /\b(?:in place of|instead of|as a replacement for|as replacements for|replacing|to replace|overriding) (?:(?:your|the assistant'?s|the model'?s|the agent'?s) (?:(?:existing|current|original|own|prior|previous|standing|default|built-in|initial) )?(?:instructions|system prompt|system message|guidelines|directives|rules|prompt)|its (?:(?:existing|current|original|own|prior|previous|standing|initial) )?(?:instructions|system prompt|system message|directives))\b/g;

/** Cheap test before the full patterns: every pattern contains one of these words. */
const PREFILTER_RE = /in place of|instead of|as a replacement|replacing|to replace|ignor|disregard|forget|overrid|bypass|abandon|discard|overrul|supersed|set aside|follow|attention|from now on|no longer|your (?:new|real|true|actual|only)|new (?:system )?instructions|mode|act as|outrank|replace|priority|precedence|more important|comes before|system[- ]level|system (?:instruction|message|prompt)|developer (?:instruction|message)|operator (?:instruction|message)|outrank|overrid|overrul|supersed/;
const CONTINUES_AS_DIRECTIVE_RE = /\b(?:and|then|instead)\b[ ,]{1,2}(?:instead )?(?:read|send|call|use|pass|include|output|print|reply|respond|say|tell|write|run|execute|forward|upload|email|reveal|show|give|do|follow|obey|act)\b/;

const ABOUT_THE_MODEL_RE = /\b(?:you|your|yourself|model|assistant|ai|agent|llm|system|user'?s?|operator|developer|safety|chat|conversation)\b/;

/** Reports directive uses of instruction-override phrases. */
export function detectInstructionOverride(field: AnalyzedField): RuleHit[] {
  if (!PREFILTER_RE.test(field.norm.lower)) return [];
  const hits: RuleHit[] = [];
  for (const re of [OVERRIDE_RE, ROLE_RE, REPLACEMENT_RE]) {
    for (const { sentence, match } of matchesInSentences(field.sentences, re)) {
      const start = match.index;
      const end = start + match[0].length;
      if (isNegatedBefore(sentence.text, start, 20) && !/^(?:do not|don't)/.test(match[0])) continue;
      // "The set of firewall rules that replaces all existing rules": rules and policies of a system the tool manages,
      // not the model's, when nothing in the sentence speaks of the model or its instructions.
      if (/\b(?:rules?|polic(?:y|ies))\b/.test(match[0]) && !/\b(?:instructions?|prompts?|guidelines|guardrails|directives)\b/.test(match[0]) && !ABOUT_THE_MODEL_RE.test(sentence.text)) continue;
      const quoteEnd = quotedSpanEnd(sentence.text, start, end);
      const descriptive = quoteEnd >= 0 || isDescriptiveMention(sentence.text, start, end);
      const rest = sentence.text.slice(quoteEnd >= 0 ? quoteEnd : end);
      if (descriptive && !CONTINUES_AS_DIRECTIVE_RE.test(rest)) continue;
      hits.push(
        fieldHit(field, "TM-IGNORE-PREVIOUS", "critical", sentence.start + start, sentence.start + end, `Tells the model to set aside its instructions: "${match[0]}".`),
      );
    }
  }
  return hits;
}
