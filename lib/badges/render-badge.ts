import type { Font, PathCommand } from "opentype.js";
import type { CertificationStatus, Grade } from "@/lib/core/grades";
import { badgeFont } from "./badge-font";
import { BADGE_LOGOS, type BadgeLogo, type BadgeOptions, type BadgeStyle, textColourOn } from "./badge-options";

export { BADGE_STYLES } from "./badge-options";

/** A server's verdict on a badge; null draws the grey "not assessed" badge (docs/badges.md#a-server-with-no-verdict). */
export interface BadgeVerdict {
  grade: Grade;
  score: number;
  certificationStatus: CertificationStatus;
}

export interface BadgeContent {
  verdict: BadgeVerdict | null;
  options: BadgeOptions;
}

/** Colours by grade; each passes WCAG AA contrast against its text colour. */
const GRADE_COLOURS: Record<Grade, { background: string; text: string }> = {
  A: { background: "#1a7f37", text: "#ffffff" },
  B: { background: "#4d7c0f", text: "#ffffff" },
  C: { background: "#f2c12e", text: "#1f2328" },
  D: { background: "#c2410c", text: "#ffffff" },
  F: { background: "#b91c1c", text: "#ffffff" },
};
const LABEL_BACKGROUND = "#3d444d";
const NOT_ASSESSED = { background: "#6e7781", text: "#ffffff" };
const DEFAULT_LABEL = "MCP trust";

/** shields.io's geometry for each style, in pixels. */
interface StyleGeometry {
  height: number;
  fontSize: number;
  padding: number;
  radius: number;
  /** Extra advance per character (for-the-badge's spaced capitals). */
  letterSpacing: number;
  uppercase: boolean;
  gradient: "none" | "flat" | "plastic";
}
const GEOMETRY: Record<BadgeStyle, StyleGeometry> = {
  flat: { height: 20, fontSize: 11, padding: 6, radius: 3, letterSpacing: 0, uppercase: false, gradient: "flat" },
  compact: { height: 20, fontSize: 11, padding: 6, radius: 3, letterSpacing: 0, uppercase: false, gradient: "none" },
  "flat-square": { height: 20, fontSize: 11, padding: 6, radius: 0, letterSpacing: 0, uppercase: false, gradient: "none" },
  plastic: { height: 18, fontSize: 11, padding: 6, radius: 4, letterSpacing: 0, uppercase: false, gradient: "plastic" },
  "for-the-badge": { height: 28, fontSize: 10, padding: 9, radius: 0, letterSpacing: 1.2, uppercase: true, gradient: "none" },
};

/** Built-in logos, 14×14, drawn in the label's text colour. No logo is ever fetched. */
const LOGO_PATHS: Record<BadgeLogo, string> = {
  // Two linked rings: a connection protocol.
  mcp: "M4 2.5a3 3 0 0 0 0 6h2v-1.6H4a1.4 1.4 0 0 1 0-2.8h2V2.5zm6 3a3 3 0 0 1 0 6H8V9.9h2a1.4 1.4 0 0 0 0-2.8H8V5.5zM4.5 6.2h5v1.6h-5z",
  shield: "M7 .8 1.8 2.9v3.6c0 3.1 2.2 5.9 5.2 6.7 3-.8 5.2-3.6 5.2-6.7V2.9zm0 1.7 3.6 1.5v2.5c0 2.2-1.5 4.2-3.6 4.9z",
  check: "M5.6 10.6 2.1 7.1l1.2-1.2 2.3 2.3 5.1-5.1 1.2 1.2z",
  lock: "M4 6V4.5a3 3 0 0 1 6 0V6h.8c.4 0 .7.3.7.7v5.6c0 .4-.3.7-.7.7H3.2a.7.7 0 0 1-.7-.7V6.7c0-.4.3-.7.7-.7zm1.6 0h2.8V4.5a1.4 1.4 0 0 0-2.8 0z",
};
if (Object.keys(LOGO_PATHS).length !== BADGE_LOGOS.length) throw new Error("every built-in logo needs a path");
const LOGO_SIZE = 14;
const LOGO_GAP = 4;

/** The words on the badge (docs/badges.md#what-a-readme-author-can-ask-for). The label may be the author's; the message is always ours. */
export function badgeText(content: BadgeContent): { label: string | null; message: string } {
  const { verdict, options } = content;
  const message = verdict
    ? `${verdict.grade} ${Math.round(verdict.score)}${verdict.certificationStatus === "none" ? "" : ` · ${verdict.certificationStatus}`}`
    : "not assessed";
  const label = options.label ?? (options.style === "compact" ? null : DEFAULT_LABEL);
  return { label: label === "" ? null : label, message };
}

