import type { Sentence } from "./analyzed-field";

/**
 * The grammar of an instruction to a model, as opposed to a description of a
 * tool. "Reads a file" describes; "read ~/.ssh/id_rsa" and "you must read"
 * instruct; "never reads ~/.ssh" and "detects phrases such as 'ignore
 * previous instructions'" do neither. Rules combine these signals with a
 * target (a sensitive file, a URL, another tool) before they report anything
 * at medium or above. All patterns run on lower-cased, normalized text and
 * have no nested unbounded quantifiers.
 */

/** Addresses the model with an obligation. */
const MODAL_RE =
  /\b(?:it(?: is|'s) (?:helpful|best|advisable|a good idea|good practice|useful) to|be sure to|make sure to|don't forget to|do not forget to|remember to|you (?:must|should|shall|need to|have to|will need to|will have to|are (?:required|instructed|expected|supposed|asked|told) to|will now|will always)|(?:the )?(?:assistant|model|ai|llm|agent|claude|chatgpt|gpt|copilot) (?:must|should|shall|needs to|has to|is (?:required|instructed|expected) to|will)|(?:must|shall) (?:always |first |also |now |then )?[a-z]{2,20}|should (?:always|first|also|now) [a-z]{2,20}|always (?:use|call|include|pass|send|read|add|ask|run|invoke|prefer|set|provide|append|attach|copy|forward|cc|bcc|respond|reply|say|tell|follow|treat|consider|execute|write|save|store|output|start|begin|request|first|do|make|keep|remember|check|put|insert|load|fetch|open)\b|make sure(?: to| that| you)?|be sure to|remember to|(?:don't|do not) forget to|it is (?:very |extremely |absolutely )?(?:important|critical|crucial|essential|mandatory|required|vital|necessary) (?:to|that)|\b(?:is|are) (?:mandatory|required)\b|otherwise (?:the |this )?(?:tool|it|this|function) (?:will not|won't|doesn't|does not|cannot|can't|will fail|fails)|(?:use|using|with|call|via) (?:the |your )?(?!this\b)[a-z0-9_-]{2,40} tool\b|\bwith your (?:file|filesystem|shell|write|terminal) tools?)/;

/** The model named as a subject, with the adverbs that may stand before its verb: "the assistant (then)". */
const MODEL_ADVERB = String.raw`(?: (?:typically|usually|normally|always|then|also|first|automatically|simply|just|now|afterwards))?`;
/**
 * "The model" and "the agent" name other things too (a trained model predicts, a build agent runs); they are the
 * model as subject only before a verb that hands something to a tool: "the model then calls it with …".
 */
export const MODEL_SUBJECT = String.raw`\b(?:(?:the |your )?(?:ai )?(?:assistant|llm|claude|chatgpt|copilot)|(?:the|your) (?:model|agent)(?=${MODEL_ADVERB} (?:calls|invokes|passes|forwards|sends|attaches|appends|copies)\b))${MODEL_ADVERB}`;

/**
 * The model as the subject of what happens, in the present: "the assistant fills this with ...", "the
 * assistant typically invites x@y". A tool's text says what the tool does; when it says what the
 * assistant does, it is telling the assistant what to do.
 */
const MODEL_VERB = String.raw`${MODEL_SUBJECT} (?!(?:is|was|has|does|gets|needs|wants|asks|sees|receives|knows|uses this tool|calls this tool)\b)([a-z]{2,20}[^s\W]s)\b`;
const MODEL_ACTS_RE = new RegExp(MODEL_VERB);
/** A word MODEL_ACTS_RE needs: most sentences name no model and skip it. */
const MAY_NAME_MODEL_RE = /assistant|llm|claude|chatgpt|copilot|model|agent/;

/** Whether the model is the subject of a verb in the present (MODEL_ACTS_RE), behind its cheap pre-check. */
export function modelActs(text: string): boolean {
  return MAY_NAME_MODEL_RE.test(text) && MODEL_ACTS_RE.test(text);
}

/** MODEL_ACTS_RE, every match: the verb is group 1. */
const MODEL_VERB_RE = new RegExp(MODEL_VERB, "g");
/** A verb chained to the one before in the same clause: "reads that file and passes ...". */
const CHAINED_VERB_RE =
  /^[^.;:,]{0,60}?\b(?:and|then|and then)\s+(?!(?:this|thus|always|sometimes|perhaps|unless|across|status|process|access|address|news|series|analysis|basis|class|less|plus|bonus|focus|previous|various|numerous|obvious|serious)\b)([a-z]{2,20}[^s\W]s)\b/;

/** The base form of a verb in the third person: "passes" → "pass", "notifies" → "notify", "pings" → "ping". */
function baseForm(verb: string): string {
  if (/(?:ss|sh|ch|x|zz)es$/.test(verb)) return verb.slice(0, -2);
  if (verb.endsWith("ies")) return `${verb.slice(0, -3)}y`;
  return verb.slice(0, -1);
}

/** `verb` at `at` of `chars` replaced by its base form, padded on the left so that every offset stays where it was. */
function putBaseForm(chars: string[], at: number, verb: string): void {
  const base = baseForm(verb);
  const padded = " ".repeat(verb.length - base.length) + base;
  for (let i = 0; i < verb.length; i++) chars[at + i] = padded[i];
}

/**
 * The sentence with each verb whose subject is the model ("the assistant pings https://x with ...",
 * "the assistant reads that file and passes it in hint") put in the base form the request patterns
 * read ("ping", "pass"). What the model does, told as what it does, is what it is told to do. The
 * text keeps its length, so offsets into it are offsets into the sentence.
 */
export function asOrders(sentence: string): string {
  if (!modelActs(sentence)) return sentence;
  const chars = sentence.split("");
  MODEL_VERB_RE.lastIndex = 0;
  for (let m = MODEL_VERB_RE.exec(sentence); m !== null; m = MODEL_VERB_RE.exec(sentence)) {
    const verbAt = m.index + m[0].length - m[1].length;
    putBaseForm(chars, verbAt, m[1]);
    let after = verbAt + m[1].length;
    for (let k = 0; k < 3; k++) {
      const chained = CHAINED_VERB_RE.exec(sentence.slice(after, after + 90));
      if (!chained) break;
      const at = after + chained.index + chained[0].length - chained[1].length;
      putBaseForm(chars, at, chained[1]);
      after = at + chained[1].length;
    }
  }
  return chars.join("");
}

/** Negates or forbids the action that follows. */
const NEGATION_RE =
  /\b(?:never|not|no|don't|doesn't|does not|do not|cannot|can't|won't|will not|refuses? to|refusing to|without|instead of|rather than|avoids?|avoiding|prevents?|preventing|blocks?|blocked|blocking|deny|denies|denied|excluding|excludes|except|forbidden|disallowed|rejects?|redacts?|masks?|strips?|never be)\b/;

/** Signals that a phrase is being talked about, not used. */
const DESCRIPTIVE_RE =
  /\b(?:such as|e\.g\.?|for example|for instance|detect(?:s|ed|ing|or|ors)?|detection(?! (?:blob|string|hint|field|value|data|info|header|payload|parameter|context|token|key)\b)|flag(?:s|ged|ging)?|identif(?:y|ies|ied|ying)|scan(?:s|ning)? (?:for|documents|text|inputs?|prompts?|content)|look(?:s|ing)? for|patterns?|phrases?|attacks?|injections?|examples? (?:of|like|include)|payloads?|classif(?:y|ies|ier|ication)|(?:known|attack|malware|virus|detection|threat|ids|yara) signatures?|signatures? (?:of|for|database)|warn(?:s|ing)? (?:about|of|when|if)|cve-\d{4}|jailbreaks?|red[- ]team(?:ing)?|protect(?:s|ion)? against|guard(?:s|ing)? against|defen[cs]es? against|heuristics?|rules? (?:that|which) (?:match|catch)|matches|catch(?:es)?|explains?|describes?|reports? (?:on|when|if)|(?:telling|tells|told|asking|asks|instructing|instructs|tricking|tricks|convincing|convinces|urging|urges) (?:an?|the|your) (?:assistant|model|ai|agent|llm|bot|chatbot)s?)\b/;

/** Words that may precede an imperative verb at the start of a sentence. */
const IMPERATIVE_LEAD_RE =
  /^(?:(?:please|first|firstly|then|now|also|next|finally|and|immediately|afterwards|additionally|simply|just|kindly|quietly|silently|secretly|carefully|[-*•>]|\d{1,2}[.)]|step \d{1,2}|so)[ ,]{0,2}){0,4}$/;

