/**
 * Text normalization for the threat rules, and the one way evidence is
 * rendered. Attackers hide instructions from people (invisible characters,
 * escapes, look-alike letters) while models still read them, so the rules
 * match on what a model would "see", and we keep a record of every trick
 * that was stripped so that the hiding itself becomes a finding.
 */

/** Longest stretch of one field the rules look at: bounds the cost of a hostile 10 MB description. */
export const MAX_FIELD_CHARS = 20_000;
/** Evidence is at most 200 characters (docs/findings-and-scans.md#findings). */
const MAX_EVIDENCE_CHARS = 200;

type InvisibleClass = "tag" | "variationSelector" | "bidi" | "zeroWidth" | "control";

interface InvisibleReport {
  /** Counts of stripped characters by class (legitimate uses, e.g. emoji joiners, are not counted). */
  counts: Record<InvisibleClass, number>;
  /** True when an invisible character sat between two Latin letters (keyword splitting). */
  splitsWord: boolean;
}

export interface NormalizedText {
  /** The capped raw text (what the server sent, at most MAX_FIELD_CHARS). */
  raw: string;
  /** NFKC, ANSI and invisibles stripped, escapes decoded, whitespace collapsed; case kept. */
  clean: string;
  /** `clean` lower-cased with look-alike letters folded inside mixed-script words: what rules match on. */
  lower: string;
  /** ASCII hidden in Unicode tag characters or variation selectors ("ASCII smuggling"), decoded; "" when none. */
  hiddenText: string;
  invisibles: InvisibleReport;
  /** Raw ANSI escape sequences found (at most 5). */
  ansiSequences: string[];
  /** How many \u, \x and &# escapes decoded to plain letters or digits (nobody escapes "A" by accident). */
  escapedLetters: number;
  /** Words that mixed Latin with Cyrillic or Greek look-alikes, as written (at most 5). */
  mixedScriptWords: string[];
  /** Mathematical or fullwidth Latin letters that NFKC turned into ASCII. */
  styledLetters: number;
  truncated: boolean;
}

const ANSI_RE = /\x1B(?:\[[0-?]{0,32}[ -/]{0,8}[@-~]|\][^\x07\x1B]{0,256}(?:\x07|\x1B\\)?|[@-Z\\-_])|\x9B[0-?]{0,32}[ -/]{0,8}[@-~]/g;
const ESCAPE_RE = /\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})|&#[xX]([0-9a-fA-F]{1,6});?|&#([0-9]{1,7});?|&(lt|gt|amp|quot|apos|nbsp);/g;
const PERCENT_RUN_RE = /(?:%[0-9a-fA-F]{2})+/g;
const ALNUM_RE = /^[A-Za-z0-9]$/;
const NAMED_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'", nbsp: " " };

/**
 * What a model would read, plus a record of what was hidden from a person.
 * Pure and linear in the input length; the input is capped first.
 */