/** The message's colours: the author's `color`, else the grade's (grey when not assessed). */
export function messageColours(content: BadgeContent): { background: string; text: string } {
  if (content.options.color) return { background: content.options.color, text: textColourOn(content.options.color) };
  return content.verdict ? GRADE_COLOURS[content.verdict.grade] : NOT_ASSESSED;
}

/**
 * Glyph outlines are drawn at five times their size with whole-number
 * coordinates and shown through scale(.2) (shields does the same with its
 * text at ten times): fifths of a pixel, in short integers, which at 11 px
 * is below what anti-aliasing shows.
 */
const SCALE = 5;

interface Segment {
  letter: string;
  deltas: number[];
}

/** Relative segments in whole units, rounded before differencing so errors never accumulate along the outline. */
function relativeSegments(commands: PathCommand[]): Segment[] {
  const segments: Segment[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  for (const command of commands) {
    if (command.type === "Z") {
      segments.push({ letter: "z", deltas: [] });
      x = startX;
      y = startY;
      continue;
    }
    const endX = Math.round(command.x);
    const endY = Math.round(command.y);
    if (command.type === "Q") {
      const cx = Math.round(command.x1) - x;
      const cy = Math.round(command.y1) - y;
      const dx = endX - x;
      const dy = endY - y;
      // A curve whose control point lies on its chord is a line (the font has many).
      const straight = Math.abs(cx * dy - cy * dx) <= Math.max(Math.abs(dx), Math.abs(dy)) && cx * dx + cy * dy >= 0;
      segments.push(straight ? { letter: "l", deltas: [dx, dy] } : { letter: "q", deltas: [cx, cy, dx, dy] });
    } else if (command.type === "C") {
      segments.push({ letter: "c", deltas: [command.x1, command.y1, command.x2, command.y2].map((v, i) => Math.round(v) - (i % 2 ? y : x)).concat([endX - x, endY - y]) });
    } else {
      segments.push({ letter: command.type.toLowerCase(), deltas: [endX - x, endY - y] });
    }
    x = endX;
    y = endY;
    if (command.type === "M") {
      startX = x;
      startY = y;
    }
  }
  return segments;
}

/** Lines become h/v, empty ones go, a run of lines in one direction becomes one, and a last line back to the start is left to the close. */
function simplify(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  segments.forEach((segment, index) => {
    if (segment.letter !== "l") {
      out.push(segment);
      return;
    }
    const [dx, dy] = segment.deltas;
    if (dx === 0 && dy === 0) return;
    if (segments[index + 1]?.letter === "z" && closesSubpath(segments, index)) return;
    const line = dy === 0 ? { letter: "h", deltas: [dx] } : dx === 0 ? { letter: "v", deltas: [dy] } : segment;
    const last = out.at(-1);
    if (last && last.letter === line.letter && line.letter !== "l" && Math.sign(last.deltas[0]) === Math.sign(line.deltas[0])) {
      last.deltas = [last.deltas[0] + line.deltas[0]];
      return;
    }
    out.push({ letter: line.letter, deltas: [...line.deltas] });
  });
  return out;
}

/** Whether the line at `index` ends where its subpath began. */
function closesSubpath(segments: Segment[], index: number): boolean {
  let start = index;
  while (start > 0 && segments[start].letter !== "m") start--;
  let dx = 0;
  let dy = 0;
  for (let i = start + 1; i <= index; i++) {
    const { letter, deltas } = segments[i];
    if (letter === "h") dx += deltas[0];
    else if (letter === "v") dy += deltas[0];
    else {
      dx += deltas[deltas.length - 2];
      dy += deltas[deltas.length - 1];
    }
  }
  return dx === 0 && dy === 0;
}

/**
 * A glyph's outline as compact relative path data in whole fifths of a
 * pixel, origin on the baseline. A repeated command letter is omitted, and
 * so is the space before a minus sign.
 */
function glyphPathData(commands: PathCommand[]): string {
  let out = "";
  let previous = "";
  for (const { letter, deltas } of simplify(relativeSegments(commands))) {
    // After m, bare numbers would mean l: only other letters may repeat silently.
    const repeat = letter === previous && letter !== "m" && letter !== "z";
    out += (repeat ? "" : letter) + deltas.map((n, i) => (n < 0 || (i === 0 && !repeat) ? String(n) : ` ${n}`)).join("");
    previous = letter;
  }
  return out;
}

interface PlacedText {
  /** Width in pixels. */
  width: number;
  /** `<use>` elements, in fifths of a pixel. */
  uses: string;
}

/** Lays `text` out from `left` on the baseline `baseline`, defining each glyph once in `defs`. */
function placeText(font: Font, text: string, geometry: StyleGeometry, left: number, baseline: number, defs: Map<string, { id: string; d: string }>): PlacedText {
  const shown = geometry.uppercase ? text.toUpperCase() : text;
  const unitsToPx = geometry.fontSize / font.unitsPerEm;
  let cursor = 0;
  let uses = "";
  for (const char of shown) {
    const glyph = font.charToGlyph(char);
    const advance = (glyph.advanceWidth ?? font.unitsPerEm / 2) * unitsToPx;
    if (char.trim() !== "" && glyph.path.commands.length > 0) {
      const key = `${glyph.index}@${geometry.fontSize}`;
      let def = defs.get(key);
      if (!def) {
        def = { id: `g${defs.size}`, d: glyphPathData(glyph.getPath(0, 0, geometry.fontSize * SCALE).commands) };
        defs.set(key, def);
      }
      uses += `<use href="#${def.id}" x="${Math.round((left + cursor) * SCALE)}" y="${Math.round(baseline * SCALE)}"/>`;
    }
    cursor += advance + geometry.letterSpacing;
  }
  return { width: cursor - (shown.length > 0 ? geometry.letterSpacing : 0), uses };
}

function gradient(kind: StyleGeometry["gradient"]): string {
  if (kind === "flat") return `<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>`;
  if (kind === "plastic") {
    return `<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#fff" stop-opacity=".7"/><stop offset=".1" stop-color="#aaa" stop-opacity=".1"/><stop offset=".9" stop-opacity=".3"/><stop offset="1" stop-opacity=".5"/></linearGradient>`;
  }
  return "";
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Renders a badge to SVG. Every character is a glyph outline from the
 * bundled Inter font (no <text> node carries anyone's words, so a label or
 * a future server-provided string cannot shape markup), each distinct glyph
 * is defined once and placed with <use>, and coordinates are whole fifths
 * of a pixel: a flat badge is under half the size it was with satori. Pure and
 * synchronous; the cache keeps the bytes.
 */
export function renderBadge(content: BadgeContent): string {
  const { font } = badgeFont();
  const geometry = GEOMETRY[content.options.style];
  const { label, message } = badgeText(content);
  const messageColour = messageColours(content);
  const labelBackground = content.options.labelColor ?? LABEL_BACKGROUND;
  const labelText = textColourOn(labelBackground);
  const capHeight = 0.727 * geometry.fontSize;
  const baseline = (geometry.height + capHeight) / 2;
  const defs = new Map<string, { id: string; d: string }>();

  const hasLabelPart = label !== null || content.options.logo !== undefined;
  const logoWidth = content.options.logo ? LOGO_SIZE + (label ? LOGO_GAP : 0) : 0;
  const labelPlaced = label ? placeText(font, label, geometry, geometry.padding + logoWidth, baseline, defs) : { width: 0, uses: "" };
  const labelWidth = hasLabelPart ? Math.ceil(labelPlaced.width + logoWidth + geometry.padding * 2) : 0;
  const messagePlaced = placeText(font, message, geometry, labelWidth + geometry.padding, baseline, defs);
  const messageWidth = Math.ceil(messagePlaced.width + geometry.padding * 2);
  const width = labelWidth + messageWidth;
  const height = geometry.height;

  const title = escapeXml(label ? `${label}: ${message}` : `MCP trust: ${message}`);
  const glyphDefs = [...defs.values()].map((def) => `<path id="${def.id}" d="${def.d}"/>`).join("");
  const clip = geometry.radius > 0 ? `<clipPath id="r"><rect width="${width}" height="${height}" rx="${geometry.radius}" fill="#fff"/></clipPath>` : "";
  const logo = content.options.logo
    ? `<path transform="translate(${geometry.padding} ${(height - LOGO_SIZE) / 2})" fill="${labelText}" d="${LOGO_PATHS[content.options.logo]}"/>`
    : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${title}">` +
    `<title>${title}</title><defs>${glyphDefs}${gradient(geometry.gradient)}${clip}</defs>` +
    `<g${clip ? ' clip-path="url(#r)"' : ""}>` +
    (hasLabelPart ? `<rect width="${labelWidth}" height="${height}" fill="${labelBackground}"/>` : "") +
    `<rect x="${labelWidth}" width="${messageWidth}" height="${height}" fill="${messageColour.background}"/>` +
    (geometry.gradient !== "none" ? `<rect width="${width}" height="${height}" fill="url(#s)"/>` : "") +
    `</g>${logo}` +
    (labelPlaced.uses ? `<g fill="${labelText}" transform="scale(${1 / SCALE})">${labelPlaced.uses}</g>` : "") +
    `<g fill="${messageColour.text}" transform="scale(${1 / SCALE})">${messagePlaced.uses}</g></svg>`
  );
}
