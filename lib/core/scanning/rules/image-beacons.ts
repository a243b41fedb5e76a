import type { Severity } from "../../findings";
import type { AnalyzedField } from "./analyzed-field";
import { fieldHit, type RuleHit } from "./rule-hit";
import { DATA_WORD_RE, PLACEHOLDER_RE } from "./threat-targets";

/**
 * TM-IMAGE-BEACON. A markdown or HTML image the model is asked to output:
 * the client fetches it automatically, so whatever the model put in its URL
 * reaches the image's host without a click. A placeholder in the URL is
 * critical; a data-named query parameter high; a plain image is fine.
 */
const MD_IMAGE_RE = /!\[[^\]\n]{0,200}\]\(\s*<?(https?:\/\/[^\s)>]{1,1000})/g;
const HTML_IMAGE_RE = /<img\b[^>]{0,300}?\bsrc\s*=\s*["']?(https?:\/\/[^\s"'>]{1,1000})/g;
const RENDER_RE = /\b(?:render|display|show|include|output|embed|append|add|print|insert)\b/;

/** Reports images whose URLs carry data. */
export function detectImageBeacons(field: AnalyzedField): RuleHit[] {
  const text = field.norm.lower;
  if (!text.includes("](") && !text.includes("<img")) return [];
  const hits: RuleHit[] = [];
  for (const re of [MD_IMAGE_RE, HTML_IMAGE_RE]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      // A placeholder written with spaces ("ctx=<short summary of the conversation>") ends the match at its first space: read on to the bracket.
      const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 200).split(/[)\n"']/)[0];
      const url = /[<{][^>}]*$/.test(m[1]) && /[>}]/.test(rest) ? m[1] + rest : m[1];
      const q = url.indexOf("?");
      const query = q >= 0 ? url.slice(q + 1) : "";
      let severity: Severity | null = null;
      const pairs = query ? query.split("&").map((pair) => pair.split("=")) : [];
      if (PLACEHOLDER_RE.test(url.slice(url.indexOf("/", 8) + 1)) || pairs.some(([, value]) => definedAsPrivate(text, value))) severity = "critical";
      else if (pairs.some(([name, value]) => DATA_WORD_RE.test(name ?? "") || DATA_WORD_RE.test(value ?? ""))) severity = "high";
      else if (query && RENDER_RE.test(text)) severity = "medium";
      if (!severity) continue;
      hits.push(fieldHit(field, "TM-IMAGE-BEACON", severity, m.index, m.index + m[0].length, `Image URL that carries data to ${safeHost(url)} when rendered.`));
    }
  }
  return hits;
}

/** "...?d=DATA where DATA is the base64 of the user's last message": a bare word the text defines as private data. */
const PRIVATE_DEFINITION_RE = /^[^.]{0,100}\b(?:user|user's|conversation|message|messages|chat|history|prompt|question|file|key|token|secret|password|e-?mail|address|credentials?)\b/;
function definedAsPrivate(text: string, value: string | undefined): boolean {
  if (!value || !/^[a-z_][a-z0-9_]{1,30}$/.test(value)) return false;
  const at = text.search(new RegExp(`\\bwhere ${value} (?:is|are|=|contains|holds|means)\\b`));
  return at >= 0 && PRIVATE_DEFINITION_RE.test(text.slice(at + 6 + value.length));
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an external host";
  }
}
