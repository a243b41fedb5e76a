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
      const url = m[1];
      const q = url.indexOf("?");
      const query = q >= 0 ? url.slice(q + 1) : "";
      let severity: Severity | null = null;
      if (PLACEHOLDER_RE.test(url.slice(url.indexOf("/", 8) + 1))) severity = "critical";
      else if (query && query.split("&").some((pair) => DATA_WORD_RE.test(pair.split("=")[0]))) severity = "high";
      else if (query && RENDER_RE.test(text)) severity = "medium";
      if (!severity) continue;
      hits.push(fieldHit(field, "TM-IMAGE-BEACON", severity, m.index, m.index + m[0].length, `Image URL that carries data to ${safeHost(url)} when rendered.`));
    }
  }
  return hits;
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an external host";
  }
}
