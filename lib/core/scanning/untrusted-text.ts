import { escapeEvidence, excerptAround, MAX_FIELD_CHARS } from "./normalize-text";

/**
 * Where text a scanned server sent becomes the registry's data. Every string
 * of a Discovery (names, descriptions, schemas with their keys, annotations,
 * capabilities) and the network evidence pass through here before the rules,
 * the tool hashes and the database see them, so nothing downstream has to
 * distrust them again:
 *
 * - Control characters (C0 except tab, newline and carriage return; DEL; C1)
 *   are written as the visible escape evidence uses (`\x00`, `\x1B`).
 *   PostgreSQL cannot store NUL in text or jsonb, and a raw NUL or ESC in a
 *   report can end a C string early or rewrite a terminal. The rules read
 *   `\xNN` as the character it stands for (normalize-text decodes escapes),
 *   so OB-INVISIBLE-CHARS and OB-ANSI-ESCAPE still report what was sent.
 * - Lone surrogates (half of a UTF-16 pair, not Unicode; jsonb refuses them)
 *   become U+FFFD, as a UTF-8 encoder would write them.
 * - Text longer than its bound is cut, marked with "…": names 200 characters
 *   (a server's name is indexed, and a btree row holds about 2,700 bytes),
 *   URIs 2,048 (the registry's own URL limit), other text 20,000 (what the
 *   rules read of one field).
 * - JSON nested deeper than 32 levels is cut there: the walk, the hashes and
 *   the database all recurse.
 *
 * The repairs other than escaping are recorded for DA-MALFORMED-TEXT.
 */

export const MAX_NAME_CHARS = 200;
const MAX_URI_CHARS = 2048;
export const MAX_TEXT_CHARS = MAX_FIELD_CHARS;
export const MAX_JSON_DEPTH = 32;
/** Places listed with their evidence; the rest are only counted (a hostile listing can repeat one trick thousands of times). */
export const MAX_LISTED_PLACES = 20;

type TextRepair = "lone-surrogate" | "too-long" | "too-deep";

export interface KeptText {
  text: string;
  repairs: TextRepair[];
}

/** One place (tools/x/description, tools/x/inputSchema, ...) whose text had to be repaired. */
export interface RepairedPlace {
  /** Named the way findings name places. */
  location: string;
  repairs: TextRepair[];
  /** Length of the longest repaired string sent there, and the bound it was kept to. */
  sentLength: number;
  maxChars: number;
  /** The text as sent, escaped and short: around its first lone surrogate, or its start. */
  evidence: string;
}

export interface TextRepairs {
  places: RepairedPlace[];
  /** Further places that were repaired, beyond MAX_LISTED_PLACES. */
  unlisted: number;
}

const CONTROL_RE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]/g;
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** The end of a cut that would leave half an escape written above ("\", "\x", "\x1"). */
const PARTIAL_ESCAPE_RE = /\\(?:x[0-9A-F]?)?$/;
const CUT_MARK = "…";

function escapeControl(ch: string): string {
  return `\\x${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;
}

/** At most `maxChars` characters, the last one the cut mark; never half a surrogate pair or half an escape. */
function cut(text: string, maxChars: number): string {
  let end = maxChars - CUT_MARK.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end).replace(PARTIAL_ESCAPE_RE, "") + CUT_MARK;
}

/** One string made fit to keep (see above), with what had to be repaired besides escaping. Pure. */
export function keepText(sent: string, maxChars: number): KeptText {
  const repairs: TextRepair[] = [];
  let text = sent;
  if (!text.isWellFormed()) {
    text = text.toWellFormed();
    repairs.push("lone-surrogate");
  }
  text = text.replace(CONTROL_RE, escapeControl);
  if (text.length > maxChars) {
    text = cut(text, maxChars);
    repairs.push("too-long");
  }
  return { text, repairs };
}

interface JsonVisitor {
  text(sent: string, maxChars: number): string;
  tooDeep(): void;
}

/** A copy of JSON with every string and key kept by `visit`, cut at MAX_JSON_DEPTH (deeper values become null). */
function walkJson(value: unknown, visit: JsonVisitor, depth = 0): unknown {
  if (typeof value === "string") return visit.text(value, MAX_TEXT_CHARS);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_JSON_DEPTH) {
    visit.tooDeep();
    return null;
  }
  if (Array.isArray(value)) return value.map((item) => walkJson(item, visit, depth + 1));
  // fromEntries defines properties, so a key such as "__proto__" stays an ordinary key.
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [visit.text(key, MAX_NAME_CHARS), walkJson(item, visit, depth + 1)]));
}

/** Any JSON value made fit to keep, repairs not recorded (network evidence, failure reasons). Pure. */
export function keepJson<T>(value: T): T {
  return walkJson(value, { text: (sent, maxChars) => keepText(sent, maxChars).text, tooDeep: () => undefined }) as T;
}

function evidenceOf(sent: string): string {
  const lone = sent.search(LONE_SURROGATE_RE);
  return lone >= 0 ? excerptAround(sent, lone, lone + 1, 40, 120) : escapeEvidence(sent, 120);
}

type Where = string | ((kept: string) => string);

/**
 * Keeps the text of one scan and remembers, per place, what it repaired.
 * `where` may be a function of the kept text, for a name that is part of
 * its own place ("tools/<name>/name").
 */
export interface TextKeeper {
  name<T extends string | undefined>(sent: T, where: Where): T;
  uri<T extends string | undefined>(sent: T, where: Where): T;
  text<T extends string | undefined>(sent: T, where: Where): T;
  json(value: unknown, where: string): unknown;
  /** What was repaired, or undefined when nothing was. */
  repairs(): TextRepairs | undefined;
}

export function createTextKeeper(): TextKeeper {
  const places = new Map<string, RepairedPlace>();
  let unlisted = 0;

  const note = (location: string, repairs: TextRepair[], sent: string | null, maxChars: number) => {
    const place = places.get(location);
    if (!place) {
      if (places.size >= MAX_LISTED_PLACES) unlisted++;
      else {
        const evidence = sent === null ? `nested deeper than ${MAX_JSON_DEPTH} levels` : evidenceOf(sent);
        places.set(location, { location, repairs: [...repairs], sentLength: sent?.length ?? 0, maxChars, evidence });
      }
      return;
    }
    for (const repair of repairs) if (!place.repairs.includes(repair)) place.repairs.push(repair);
    if (sent !== null && sent.length > place.sentLength) Object.assign(place, { sentLength: sent.length, maxChars });
  };

  const keep = <T extends string | undefined>(sent: T, maxChars: number, where: Where): T => {
    if (sent === undefined) return sent;
    const kept = keepText(sent, maxChars);
    if (kept.repairs.length > 0) note(typeof where === "string" ? where : where(kept.text), kept.repairs, sent, maxChars);
    return kept.text as T;
  };

  return {
    name: (sent, where) => keep(sent, MAX_NAME_CHARS, where),
    uri: (sent, where) => keep(sent, MAX_URI_CHARS, where),
    text: (sent, where) => keep(sent, MAX_TEXT_CHARS, where),
    json: (value, where) =>
      walkJson(value, {
        text: (sent, maxChars) => keep(sent, maxChars, where),
        tooDeep: () => note(where, ["too-deep"], null, 0),
      }),
    repairs: () => (places.size > 0 ? { places: [...places.values()], unlisted } : undefined),
  };
}
