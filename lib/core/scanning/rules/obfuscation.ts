import type { Severity } from "../../findings";
import { escapeEvidence, excerptAround } from "../normalize-text";
import type { AnalyzedField } from "./analyzed-field";
import { ownerKeyOf, type RuleHit } from "./rule-hit";

/**
 * OB-INVISIBLE-CHARS, OB-ANSI-ESCAPE, OB-ENCODED-TEXT, OB-HOMOGLYPH: text
 * that reads differently to a person than to a model. Normalization already
 * removed the tricks so the other rules see the real text; these rules
 * report that the tricks were there. Evidence comes from the raw text with
 * every invisible character shown escaped.
 */
const SUSPICIOUS_CHAR_RE = /[\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}\u202A-\u202E\u2066-\u2069\u200B-\u200F\u2060-\u2064\uFEFF\u00AD\u180E\u034F\u115F\u1160\u3164\uFFA0\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/u;
// The scanner keeps control characters as escapes (untrusted-text.ts), which normalization reads back: evidence looks for both forms.
const ESCAPED_CONTROL_RE = /\\x(?:0[0-8BCEF]|1[0-9A-F]|7F|[89][0-9A-F])/i;
const ESCAPED_ESC_RE = /\\x(?:1B|9B)/i;
const HIDING_ANSI_RE = /\x1B\[[0-9;]{0,16}(?:8|30;40|37;47|90;100)m|\x1B\[\d{0,4}[ABCDEFGHJKST]|\x1B\[\d{0,4}(?:;\d{0,4})?[Hf]|\x1B\[[012]?K|\x1B\][^\x07]{0,200}/;

/** Where `raw` first matches `as sent`, else where it first matches `as escaped`. */
function firstIndex(raw: string, asSent: RegExp, asEscaped: RegExp): number {
  const index = raw.search(asSent);
  return index >= 0 ? index : raw.search(asEscaped);
}

function rawHit(field: AnalyzedField, ruleId: RuleHit["ruleId"], severity: Severity, index: number, detail: string): RuleHit {
  const raw = field.norm.raw;
  const evidence = index >= 0 ? excerptAround(raw, index, index + 1, 50) : escapeEvidence(raw);
  return { ruleId, severity, location: field.location, detail, evidence, ownerKey: ownerKeyOf(field) };
}

/** Reports invisible characters, terminal escapes, escaped letters and look-alike letters. */
export function detectObfuscation(field: AnalyzedField): RuleHit[] {
  const hits: RuleHit[] = [];
  const { invisibles, hiddenText, ansiSequences, escapedLetters, mixedScriptWords, styledLetters } = field.norm;
  const c = invisibles.counts;
  const total = c.tag + c.variationSelector + c.bidi + c.zeroWidth + c.control;
  if (total > 0) {
    let severity: Severity = "low";
    const parts: string[] = [];
    if (c.tag + c.variationSelector > 0) {
      // Invisible characters that spell out words are a hidden message: two signals, no benign use.
      severity = /[a-z]{2,}\W+[a-z]{2,}/i.test(hiddenText) ? "critical" : hiddenText.length > 0 ? "high" : "medium";
      parts.push(`${c.tag + c.variationSelector} tag/variation-selector characters`);
    }
    if (c.bidi > 0) {
      if (severity === "low") severity = "medium";
      parts.push(`${c.bidi} bidi control characters`);
    }
    if (c.zeroWidth > 0) {
      if (severity === "low" && invisibles.splitsWord) severity = "medium";
      parts.push(`${c.zeroWidth} zero-width characters${invisibles.splitsWord ? " inside words" : ""}`);
    }
    if (c.control > 0) parts.push(`${c.control} control characters`);
    const hidden = hiddenText ? ` Hidden text: "${escapeEvidence(hiddenText, 80)}".` : "";
    const index = firstIndex(field.norm.raw, SUSPICIOUS_CHAR_RE, ESCAPED_CONTROL_RE);
    hits.push(rawHit(field, "OB-INVISIBLE-CHARS", severity, index, `Contains ${parts.join(", ")}.${hidden}`));
  }
  if (ansiSequences.length > 0) {
    const hiding = ansiSequences.some((s) => HIDING_ANSI_RE.test(s));
    const index = firstIndex(field.norm.raw, /[\x1B\x9B]/, ESCAPED_ESC_RE);
    hits.push(rawHit(field, "OB-ANSI-ESCAPE", hiding ? "high" : "low", index, hiding ? "Terminal escape sequences that hide text or move the cursor." : "Terminal colour escape sequences."));
  }
  if (escapedLetters >= 3) {
    const index = field.norm.raw.search(/\\u\{?[0-9a-fA-F]|\\x[0-9a-fA-F]{2}|&#/);
    hits.push(rawHit(field, "OB-ENCODED-TEXT", "low", index, `${escapedLetters} ordinary letters or digits written as escape sequences.`));
  }
  if (mixedScriptWords.length > 0 || styledLetters >= 3) {
    const what = mixedScriptWords.length > 0 ? `words mixing scripts: ${mixedScriptWords.map((w) => `"${w}"`).join(", ")}` : `${styledLetters} mathematical or fullwidth letters`;
    const index = mixedScriptWords.length > 0 ? field.norm.raw.toLowerCase().indexOf(mixedScriptWords[0]) : -1;
    hits.push(rawHit(field, "OB-HOMOGLYPH", "low", index, `Look-alike letters: ${what}.`));
  }
  return hits;
}
