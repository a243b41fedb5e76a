import type { Severity } from "../../findings";
import type { AnalyzedField } from "./analyzed-field";
import { hasModal, isDescriptiveMention } from "./directive-language";
import { fieldHit, type RuleHit } from "./rule-hit";

/**
 * TM-HIDDEN-INSTRUCTIONS. Poisoned tools wrap their payload in tags a user
 * skims past but a model treats as authoritative (<IMPORTANT>, <SYSTEM>,
 * [INST], chat-template tokens, HTML comments). A tag with no directive is
 * info; around directives it is low for an emphasis tag, medium for one
 * posing as the system or a chat template, high for an HTML comment; around
 * a threat it is escalated to critical when the owner's hits are combined
 * (run-rules).
 */
const STRONG_TAG_RE =
  /<\s*([a-z_-]{0,15}(?:important|system|sys|instructions?|secret|hidden|admin|override|mandatory|critical|priority|note[_ -]to[_ -](?:the[_ -])?(?:ai|assistant|model|llm|agent))[a-z_-]{0,15})\b[^<>]{0,40}>/g;
const TEMPLATE_RE =
  /\[\s*(?:inst|sys|system)\s*\]|<<\s*sys\s*>>|<\|(?:im_start|system|start_header_id|begin_of_text)\|>|\{\{\s*#?\s*(?:[a-z]+_)*(?:system|assistant|ai|model|agent|llm|hidden|secret|internal)(?:_[a-z]+)*\s*\}\}|(?:^|\n|\s)#{1,4} ?(?:system|hidden instructions?|instructions? for (?:the )?(?:ai|assistant|model|llm)|notes? (?:to|for) (?:the )?(?:ai|assistant|model|llm|agent))\b|\[\[\s*(?:sys|system|assistant|ai|hidden|internal)[a-z_ ]*\]\]/g;
const COMMENT_RE = /<!--([^]{0,2000}?)-->/g;

const DIRECTIVE_START_RE =
  /(?:^|[\n.!?:>]\s{0,3}|\]\s{0,3})(?:(?:please|first|then|now|also|and|next|finally|immediately)[ ,]{1,2}){0,3}(?:read|send|call|use|pass|include|ignore|forget|disregard|do not|don't|never|always|add|append|forward|copy|upload|execute|run|invoke|output|print|reply|respond|say|tell|write|save|set|change|replace|visit|open|fetch|load|make sure|remember|treat|consider|act as|pretend|before|whenever|instead|only|provide|attach|collect|gather|extract|email|bcc)\b/;

const CONTENT_WINDOW = 1500;

/**
 * Real servers now structure descriptions with tags (<workflow>, <important_notes>)
 * that hold honest usage rules, so a tag around directives is low: an amplifier
 * that makes any other instruction finding in the same tool critical.
 */
function severityFor(content: string, poseAsAuthority: boolean): Severity {
  if (!hasModal(content) && !DIRECTIVE_START_RE.test(content)) return "info";
  return poseAsAuthority ? "medium" : "low";
}

/** Tags and markers that pose as the system or as hidden channels, unlike emphasis such as <important_notes>. */
const AUTHORITY_TAG_RE = /system|sys\b|admin|override|secret|hidden|note[_ -]to/;

/** Scans the whole field: tags are sentence boundaries, so this rule reads across them. */
export function detectHiddenInstructions(field: AnalyzedField): RuleHit[] {
  const text = field.norm.lower;
  if (!text.includes("<") && !text.includes("[") && !text.includes("{") && !text.includes("#")) return [];
  const hits: RuleHit[] = [];

  STRONG_TAG_RE.lastIndex = 0;
  for (let m = STRONG_TAG_RE.exec(text); m !== null; m = STRONG_TAG_RE.exec(text)) {
    const tag = m[1];
    if (isDescriptiveMention(text, m.index, m.index + m[0].length) || /^\s?tags?\b/.test(text.slice(m.index + m[0].length))) continue;
    const contentStart = m.index + m[0].length;
    // The closing tag is looked for within the window only: searching the rest of the field for
    // each of thousands of unclosed tags would cost the square of its length.
    const close = text.slice(contentStart, contentStart + CONTENT_WINDOW + tag.length + 2).indexOf(`</${tag}`);
    const contentEnd = contentStart + (close >= 0 ? Math.min(close, CONTENT_WINDOW) : Math.min(text.length - contentStart, CONTENT_WINDOW));
    const content = text.slice(contentStart, contentEnd);
    const severity = severityFor(content, AUTHORITY_TAG_RE.test(tag));
    const detail =
      severity !== "info"
        ? `A <${tag}> tag wraps directives addressed to the model.`
        : `A <${tag}> tag of the kind used to smuggle instructions to the model; no directive found inside.`;
    hits.push(fieldHit(field, "TM-HIDDEN-INSTRUCTIONS", severity, m.index, Math.min(contentEnd, m.index + 120), detail));
  }

  TEMPLATE_RE.lastIndex = 0;
  for (let m = TEMPLATE_RE.exec(text); m !== null; m = TEMPLATE_RE.exec(text)) {
    const content = text.slice(m.index + m[0].length, m.index + m[0].length + CONTENT_WINDOW);
    const severity = severityFor(content, true);
    hits.push(
      fieldHit(field, "TM-HIDDEN-INSTRUCTIONS", severity, m.index, m.index + m[0].length + 80, `Chat-template or system marker "${m[0].trim()}" ${severity !== "info" ? "followed by directives to the model" : "in metadata"}.`),
    );
  }

  COMMENT_RE.lastIndex = 0;
  for (let m = COMMENT_RE.exec(text); m !== null; m = COMMENT_RE.exec(text)) {
    if (severityFor(m[1], false) !== "info") {
      // Invisible when rendered: hiding orders from the person reading the page is concealment in itself.
      hits.push(fieldHit(field, "TM-HIDDEN-INSTRUCTIONS", "high", m.index, m.index + m[0].length, "An HTML comment, invisible when rendered, carries directives to the model."));
    }
  }
  return hits;
}