export function normalizeText(input: string): NormalizedText {
  const truncated = input.length > MAX_FIELD_CHARS;
  const raw = truncated ? input.slice(0, MAX_FIELD_CHARS) : input;
  if (PLAIN_ASCII_RE.test(raw)) return plainAscii(raw, truncated);

  let escapedLetters = 0;
  let text = raw.replace(ESCAPE_RE, (whole, braced, u4, x2, hexEnt, decEnt, named) => {
    if (named) return NAMED_ENTITIES[named as string] ?? whole;
    const hex = (braced ?? u4 ?? x2 ?? hexEnt) as string | undefined;
    const code = hex !== undefined ? parseInt(hex, 16) : parseInt(decEnt as string, 10);
    if (!Number.isFinite(code) || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole;
    const ch = String.fromCodePoint(code);
    if (ALNUM_RE.test(ch)) escapedLetters++;
    return ch;
  });
  text = text.replace(PERCENT_RUN_RE, (run) => {
    try {
      const decoded = decodeURIComponent(run);
      // Only decode when the result is visible text; %0A, %00 and friends stay as written.
      return /[\x00-\x1F\x7F]/.test(decoded) ? run : decoded;
    } catch {
      return run;
    }
  });

  const ansiSequences: string[] = [];
  text = text.replace(ANSI_RE, (seq) => {
    if (ansiSequences.length < 5) ansiSequences.push(seq);
    return "";
  });

  const stripped = stripInvisibles(text);
  const nfkc = stripped.text.normalize("NFKC");
  const styledLetters = countStyledLetters(stripped.text);
  const clean = collapseWhitespace(nfkc);
  const lowered = clean.toLowerCase();
  const folded = foldMixedScriptWords(lowered);

  return {
    raw,
    clean,
    lower: refangAddresses(folded.text),
    hiddenText: stripped.hiddenText,
    invisibles: stripped.report,
    ansiSequences,
    escapedLetters,
    mixedScriptWords: folded.words,
    styledLetters,
    truncated,
  };
}

/**
 * Addresses written "defanged" so that no filter sees a link: "hxxps://", "relay[.]example[.]net",
 * "sync dot example dot io", "ops(at)example.com". A model reads them as the addresses they are, so
 * the rules must too. A spelled-out " dot " counts only before a top-level domain.
 */
const SPELLED_TLDS = "com|net|org|io|dev|app|ai|co|xyz|cloud|sh|me|info|biz|site|online|ru|su|cn|de|uk|fr|kr|jp|in|br|nl|pl|tk|top";
const DEFANGED_RE = new RegExp(String.raw`hxxps?:|\[(?:\.|dot|:|@|at)\]|\((?:\.|dot|at)\)|\{(?:\.|dot)\}| dot (?:${SPELLED_TLDS})\b`);
const SPELLED_HOST_RE = new RegExp(String.raw`\b[a-z0-9-]{2,63}(?: dot [a-z0-9-]{2,63}){0,4} dot (?:${SPELLED_TLDS})\b`, "g");

export function refangAddresses(lower: string): string {
  if (!DEFANGED_RE.test(lower)) return lower;
  return lower
    .replace(/hxxp(s?):/g, "http$1:")
    .replace(/\[(?:\.|dot)\]|\((?:\.|dot)\)|\{(?:\.|dot)\}/g, ".")
    .replace(/\[(?:@|at)\]|\(at\)/g, "@")
    .replace(/\[:\]/g, ":")
    .replace(SPELLED_HOST_RE, (host) => host.replace(/ dot /g, "."));
}

/** Printable ASCII without escape introducers: nothing to decode, strip or fold (the common case). */
const PLAIN_ASCII_RE = /^[\x20-\x24\x27-\x5B\x5D-\x7E\t\n\r]*$/;

function plainAscii(raw: string, truncated: boolean): NormalizedText {
  const clean = collapseWhitespace(raw);
  return {
    raw,
    clean,
    lower: refangAddresses(clean.toLowerCase()),
    hiddenText: "",
    // A fresh report per text (callers may count into it), written out: V8 copies a spread object on a slow path.
    invisibles: { counts: { tag: 0, variationSelector: 0, bidi: 0, zeroWidth: 0, control: 0 }, splitsWord: false },
    ansiSequences: [],
    escapedLetters: 0,
    mixedScriptWords: [],
    styledLetters: 0,
    truncated,
  };
}

/** Whitespace that collapsing would change: any but the plain space, or two spaces in a row. */
const COLLAPSIBLE_RE = /[^\S ]| {2}/;

function collapseWhitespace(text: string): string {
  // Most text has only single plain spaces: none of the replacements below can change it, and only the trim is left.
  if (!COLLAPSIBLE_RE.test(text)) return text.trim();
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n[\s]*/g, "\n")
    .trim();
}