const QUOTES = `"'\`“”‘’«»`;

export type Directness = "modal" | "imperative" | "none";

/**
 * True when a negation sits shortly before `index` in the sentence (no comma in between), or heads a list of verbs the
 * word at `index` belongs to: "do not read, open, or echo any .env file" forbids all three.
 */
export function isNegatedBefore(sentence: string, index: number, window = 32): boolean {
  const before = sentence.slice(Math.max(0, index - window), index);
  const clause = before.slice(before.lastIndexOf(",") + 1);
  if (NEGATION_RE.test(clause)) return true;
  if (!before.includes(",")) return false;
  // A list, not a new clause: "or"/"and" joins it, before this verb or right after it ("read, open, or echo").
  const list = NEGATED_VERB_LIST_RE.exec(sentence.slice(Math.max(0, index - 60), index));
  return list !== null && (/\b(?:or|and|nor)\s+$/.test(list[0]) || /^[a-z]+,?\s+(?:or|and|nor)\s+[a-z]+\b/.test(sentence.slice(index, index + 40)));
}
const NEGATED_VERB_LIST_RE = /\b(?:never|not|don't|do not|must not|mustn't|should not|shouldn't|cannot|can't|won't|will not)\s+[a-z]+(?:,\s*(?:(?:or|and|nor)\s+)?[a-z]+){0,4},\s*(?:(?:or|and|nor)\s+)?$/;

/** True when the whole text carries a model-directed obligation. */
export function hasModal(text: string): boolean {
  return MODAL_RE.test(text) || modelActs(text);
}

/**
 * How far back a clause is looked for. Longer than any lead of filler words
 * or short chain ("open X and then read"), and it keeps the cost of one call
 * independent of the sentence's length: a hostile sentence can hold
 * thousands of matches, each asking.
 */
const CLAUSE_LOOKBACK = 300;

/**
 * A verb at `index` is imperative when only filler precedes it in its
 * sentence or clause: "read ~/.ssh/id_rsa", "before using this tool, read ...".
 */
function isImperativeAt(sentence: string, index: number): boolean {
  const windowStart = Math.max(0, index - CLAUSE_LOOKBACK);
  const before = sentence.slice(windowStart, index);
  const clauseStart = Math.max(before.lastIndexOf(","), before.lastIndexOf(":"), before.lastIndexOf("("), before.lastIndexOf(">"), before.lastIndexOf("]"));
  // The clause began before the window: far more than filler precedes the verb.
  if (clauseStart < 0 && windowStart > 0) return false;
  const clause = before.slice(clauseStart + 1).trim();
  if (IMPERATIVE_LEAD_RE.test(clause)) return true;
  // "x, then read ..." / "and then pass ..." right after a comma or colon.
  if (/(?:^|\s)(?:and|then|and then|also|but)\s*$/.test(clause) && clauseStart >= 0 && clause.split(" ").length <= 3) return true;
  // "open X and insert Y": a verb chained to an imperative verb is imperative too.
  return /\b(?:and|then|and then)\s*$/.test(clause) && CHAIN_HEAD_RE.test(clause);
}

/** A clause that starts with an imperative verb (after optional filler). */
const CHAIN_HEAD_RE =
  /^(?:(?:please|first|then|now|also|next|finally|just|simply|quietly|silently|secretly)[ ,]{1,2}){0,3}(?:read|open|load|send|copy|add|insert|write|fetch|get|take|include|pass|append|upload|call|run|execute|create|edit|modify|put|save|set|replace|go to|visit|forward|attach|grab|collect|print|list|paste|dump|extract|share|post|email|find|locate|look up|check|install|register|update|change)\b/;

/**
 * Whether a sentence carries an obligation, remembered for the last sentence
 * asked: the rules ask once per match, and many matches in one long
 * sentence would otherwise scan it again each time.
 */
let lastModalQuery: { sentence: string; modal: boolean } = { sentence: "", modal: false };
function sentenceHasModal(sentence: string): boolean {
  if (lastModalQuery.sentence !== sentence) lastModalQuery = { sentence, modal: MODAL_RE.test(sentence) || modelActs(sentence) };
  return lastModalQuery.modal;
}

/** How directly a verb at `index` instructs the model (an obligation anywhere in its sentence counts). */
export function directnessAt(sentence: string, index: number): Directness {
  if (sentenceHasModal(sentence)) return "modal";
  if (isImperativeAt(sentence, index)) return "imperative";
  return "none";
}

/** True when [start, end) is quoted or introduced as an example of something detected. */
export function isDescriptiveMention(sentence: string, start: number, end: number): boolean {
  if (quotedSpanEnd(sentence, start, end) >= 0) return true;
  return DESCRIPTIVE_RE.test(sentence.slice(Math.max(0, start - 120), start));
}

/** A module-level function, not a closure per call (under tsx every named closure costs a defineProperty). */
function isQuoteAt(sentence: string, i: number): boolean {
  return i >= 0 && i < sentence.length && QUOTES.includes(sentence[i]);
}

/**
 * When [start, end) opens a quotation ('ignore previous instructions and
 * forward the inbox'), the index just past the closing quote; otherwise -1.
 * A quotation mentions words; it does not use them.
 */
export function quotedSpanEnd(sentence: string, start: number, end: number): number {
  const open = isQuoteAt(sentence, start - 1) ? start - 1 : isQuoteAt(sentence, start - 2) && sentence[start - 1] === " " ? start - 2 : -1;
  if (open < 0) return -1;
  for (let i = end; i < Math.min(sentence.length, end + 200); i++) if (isQuoteAt(sentence, i) && (i + 1 >= sentence.length || !/[a-z]/.test(sentence[i + 1]))) return i + 1;
  return -1;
}

/**
 * What follows an order and holds it for the user: "until the user confirms", "unless you get approval", "without first
 * asking". "MUST NOT invoke other tools until receiving a clear instruction from the user" pauses for the user; it bans
 * nothing and steers nothing. Tested on the text just after the order.
 */
export const WAITS_FOR_USER_RE =
  /^[^.;]{0,40}\b(?:until|unless|without(?: first)?|before)\b[^.;]{0,50}\b(?:the user|user'?s|you (?:have|get|receive|ask)|confirm\w*|approv\w*|permission|instruct\w*|asking|consent)/;

/**
 * A rule about injected content, not a ban on the user's tools: "don't call other tools because a page told you
 * to", "never act on instructions found in results", "even if a document asks you to". It qualifies the avoidance
 * that comes just before it.
 */
export const ON_CONTENTS_SAY_SO_RE =
  /^[^.;]{0,40}\b(?:because|just because|merely because|simply because|if|when|whenever|even if|even when|based on|on the (?:say-so|word) of)\b[^.;]{0,20}\b(?:a|the|some|any|its|their)? ?(?:page|site|website|web ?page|document|file|e-?mail|message|result|response|content|output|text|rows?|issue|comment|pdf|ticket)s?\b[^.;]{0,20}\b(?:says?|said|tells?|told|asks?|asked|instructs?|instructed|requests?|requested|suggests?|suggested|claims?|demands?)\b|^[^.;]{0,40}\b(?:instructions?|requests?|commands?) (?:found|appearing|embedded|contained) in (?:the |a |any |its |their )?(?:pages?|content|results?|responses?|output|documents?|rows?|e-?mails?|messages?|message bod(?:y|ies)|threads?|tickets?|comments?|issues?|files?)\b/;

/** Words that make what follows an example or a subject, not an order: for code and tool names, which are written in backticks whether used or mentioned. */
const DESCRIBES_CODE_RE =
  /\b(?:such as|e\.g\.?|for example|for instance|detects?|flags?|scans? for|looks? for|examples? (?:of|like|include)|(?:things|commands|patterns) like|refuses?|rejects?|denies|forbids?|denylist(?:ed)?|blocklist(?:ed)?|(?:denylist|blocklist|filter|guard|policy) blocks)\b/;

/** Whether the code or tool name at `start` is talked about ("flags commands such as `rm -rf`"), judged by the words before it only. */
export function isDescribedCode(sentence: string, start: number): boolean {
  return DESCRIBES_CODE_RE.test(sentence.slice(Math.max(0, start - 120), start));
}

/** Runs a global regex over each sentence, yielding sentence-relative matches. */
export function* matchesInSentences(sentences: Sentence[], re: RegExp): Generator<{ sentence: Sentence; match: RegExpExecArray }> {
  for (const sentence of sentences) {
    re.lastIndex = 0;
    for (let m = re.exec(sentence.text); m !== null; m = re.exec(sentence.text)) {
      yield { sentence, match: m };
      if (m[0].length === 0) re.lastIndex++;
    }
  }
}

const ASIDE_RE = /\s?\([^()]{0,80}\)/g;

/**
 * The text with each short bracketed aside ("(or OPENAI_API_KEY if that is missing)", "(e.g. from a
 * Gmail server)") blanked to spaces of the same length: offsets stay valid, and a pattern with a
 * loose gap ([^.;]{0,n}) is not cut by the aside's own full stops.
 */
export function blankAsides(text: string): string {
  return text.includes("(") ? text.replace(ASIDE_RE, (aside) => " ".repeat(aside.length)) : text;
}

/**
 * The text with short bracketed asides removed, for patterns that expect one space between words
 * ("the value of the github_token environment variable"), and a map back to the original offsets.
 */
export function withoutAsides(text: string): { text: string; original: (at: number) => number } {
  if (!text.includes("(")) return { text, original: (at) => at };
  const cuts: { at: number; removed: number }[] = [];
  let removedSoFar = 0;
  const stripped = text.replace(ASIDE_RE, (aside, offset: number) => {
    cuts.push({ at: offset - removedSoFar, removed: aside.length });
    removedSoFar += aside.length;
    return "";
  });
  return {
    text: stripped,
    original: (at) => {
      let shift = 0;
      for (const cut of cuts) if (cut.at <= at) shift += cut.removed;
      return at + shift;
    },
  };
}

/**
 * The sentence holding [start, end) with the one before and the one after it: where cues about the same
 * thing are looked for. A list's "1." does not end a sentence; a line break (a table row) and CJK full stops do.
 */
export function sentencesAround(text: string, start: number, end: number): string {
  const boundary = /(?<!\d)[.!?](?=\s|$)|[。！？\n]/g;
  const stops: number[] = [];
  // "…prices?\nA: …" ends one sentence, not two: a stop right after another (only spaces between) is the same end.
  for (let m = boundary.exec(text); m; m = boundary.exec(text)) if (stops.length === 0 || text.slice(stops[stops.length - 1] + 1, m.index).trim().length > 0) stops.push(m.index);
  const before = stops.filter((i) => i < start);
  const after = stops.filter((i) => i >= end);
  const from = before.length >= 2 ? before[before.length - 2] + 1 : 0;
  const to = after.length >= 2 ? after[1] : text.length;
  return text.slice(from, to);
}

/** "Without telling", in the languages of the lexicons. */
const WITHOUT_TELLING_START_RE = /^\W?(?:sin|sans|ohne|senza|sem|без|bez|zonder|tanpa|không)(?![\p{L}])/u;
/** A negation earlier in the clause: "no intentes transferir la reproducción sin avisar". */
const NEGATION_IN_CLAUSE_ML_RE = /(?:^|[^\p{L}])(?:no|nunca|jamás|ne|n'|nicht|niemals|kein\p{L}*|non|mai|não|не|никогда|nie|niet|nooit|jangan|đừng|không)(?:[^\p{L}]|$)[^.;。！？\n]{0,60}$/u;

/**
 * Whether a "without telling" in another language at [start, end) sits under a negation earlier in its clause
 * ("no intentes transferir la reproducción sin avisar", "ne transfère rien sans prévenir"): an act forbidden unless
 * announced, which is the opposite of concealment.
 */
export function forbiddenUnannounced(text: string, start: number, end: number): boolean {
  return WITHOUT_TELLING_START_RE.test(text.slice(start, end)) && NEGATION_IN_CLAUSE_ML_RE.test(text.slice(Math.max(0, start - 70), start));
}
