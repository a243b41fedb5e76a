/**
 * The features the learned directive model reads from one sentence (docs/detection.md#the-learned-layer): words and
 * word pairs, the letter groups of longer words (so that a Polish or Turkish ending still meets its stem), and
 * characters and character pairs of scripts written without spaces. Addresses, paths and tool names are replaced
 * by what they are ("xurl", "xpath", "xsibling"), so the model learns "send … to xurl", not one attacker's domain.
 * Pure; the same function serves training (scripts/train-directive-model.ts) and the scanner.
 */

export interface SentenceContext {
  /** The field's kind: "description", "param-text", "instructions", "value", … */
  kind: string;
  /** The field's own tool (lower case), "" when the field belongs to none. */
  ownTool: string;
  /** Every tool of the server (lower case); the others than ownTool are its siblings. */
  toolNames: ReadonlySet<string>;
  /** The first sentence of a description: the tool's own summary. */
  summary: boolean;
}


const URL_RE = /\b(?:https?|wss?|ftp):\/\/[^\s"'<>)\]]+|\bwww\.[^\s"'<>)\]]+/g;
const EMAIL_RE = /\b[a-z0-9._%+-]{1,64}@[a-z0-9.-]{2,80}\.[a-z]{2,24}\b/g;
const IP_RE = /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{2,5})?\b/g;
const DOMAIN_RE = /\b(?:[a-z0-9-]{1,63}\.)+(?:com|net|org|io|dev|app|co|ai|cloud|xyz|info|biz|site|online|tech|me|ru|cn|de|fr|jp|uk|us|in|br|es|it|pl|tr|kr|vn|id|sh|to|ly|gg|cc|tv)\b(?:\/[^\s"'<>)\]]*)?/g;
// A path starts at a root, a home or a drive: "plan/apply/repair" is a list of words, not a path.
const PATH_RE = /(?:~|\$home|%[a-z]+%|\b[a-z]:|(?<![a-z0-9_.@-]))(?:[\\/][a-z0-9_.@-]+){2,}[\\/]?|~[\\/][a-z0-9_.@-]+|(?<![a-z0-9])\.[a-z][a-z0-9_-]{1,20}(?![a-z0-9])/g;
const IDENT_RE = /\b[a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+\b/g;
const TOKEN_RE = /[\p{L}\p{M}\p{N}]+|[<>[\]{}@#$|`]/gu;
/** Scripts written without spaces between words: their text is read as characters and character pairs. */
const UNSPACED_RE = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\u0e00-\u0e7f]/;

function pathToken(path: string): string {
  // The file named, not the folders: "~/.aws/credentials" → "xpath aws credentials".
  const parts = path.split(/[\\/]/).filter((p) => p.length > 0);
  const tail = parts.slice(-2).join(" ").replace(/[^a-z0-9 ]+/g, " ");
  return ` xpath ${tail} `;
}

/** The sentence with addresses, paths and identifiers replaced by their kind. */
export function abstractSentence(text: string, ctx: SentenceContext): string {
  return text
    .replace(URL_RE, " xurl ")
    .replace(EMAIL_RE, " xemail ")
    .replace(IP_RE, " xurl ")
    .replace(DOMAIN_RE, " xurl ")
    .replace(PATH_RE, (p) => pathToken(p))
    .replace(IDENT_RE, (id) => (id === ctx.ownTool ? " xowntool " : ctx.toolNames.has(id) ? " xsibling " : " xident "));
}

function hasSiblings(ctx: SentenceContext): boolean {
  return ctx.toolNames.size > (ctx.toolNames.has(ctx.ownTool) ? 1 : 0);
}

export function sentenceFeatures(text: string, ctx: SentenceContext): string[] {
  const abstracted = MAY_ABSTRACT_RE.test(text) ? abstractSentence(text, ctx) : text;
  const out = new Set<string>();
  out.add(`k:${ctx.kind}`);
  if (ctx.summary) out.add("k:summary");
  const words: string[] = [];
  for (const m of abstracted.matchAll(TOKEN_RE)) {
    const token = m[0];
    if (UNSPACED_RE.test(token)) {
      const chars = [...token];
      for (let i = 0; i < chars.length; i++) {
        out.add(`c:${chars[i]}`);
        if (i + 1 < chars.length) out.add(`c:${chars[i]}${chars[i + 1]}`);
      }
      words.push("xcjk");
      continue;
    }
    const word = token.length > 24 ? token.slice(0, 24) : DIGITS_RE.test(token) ? "xnum" : token;
    words.push(word);
    out.add(`w:${word}`);
    if (word.length >= 6 && !word.startsWith("x")) {
      const padded = `^${word}$`;
      for (let i = 0; i + 4 <= padded.length; i++) out.add(`g:${padded.slice(i, i + 4)}`);
    }
  }
  for (let i = 0; i + 1 < words.length; i++) out.add(`b:${words[i]} ${words[i + 1]}`);
  if (ctx.ownTool && hasSiblings(ctx) && words.includes("xsibling")) out.add("k:names-sibling");
  return [...out];
}

/** FNV-1a, 32 bits: the bucket of a feature in the model's weight table. */
export function featureBucket(name: string, bits: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & ((1 << bits) - 1);
}

// The same features as sentenceFeatures, hashed as they are made: no feature string is built. FNV-1a over
// "w:" + word is FNV-1a continued over the word, so the buckets are exactly featureBucket's of those strings.
const FNV_OFFSET = 0x811c9dc5;
function fnv(h: number, text: string, from = 0, to = text.length): number {
  for (let i = from; i < to; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}
const PREFIX_W = fnv(FNV_OFFSET, "w:");
const PREFIX_G = fnv(FNV_OFFSET, "g:");
const PREFIX_B = fnv(FNV_OFFSET, "b:");
const PREFIX_C = fnv(FNV_OFFSET, "c:");
const SPACE = " ".charCodeAt(0);

/** Buckets seen in the current sentence, stamped with its generation: a set without allocation. */
let stamps = new Uint32Array(0);
let generation = 0;

/**
 * The buckets of sentenceFeatures(text, ctx), each once, written into `out` (returned). Equal to
 * `new Set(sentenceFeatures(text, ctx).map((n) => featureBucket(n, bits)))`, at a fraction of the cost.
 */
export function sentenceBuckets(text: string, ctx: SentenceContext, bits: number, out: number[] = []): number[] {
  const size = 1 << bits;
  const mask = size - 1;
  if (stamps.length !== size) {
    stamps = new Uint32Array(size);
    generation = 0;
  }
  if (++generation === 0xffffffff) {
    stamps.fill(0);
    generation = 1;
  }
  out.length = 0;
  addBucket(fnv(FNV_OFFSET, `k:${ctx.kind}`), mask, out);
  if (ctx.summary) addBucket(fnv(FNV_OFFSET, "k:summary"), mask, out);
  const abstracted = MAY_ABSTRACT_RE.test(text) ? abstractSentence(text, ctx) : text;
  let previous: string | null = null;
  let sibling = false;
  for (const m of abstracted.matchAll(TOKEN_RE)) {
    const token = m[0];
    let word: string;
    if (UNSPACED_RE.test(token)) {
      const chars = [...token];
      for (let i = 0; i < chars.length; i++) {
        addBucket(fnv(PREFIX_C, chars[i]), mask, out);
        if (i + 1 < chars.length) addBucket(fnv(fnv(PREFIX_C, chars[i]), chars[i + 1]), mask, out);
      }
      word = "xcjk";
    } else {
      word = token.length > 24 ? token.slice(0, 24) : DIGITS_RE.test(token) ? "xnum" : token;
      addBucket(fnv(PREFIX_W, word), mask, out);
      if (word.length >= 6 && word.charCodeAt(0) !== 120 /* x */) {
        const padded = `^${word}$`;
        for (let i = 0; i + 4 <= padded.length; i++) addBucket(fnv(PREFIX_G, padded, i, i + 4), mask, out);
      }
    }
    if (word === "xsibling") sibling = true;
    if (previous !== null) {
      let h = fnv(PREFIX_B, previous);
      h ^= SPACE;
      h = Math.imul(h, 0x01000193);
      addBucket(fnv(h, word), mask, out);
    }
    previous = word;
  }
  if (ctx.ownTool && hasSiblings(ctx) && sibling) addBucket(fnv(FNV_OFFSET, "k:names-sibling"), mask, out);
  return out;
}
/** Adds a hashed feature's bucket once per sentence (a module function: under tsx every closure costs a defineProperty). */
function addBucket(h: number, mask: number, out: number[]): void {
  const bucket = (h >>> 0) & mask;
  if (stamps[bucket] !== generation) {
    stamps[bucket] = generation;
    out.push(bucket);
  }
}
const DIGITS_RE = /^\d+$/;
/** Whether abstractSentence can change anything: an address, a path, an identifier, a dotted name. */
const MAY_ABSTRACT_RE = /[/\\@._~%:-]|\d\.\d/;
