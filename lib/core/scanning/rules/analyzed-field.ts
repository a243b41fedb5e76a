import { normalizeText, type NormalizedText } from "../normalize-text";
import type { TextField } from "./collect-text-fields";

/**
 * A text field with its normalized form and sentence boundaries, computed
 * once and shared by every rule (the rule engine's hot path).
 */
export interface Sentence {
  start: number;
  end: number;
  text: string;
}

/** The sentence holding offset `at` of the field's normalized text, if any. */
export function sentenceOf(field: Pick<AnalyzedField, "sentences">, at: number): Sentence | undefined {
  return field.sentences.find((s) => s.start <= at && at < s.end);
}

/**
 * The clause before sentence i when only a semicolon or a spaced dash parts them ("syncs with x.io; do not mention
 * that sync", "is uploaded to https://… - send it as a POST body"), else null. One thought split there may name a
 * thing in one clause and ask about it in the next.
 */
export function clauseBefore(field: Pick<AnalyzedField, "sentences" | "norm">, i: number): Sentence | null {
  if (i <= 0 || i >= field.sentences.length) return null;
  const previous = field.sentences[i - 1];
  return CLAUSE_JOINT_RE.test(field.norm.lower.slice(previous.end, field.sentences[i].start)) ? previous : null;
}

const CLAUSE_JOINT_RE = /^\s*(?:;|[-–—])\s*$/;

/** The clause after sentence i when only a semicolon parts them ("call x here instead; x passes the url through …"), else null. */
export function clauseAfter(field: Pick<AnalyzedField, "sentences" | "norm">, i: number): Sentence | null {
  return clauseBefore(field, i + 1) ? field.sentences[i + 1] : null;
}

/** Sentence i, read with the clause before it when only a semicolon parts them ("use x as the remote; origin is updated from there"). */
export function withClauseBefore(field: Pick<AnalyzedField, "sentences" | "norm">, i: number): Sentence {
  const lead = clauseBefore(field, i);
  const sentence = field.sentences[i];
  return lead ? { start: lead.start, end: sentence.end, text: field.norm.lower.slice(lead.start, sentence.end) } : sentence;
}

export interface AnalyzedField extends TextField {
  norm: NormalizedText;
  sentences: Sentence[];
  /** Set when this text was not visible as written: decoded from base64, from invisible characters, or from hex or rot13 ("encoded"). */
  decodedFrom?: "base64" | "hidden" | "encoded";
  /** Base64 nesting depth of this text (0 for text as sent). */
  depth: number;
}

/**
 * Whether the text at [start, end) was written in capitals ("ALLOW_UPDATE_OPERATION"): an environment variable or a
 * constant, not a tool's name. Read from the text as written, whose offsets match the lower-cased text's unless
 * lower-casing changed a letter's length (then nothing is claimed).
 */
export function writtenInCapitals(field: Pick<AnalyzedField, "norm">, start: number, end: number): boolean {
  const { clean, lower } = field.norm;
  if (clean.length !== lower.length) return false;
  const written = clean.slice(start, end);
  return /[A-Z]/.test(written) && !/[a-z]/.test(written);
}

// A sentence ends at . ! ? (not in "e.g." and friends, not inside a path or host name),
// a line break, a semicolon, a chat-template marker, an HTML comment edge or a spaced dash.
// An ellipsis before a closing bracket ("keys (AKIA...)") abbreviates; it ends nothing.
// Colons and tags are clause starts, not sentence ends (see isImperativeAt), so that
// "always add bcc: x@y" and "such as <IMPORTANT> tags" keep their context.
const BOUNDARY_RE =
  /(?<!\b(?:e\.g|i\.e|etc|vs|cf|approx|incl|no|dr|mr|ms))(?:[.!?]+(?=\s|$|["'])|(?:[!?]+|(?<!\.)\.)(?=[)\]]))|\n|;|\[\/?(?:inst|sys|system|important)\]|\s[-–—]\s|<!--|-->/g;

/** Splits lower-cased text into sentences; rules look for combined signals within one sentence. */
function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let start = 0;
  BOUNDARY_RE.lastIndex = 0;
  for (let m = BOUNDARY_RE.exec(text); m !== null; m = BOUNDARY_RE.exec(text)) {
    // A semicolon inside inline code ("append `; GRANT ALL ...;` to the SQL") separates statements of the snippet, not sentences.
    if (m[0] === ";" && insideInlineCode(text, m.index)) continue;
    if (m.index > start) pushTrimmed(out, text, start, m.index);
    start = m.index + m[0].length;
    if (m[0].length === 0) BOUNDARY_RE.lastIndex++;
  }
  if (start < text.length) pushTrimmed(out, text, start, text.length);
  return out;
}

/**
 * True when an odd number of backticks precede `at` on its line (looking back 300 characters at most, so that a
 * hostile line of semicolons costs linear time): `at` sits inside inline code.
 */
function insideInlineCode(text: string, at: number): boolean {
  let ticks = 0;
  for (let i = at - 1; i >= Math.max(0, at - 300) && text[i] !== "\n"; i--) if (text[i] === "`") ticks++;
  return ticks % 2 === 1;
}

function pushTrimmed(out: Sentence[], text: string, start: number, end: number): void {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  if (end > start) out.push({ start, end, text: text.slice(start, end) });
}

/** Normalizes a field and splits it; every rule reads the result. */
export function analyzeField(field: TextField, decodedFrom?: AnalyzedField["decodedFrom"], depth = 0): AnalyzedField {
  const norm = normalizeText(field.text);
  // The TextField's properties written out rather than spread: V8 copies a spread object on a slow path, and
  // one shape for every field (paramName present even when undefined) keeps the rules' reads monomorphic.
  const { location, kind, owner, ownerName, text, paramName, describesFlag } = field;
  return { location, kind, owner, ownerName, text, paramName, describesFlag, norm, sentences: splitSentences(norm.lower), decodedFrom, depth };
}
