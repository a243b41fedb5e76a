/**
 * Source text made ready for pattern rules, without parsing JavaScript:
 * comments are blanked (same length, newlines kept, so offsets and line
 * numbers still point into the original) while string literals stay, since
 * URLs, paths and payloads live in strings. Regex literals are not
 * recognised; a quote inside one can at worst shift the comment blanking to
 * the end of that line (strings in quotes do not span lines). Pure.
 */

export interface CodeText {
  /** The original text. */
  raw: string;
  /** The text with comments replaced by spaces. */
  code: string;
  lineStarts: number[];
}

function blankComments(text: string): string {
  const out = text.split("");
  let i = 0;
  let quote: string | null = null;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== "\n") out[k] = " ";
  };
  while (i < text.length) {
    const ch = text[i];
    if (quote) {
      if (ch === "\\") i += 2;
      else {
        if (ch === quote || (ch === "\n" && quote !== "`")) quote = null;
        i++;
      }
      continue;
    }
    if (ch === "'" || ch === '"' || ch === "`") {
      quote = ch;
      i++;
    } else if (ch === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      const stop = end === -1 ? text.length : end;
      blank(i, stop);
      i = stop;
    } else if (ch === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end === -1 ? text.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (ch === "#" && (i === 0 || text[i - 1] === "\n") && text[i + 1] === "!") {
      // A shebang line.
      const end = text.indexOf("\n", i);
      i = end === -1 ? text.length : end;
    } else i++;
  }
  return out.join("");
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

export function codeText(raw: string, language: "js" | "shell" | "python" = "js"): CodeText {
  const code = language === "js" ? blankComments(raw) : raw.replace(/(^|\s)#(?!!).*$/gm, (m) => m.replace(/[^\n]/g, " "));
  return { raw, code, lineStarts: lineStartsOf(raw) };
}

/** 1-based line of an offset. */
export function lineAt(t: CodeText, offset: number): number {
  let lo = 0;
  let hi = t.lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (t.lineStarts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** The (original) text of a 1-based line, trimmed, at most `max` characters around `offset` when given. */
export function lineExcerpt(t: CodeText, line: number, offset?: number, max = 160): string {
  const start = t.lineStarts[line - 1] ?? 0;
  const end = line < t.lineStarts.length ? t.lineStarts[line] - 1 : t.raw.length;
  const text = t.raw.slice(start, end);
  if (text.length <= max) return text.trim();
  const at = offset === undefined ? 0 : Math.max(0, offset - start - Math.floor(max / 2));
  return `${at > 0 ? "…" : ""}${text.slice(at, at + max).trim()}…`;
}
