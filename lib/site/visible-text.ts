import { escapeEvidence } from "@/lib/core/scanning/normalize-text";

/**
 * Registry text (names, descriptions, tool metadata) is written by whoever
 * runs the server. React already escapes markup; this also makes the
 * characters a reader cannot see visible, as the findings' evidence does
 * (docs/findings-and-scans.md#findings): zero-width, bidi overrides (U+202E would reverse what follows),
 * tag characters and controls become `\u{…}`. Line breaks are kept, and
 * long text is cut with "…" (the full text is in the report download).
 */
export function visibleText(text: string, maxChars = 600): string {
  const lines = text.split(/\r?\n/);
  let out = "";
  for (const [index, line] of lines.entries()) {
    const room = maxChars - out.length - (index > 0 ? 1 : 0);
    if (room <= 0) return `${out}…`;
    const piece = escapeEvidence(line, room);
    out += (index > 0 ? "\n" : "") + piece;
    if (piece.endsWith("…") && !line.endsWith("…")) return out;
  }
  return out;
}

/** One line of registry text for titles and headings: line breaks shown as spaces. */
export function visibleLine(text: string, maxChars = 160): string {
  return visibleText(text.replace(/\s*[\r\n]+\s*/g, " "), maxChars);
}