function isTag(cp: number): boolean {
  return cp >= 0xe0000 && cp <= 0xe007f;
}
function isVariationSelector(cp: number): boolean {
  return (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
}
function isBidi(cp: number): boolean {
  return (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp === 0x200e || cp === 0x200f || cp === 0x061c;
}
function isZeroWidth(cp: number): boolean {
  return (
    (cp >= 0x200b && cp <= 0x200d) ||
    (cp >= 0x2060 && cp <= 0x2064) ||
    cp === 0xfeff ||
    cp === 0x180e ||
    cp === 0x034f ||
    cp === 0x00ad ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x3164 ||
    cp === 0xffa0 ||
    cp === 0x2028 ||
    cp === 0x2029
  );
}
function isStrayControl(cp: number): boolean {
  return (cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d) || cp === 0x7f || (cp >= 0x80 && cp <= 0x9f);
}
function isLatinLetter(cp: number | undefined): boolean {
  return cp !== undefined && ((cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a));
}
const PICTOGRAPH_RE = /\p{Extended_Pictographic}|\p{Emoji_Modifier}/u;
const NON_LATIN_LETTER_RE = /[^\P{L}\p{Script=Latin}]/u;
const RTL_RE = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

function isPictograph(cp: number | undefined): boolean {
  return cp !== undefined && PICTOGRAPH_RE.test(String.fromCodePoint(cp));
}
function isNonLatinLetter(cp: number | undefined): boolean {
  return cp !== undefined && NON_LATIN_LETTER_RE.test(String.fromCodePoint(cp));
}

interface Stripped {
  text: string;
  hiddenText: string;
  report: InvisibleReport;
}

/**
 * Removes invisible characters and counts the suspicious ones. Legitimate
 * uses stay uncounted: joiners inside emoji and in scripts that need them,
 * emoji presentation selectors, subdivision-flag tag sequences, and direction
 * marks in right-to-left text.
 */
const ANY_INVISIBLE_RE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\u00AD\u034F\u061C\u115F\u1160\u180E\u200B-\u200F\u2028-\u202E\u2060-\u2069\u3164\uFE00-\uFE0F\uFEFF\uFFA0\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/u;

function stripInvisibles(text: string): Stripped {
  const counts: Record<InvisibleClass, number> = { tag: 0, variationSelector: 0, bidi: 0, zeroWidth: 0, control: 0 };
  if (!ANY_INVISIBLE_RE.test(text)) return { text, hiddenText: "", report: { counts, splitsWord: false } };
  const cps = Array.from(text, (c) => c.codePointAt(0) as number);
  const hasRtl = RTL_RE.test(text);
  let splitsWord = false;
  let out = "";
  let hidden = "";
  let vsBytes: number[] = [];
  let inFlag = false;

  const flushVs = () => {
    if (vsBytes.length >= 4) hidden += decodeBytes(vsBytes);
    vsBytes = [];
  };

  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i];
    let cls: InvisibleClass | null = null;
    let legit = false;

    if (cp === 0x1f3f4) inFlag = true;
    if (isTag(cp)) {
      cls = "tag";
      legit = inFlag && ((cp >= 0xe0061 && cp <= 0xe007a) || (cp >= 0xe0030 && cp <= 0xe0039) || cp === 0xe007f);
      if (cp === 0xe007f) inFlag = false;
      if (!legit && cp >= 0xe0020 && cp <= 0xe007e) hidden += String.fromCharCode(cp - 0xe0000);
    } else {
      if (cp !== 0x1f3f4) inFlag = false;
      if (isVariationSelector(cp)) {
        cls = "variationSelector";
        const afterSymbol = (cp === 0xfe0e || cp === 0xfe0f) && (isPictograph(cps[i - 1]) || (cps[i - 1] ?? 0) < 0x80 || (cps[i - 1] ?? 0) > 0x2000);
        legit = afterSymbol && vsBytes.length === 0 && !isVariationSelector(cps[i + 1] ?? 0);
        if (!legit) vsBytes.push(cp >= 0xe0100 ? cp - 0xe0100 + 16 : cp - 0xfe00);
      } else if (isBidi(cp)) {
        cls = "bidi";
        legit = hasRtl && (cp === 0x200e || cp === 0x200f || cp === 0x061c);
      } else if (isZeroWidth(cp)) {
        cls = "zeroWidth";
        const prevVisible = previousVisible(cps, i);
        const nextVisible = nextVisibleCp(cps, i);
        legit =
          (cp === 0x200d && (isPictograph(prevVisible) || isPictograph(nextVisible))) ||
          ((cp === 0x200c || cp === 0x200d) && (isNonLatinLetter(prevVisible) || isNonLatinLetter(nextVisible))) ||
          (cp === 0xfeff && i === 0) ||
          // A soft hyphen inside a word is typography (German compounds); stripped either way.
          (cp === 0x00ad && /\p{L}/u.test(String.fromCodePoint(prevVisible ?? 0x20)) && /\p{L}/u.test(String.fromCodePoint(nextVisible ?? 0x20)));
      } else if (isStrayControl(cp)) {
        cls = "control";
      }
      if (!isVariationSelector(cp)) flushVs();
    }

    if (cls === null) {
      out += String.fromCodePoint(cp);
    } else {
      if (cp === 0x2028 || cp === 0x2029) out += "\n";
      if (!legit) {
        counts[cls]++;
        if (cls !== "control" && isLatinLetter(previousVisible(cps, i)) && isLatinLetter(nextVisibleCp(cps, i))) splitsWord = true;
      }
    }
  }
  flushVs();
  return { text: out, hiddenText: hidden, report: { counts, splitsWord } };
}

function isInvisible(cp: number): boolean {
  return isTag(cp) || isVariationSelector(cp) || isBidi(cp) || isZeroWidth(cp);
}
function previousVisible(cps: number[], i: number): number | undefined {
  for (let j = i - 1; j >= 0 && j >= i - 8; j--) if (!isInvisible(cps[j])) return cps[j];
  return undefined;
}
function nextVisibleCp(cps: number[], i: number): number | undefined {
  for (let j = i + 1; j < cps.length && j <= i + 8; j++) if (!isInvisible(cps[j])) return cps[j];
  return undefined;
}

function decodeBytes(bytes: number[]): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    return "";
  }
}

const STYLED_LATIN_RE = /[\u{1D400}-\u{1D6A3}\u{FF21}-\u{FF3A}\u{FF41}-\u{FF5A}]/gu;
const CJK_RE = /[\u3040-\u30FF\u3400-\u9FFF\uAC00-\uD7AF]/;

