/**
 * The query side of the search_vector column (db/schema.ts): the user's
 * words split into the same lexemes the documents are split into, as a
 * tsquery. Separators are the ASCII characters other than letters and
 * digits; a run joined by hyphens or underscores ("publisher-42") is also a
 * lexeme of its own.
 */

/** Word characters: ASCII letters and digits, and every non-ASCII character. */
const ATOM_SEPARATOR = /[^0-9a-z\u{80}-\u{10ffff}]+/u;
const COMPOUND_SEPARATOR = /[^0-9a-z_\u{80}-\u{10ffff}-]+/u;
const JOINER = /[-_]/;

/** More lexemes add cost, not precision. */
const MAX_LEXEMES = 8;

/** The lexemes of one whitespace-free token: its hyphen/underscore compounds, else its plain words. */
function tokenLexemes(token: string): string[] {
  return token
    .split(COMPOUND_SEPARATOR)
    .map((part) => part.replace(/^[-_]+|[-_]+$/g, ""))
    .filter((part) => part.length > 0)
    .flatMap((part) => (JOINER.test(part) && /^[^-_]+(?:[-_]+[^-_]+)+$/.test(part) ? [part] : part.split(ATOM_SEPARATOR)))
    .filter((part) => part.length > 0);
}

/**
 * The query's words as a tsquery text ('acme' & 'publisher-42' & 'weath':*),
 * or null when no word is left. Every lexeme is quoted and holds only word
 * characters and joiners, so no input can change the query's structure.
 * Only a last plain word (two characters or more) matches as a prefix: it is
 * the one still being typed, and a prefix is a partial match in the GIN
 * index that gathers every row of every word it covers, while exact lexemes
 * let the index skip ahead and cost what the rarest one costs.
 */
export function searchTsquery(q: string): string | null {
  const lexemes = q
    .toLowerCase()
    .split(/\s+/)
    .flatMap(tokenLexemes)
    .slice(0, MAX_LEXEMES);
  if (lexemes.length === 0) return null;
  const last = lexemes.length - 1;
  return lexemes.map((lexeme, i) => (i === last && lexeme.length >= 2 && !JOINER.test(lexeme) ? `'${lexeme}':*` : `'${lexeme}'`)).join(" & ");
}
