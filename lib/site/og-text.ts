import { badgeFont } from "@/lib/badges/badge-font";

/**
 * Registry text cut down for the OpenGraph image: only characters the
 * bundled Inter (latin) has a glyph for, others shown as "?", invisibles
 * dropped, and at most `maxChars`. next/og fetches a font or emoji from a
 * CDN for any glyph the given fonts lack; with this, it never has to.
 */
export function ogSafeText(text: string, maxChars: number): string {
  const { font } = badgeFont();
  let out = "";
  let count = 0;
  for (const ch of text.replace(/\s+/g, " ").trim()) {
    if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{M}]/u.test(ch)) continue;
    const glyph = font.charToGlyph(ch);
    out += ch === " " || (glyph && glyph.index !== 0) ? ch : "?";
    if (++count >= maxChars) return `${out}…`;
  }
  return out;
}