/** Styled Latin letters are a classic keyword-filter dodge, except fullwidth forms in CJK text. */
function countStyledLetters(text: string): number {
  const matches = text.match(STYLED_LATIN_RE);
  if (!matches) return 0;
  if (CJK_RE.test(text)) return matches.filter((m) => (m.codePointAt(0) as number) >= 0x1d400).length;
  return matches.length;
}

/** Lower-case Cyrillic and Greek letters that look like Latin ones. Same length in, same length out. */
const CONFUSABLES: Record<string, string> = {
  "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t",
  "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "ԁ": "d", "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w",
  "ɡ": "g", "ο": "o", "α": "a", "ν": "v", "ρ": "p", "τ": "t", "ι": "i", "κ": "k", "υ": "u", "ε": "e", "χ": "x",
  "ω": "w", "ɑ": "a", "ı": "i",
};
const LETTER_RUN_RE = /\p{L}+/gu;
const LATIN_RE = /[a-z]/;
const CONFUSABLE_SCRIPT_RE = /[\u0370-\u03FF\u0400-\u052F\u0250-\u02AF\u0131]/;

function foldMixedScriptWords(text: string): { text: string; words: string[] } {
  const words: string[] = [];
  if (!CONFUSABLE_SCRIPT_RE.test(text)) return { text, words };
  const out = text.replace(LETTER_RUN_RE, (word) => {
    if (!LATIN_RE.test(word) || !CONFUSABLE_SCRIPT_RE.test(word)) return word;
    let folded = "";
    let changed = false;
    for (const ch of word) {
      const sub = CONFUSABLES[ch];
      if (sub !== undefined) {
        folded += sub.length === ch.length ? sub : ch;
        changed = true;
      } else folded += ch;
    }
    if (changed && words.length < 5) words.push(word);
    return folded;
  });
  return { text: out, words };
}

// \p{Cs}: a lone surrogate (an excerpt cut through a pair, or sent that way) is not valid Unicode and cannot be stored as JSON.
const NEEDS_ESCAPE_RE = /[\x00-\x1F\x7F-\x9F\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u{E0000}-\u{E007F}\uFE00-\uFE0F\u{E0100}-\u{E01EF}\u115F\u1160\u3164\uFFA0\u034F\u180E]/u;

/**
 * Evidence (docs/findings-and-scans.md#findings) shows control, bidi and invisible characters escaped
 * (`\x1B`, `\u{200B}`, `\u{E0041}`), never raw, so that a report can be
 * read safely by a person and by a model, and it is at most 200 characters.
 * An escape or a surrogate pair is never cut in half; a cut is marked with "…".
 */
export function escapeEvidence(text: string, maxChars: number = MAX_EVIDENCE_CHARS): string {
  // Fast path for the common case: nothing to escape (one scan of the whole text finds any code point
  // the per-character test below would, lone surrogates included, as both run in u mode) and nothing
  // to cut (every piece is then the character itself, so the loop would return the text unchanged).
  if (text.length <= maxChars && !NEEDS_ESCAPE_RE.test(text)) return text;
  let out = "";
  let last = "";
  for (const ch of text) {
    let piece = ch;
    if (NEEDS_ESCAPE_RE.test(ch)) {
      const cp = ch.codePointAt(0) as number;
      if (cp === 0x0a) piece = "\\n";
      else if (cp === 0x09) piece = "\\t";
      else if (cp === 0x0d) piece = "\\r";
      else if (cp <= 0x9f) piece = `\\x${cp.toString(16).toUpperCase().padStart(2, "0")}`;
      else piece = `\\u{${cp.toString(16).toUpperCase()}}`;
    }
    if (out.length + piece.length > maxChars) {
      // No room for the mark: drop the whole last piece, never half an escape or half a surrogate pair.
      if (out.length + 1 > maxChars) out = out.slice(0, out.length - last.length);
      return out + "…";
    }
    out += piece;
    last = piece;
  }
  return out;
}

/**
 * A short excerpt of `text` around [start, end), escaped. Evidence should
 * show the match with a little context, not the whole field.
 */
export function excerptAround(text: string, start: number, end: number, radius = 60, maxChars = MAX_EVIDENCE_CHARS): string {
  const from = pairBoundary(text, Math.max(0, start - radius));
  const to = pairBoundary(text, Math.min(text.length, Math.max(end, start) + radius));
  const head = from > 0 ? "…" : "";
  const tail = to < text.length ? "…" : "";
  const inner = escapeEvidence(text.slice(from, to), maxChars - head.length - tail.length);
  return head + inner + (inner.endsWith("…") ? "" : tail);
}

/** `index`, or one past it when it would split a surrogate pair (an emoji is shown whole or not at all). */
function pairBoundary(text: string, index: number): number {
  const before = text.charCodeAt(index - 1);
  const at = text.charCodeAt(index);
  return before >= 0xd800 && before <= 0xdbff && at >= 0xdc00 && at <= 0xdfff ? index + 1 : index;
}
