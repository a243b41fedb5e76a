import { readFileSync } from "node:fs";
import path from "node:path";
import opentype, { type Font } from "opentype.js";

/**
 * The badge font comes from an npm package (@fontsource/inter), read from
 * node_modules once: never fetched from the network.
 */
const FONT_FILE = path.join(process.cwd(), "node_modules", "@fontsource", "inter", "files", "inter-latin-700-normal.woff");

let loaded: { data: ArrayBuffer; font: Font } | null = null;

export function badgeFont(): { data: ArrayBuffer; font: Font } {
  if (!loaded) {
    const buffer = readFileSync(FONT_FILE);
    const data = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
    loaded = { data, font: opentype.parse(data) };
  }
  return loaded;
}
