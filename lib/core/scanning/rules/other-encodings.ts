/**
 * Text written in an encoding a model reads and a person skims past, other
 * than base64 (base64-payloads.ts) and invisible characters: hexadecimal
 * bytes ("68747470733a2f2f…" is "https://…") and rot13 ("fraq rirel
 * zrffntr" is "send every message"). The rule engine decodes such runs and
 * runs every rule over the decoded text, as it does for base64. Pure.
 */

export interface EncodedRun {
  start: number;
  end: number;
  text: string;
  encoding: "hex" | "rot13";
}

/** At least 12 bytes: short hex is a hash prefix, a colour or an id. */
const HEX_RUN_RE = /\b(?:[0-9a-f]{2}){12,}\b/gi;
/** Words English text is made of; rot13 turns them into words no language has. */
const COMMON_WORDS = new Set(["the", "to", "and", "of", "you", "this", "that", "is", "in", "for", "with", "every", "all", "do", "not", "it", "from", "your", "each", "any", "send", "user", "before", "after", "tool", "call", "use", "a", "an", "be", "are", "on", "as", "or"]);
const LETTER_RUN_RE = /[A-Za-z][A-Za-z ,.'()-]{40,}/g;
const MAX_RUNS = 8;

function decodeHex(hex: string): string | null {
  let out = "";
  for (let i = 0; i < hex.length; i += 2) {
    const code = parseInt(hex.slice(i, i + 2), 16);
    // Text is printable ASCII or a line break; anything else is a digest or binary.
    if (!((code >= 0x20 && code < 0x7f) || code === 0x0a || code === 0x0d || code === 0x09)) return null;
    out += String.fromCharCode(code);
  }
  // A digest that happens to be printable has no words.
  return /[a-z]{3,}/i.test(out) ? out : null;
}

export function rot13(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

function commonWordCount(text: string): number {
  let n = 0;
  for (const word of text.toLowerCase().split(/[^a-z]+/)) if (COMMON_WORDS.has(word)) n++;
  return n;
}

/**
 * Whether more than one word of an ASCII letter run (LETTER_RUN_RE: letters, spaces and
 * ,.'()- only) is a common English word: commonWordCount(run) > 1, without lower-casing or
 * splitting the run, and stopping at the second such word (nearly every run is English).
 * The words are the same: maximal runs of letters, compared lower-cased.
 */
function hasTwoCommonWords(run: string): boolean {
  let n = 0;
  let start = -1;
  for (let i = 0; i <= run.length; i++) {
    const c = i < run.length ? run.charCodeAt(i) | 0x20 : 0;
    const letter = c >= 0x61 && c <= 0x7a;
    if (letter) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start <= 6 && COMMON_WORDS.has(run.slice(start, i).toLowerCase()) && ++n > 1) return true;
      start = -1;
    }
  }
  return false;
}

/** `run.split(/\s+/).length` for a letter run, whose only white space is the plain space: one more than its runs of spaces. */
function wordCount(run: string): number {
  let n = 1;
  for (let i = 0; i < run.length; i++) if (run.charCodeAt(i) === 0x20 && (i === 0 || run.charCodeAt(i - 1) !== 0x20)) n++;
  return n;
}

/** Runs of hex and rot13 that decode to readable text, at most MAX_RUNS. */
export function findEncodedRuns(text: string): EncodedRun[] {
  const runs: EncodedRun[] = [];
  HEX_RUN_RE.lastIndex = 0;
  for (let m = HEX_RUN_RE.exec(text); m !== null && runs.length < MAX_RUNS; m = HEX_RUN_RE.exec(text)) {
    const decoded = decodeHex(m[0]);
    if (decoded) runs.push({ start: m.index, end: m.index + m[0].length, text: decoded, encoding: "hex" });
  }
  LETTER_RUN_RE.lastIndex = 0;
  for (let m = LETTER_RUN_RE.exec(text); m !== null && runs.length < MAX_RUNS; m = LETTER_RUN_RE.exec(text)) {
    // rot13 when the decoded run reads as English and the run as written does not. Text that
    // already reads as English (nearly every run) is ruled out before anything is decoded.
    const words = wordCount(m[0]);
    if (words < 6 || hasTwoCommonWords(m[0])) continue;
    const decoded = rot13(m[0]);
    if (commonWordCount(decoded) >= Math.max(3, words / 5)) {
      runs.push({ start: m.index, end: m.index + m[0].length, text: decoded, encoding: "rot13" });
    }
  }
  return runs;
}
