/** Lexicons over many languages, compiled with word edges that know letters beyond ASCII. Pure. */

/**
 * The letters of the scripts the lexicons are written in, as a few explicit ranges: Latin with its
 * extensions (Vietnamese too), Greek, Cyrillic, Armenian, Hebrew, Arabic, the Indic scripts, Thai
 * and Lao, Georgian, Hangul, kana and CJK, with their combining marks (a Devanagari vowel sign is
 * part of its word). \p{L} would say the same for these scripts, but a pattern that uses it must
 * carry the u flag and Unicode's whole letter table, once per word edge: compiling the lexicons
 * for text beyond Latin-1 took over a second, and running them several times what these ranges
 * cost. Text is lower-cased before any lexicon sees it (normalize-text.ts).
 */
const LETTERS = String.raw`a-z\u00aa\u00b5\u00ba\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02af\u0300-\u036f\u0370-\u03ff\u0400-\u052f\u0531-\u058f\u0591-\u05f4\u0610-\u061a\u0620-\u06ff\u0900-\u0dff\u0e00-\u0eff\u10a0-\u10ff\u1100-\u11ff\u1e00-\u1fff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af`;
const WORD_CHARS = `${LETTERS}0-9_`;

/**
 * Word edges that know letters beyond ASCII (JavaScript's \b only knows
 * ASCII). A word's start consumes the character before it instead of
 * looking behind: a lookbehind at every position made the lexicons cost a
 * millisecond per field of CJK text.
 */
const WORD_START = `(?:^|[^${WORD_CHARS}])`;
const WORD_END = `(?![${WORD_CHARS}])`;

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
  return new RegExp(withLetterRanges(edged));
}

/** A lexicon's \p{L} ("autentica\p{L}*", "[\p{L}-]") as LETTERS, so that the pattern needs no u flag. */
function withLetterRanges(source: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (source.startsWith(String.raw`\p{L}`, i)) {
      out += inClass ? LETTERS : `[${LETTERS}]`;
      i += 4;
    } else if (c === "\\") {
      out += source.slice(i, i + 2);
      i += 1;
    } else {
      if (c === "[") inClass = true;
      else if (c === "]") inClass = false;
      out += c;
    }
  }
  return out;
}

/**
 * Whether a text may be in another language than English: the cheap gate before any rule runs its lexicons,
 * so that English text (the common case) skips them. Letters
 * beyond ASCII (not curly quotes or dashes) let a text in; an ASCII-only
 * text gets in only with a word these languages use in such requests and
 * English does not. The rule engine runs this on every field, so it is two
 * small scans, not one large alternation.
 */
// Latin with diacritics (and Vietnamese), Greek, Cyrillic, Hebrew, Arabic, Devanagari, Thai, kana, CJK, Hangul.
const NON_ASCII_LETTER_RE = /[\u00c0-\u024f\u1e00-\u1eff\u0370-\u03ff\u0400-\u04ff\u0590-\u06ff\u0900-\u097f\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;
const FOREIGN_ASCII_WORD_RE = /\b(?:deze|gebruik|altijd|nooit|andere|gebruiker|wordt|worden|och|inte|alltid|aldrig|verktyg|anvandaren|ikke|altid|brugeren|brukeren|vzdy|nikdy|nastroj|zawsze|nigdy|narzedzi\w*|uzytkownik\w*|ogni|ricerca|inviando|enviando|cuando|herramienta|destinatario|correo|todos|todas|chaque|jede[nmrs]?|sempre|siempre|toujours|usuario|ferramenta|strumento|outil|gunakan|bukan|resmi|alat ini|mit dem|mit der|muss|werden|wird|vorher|cliente|los|las|del|une|het|een|yang|tidak|dengan|expliq\w*|historique|historial|historico|conversa|verlauf|questa|questo|della|nella|inserisci|sessione|campo|cada|esta|este|para (?:el|la|os|as)|cette|avec|pour|dans|nicht|wenn|werkzeug|immer|und|oder|usuarios|utenti|usuari[oa]|utente|utilisat|nutzer|benutzer|kullanici|servidor|serveur|server[ao]?s? (?:de|do|di)|nascosto|segundo plano|confirmacion|consentimiento|senha|nuestro|nosso|unseren|nostro|administrador|amministratore|invia|envia|envie|envoie|aggiungi|sincroniza|reemplazar|remplacer|sin pedir|senza|ohne|sans|sem pedir|gebruiker|zonder|stuur|verstuur|gesprek|pengguna|kirim|percakapan|jangan|riwayat|niet|naar|voor|vraag|klant|bankpas|pinpas|geheimzahl)\b/;

export function mayBeForeign(text: string): boolean {
  return NON_ASCII_LETTER_RE.test(text) || FOREIGN_ASCII_WORD_RE.test(text);
}
