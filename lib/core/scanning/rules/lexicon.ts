/** Lexicons over many languages, compiled with word edges that know letters beyond ASCII. Pure. */

/**
 * Word edges that know letters beyond ASCII (JavaScript's \b only knows
 * ASCII, even with the u flag). A word's start consumes the character
 * before it instead of looking behind: a lookbehind at every position made
 * the lexicons cost a millisecond per field of CJK text.
 */
const WORD_START = String.raw`(?:^|[^\p{L}\p{N}_])`;
const WORD_END = String.raw`(?![\p{L}\p{N}_])`;

/**
 * Compiles a lexicon written with \b. A \b that closes a word (it follows a letter, a digit or a
 * group) becomes WORD_END; one that opens a word or a group becomes WORD_START.
 */
export function lexicon(source: string | string[]): RegExp {
  // Normalization folds the dotless ı into i (normalize-text.ts), so Turkish words are matched as folded.
  const joined = (Array.isArray(source) ? source.join("|") : source).replaceAll("ı", "i");
  const edged = joined.replace(/\\b/g, (edge, at: number) => {
    const before = joined[at - 1] ?? "";
    const after = joined.slice(at + 2, at + 5);
    const closesWord = /[\p{L}\p{N})*+]/u.test(before);
    const opensWord = /^(?:\(\?:|\[|\\p|[\p{L}\p{N}_])/u.test(after);
    return !closesWord && opensWord ? WORD_START : WORD_END;
  });
  return new RegExp(edged, "u");
}
