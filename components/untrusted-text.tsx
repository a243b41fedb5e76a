import { visibleLine, visibleText } from "@/lib/site/visible-text";

/**
 * Every string that comes from a scanned server or the registry feed goes
 * through here. React escapes markup; on top, invisible and bidi characters
 * are shown as \u{…} (visibleText) and the text sits in <bdi>, so a
 * right-to-left name cannot reorder the words around it. CSS lets long
 * words wrap anywhere, so a 5,000-letter "word" cannot widen the page.
 */
export function Untrusted({ text, max, block = false }: { text: string | null | undefined; max?: number; block?: boolean }) {
  if (!text) return null;
  const shown = block ? visibleText(text, max) : visibleLine(text, max);
  return <bdi className={block ? "untrusted untrusted-block" : "untrusted"}>{shown}</bdi>;
}
