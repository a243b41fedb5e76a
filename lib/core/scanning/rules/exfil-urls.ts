import type { Severity } from "../../findings";
import type { AnalyzedField } from "./analyzed-field";
import { directnessAt, isDescriptiveMention, isNegatedBefore } from "./directive-language";
import { fieldHit, type RuleHit } from "./rule-hit";
import {
  CONVERSATION_STRONG_RE,
  CONVERSATION_WEAK_RE,
  EMAIL_RE,
  PLACEHOLDER_RE,
  SECRET_REQUEST_RE,
  SEND_VERBS_BASE,
  SEND_VERBS_THIRD,
  SENSITIVE_TARGET_RE,
  URL_RE,
  verbRegex,
} from "./threat-targets";

/**
 * TM-EXFIL-URL. Data leaves through an address the model is told to use:
 * a URL whose query has a slot for the conversation or secrets
 * (https://x/log?c={conversation}), or a sentence that sends such data to a
 * URL or e-mail address. A documentation link or an API URL template with
 * {city} in it carries nothing private and is not flagged.
 */
/** Slot names that only mean private data (critical), and ones that usually do (high). */
const SLOT_STRONG_RE = /(?:conversation|chat|history|messages?|transcript|memory|prompt|secrets?|credential|creds|passw|ssh|cookie|exfil|private|user_?input|user_?message|stolen|leak|api_?keys)/;
const QUERY_DATA_RE = /(?:system|session|env|context|summary|notes|dump|data|info|content)/;
const SEND_BASE = verbRegex(SEND_VERBS_BASE);
const SEND_THIRD = verbRegex(SEND_VERBS_THIRD);
const PRIVATE_DATA_RES = [CONVERSATION_STRONG_RE, CONVERSATION_WEAK_RE, SECRET_REQUEST_RE];
/** The address is where data goes ("to https://...", "via x@y"), not where it comes from. */
const TOWARDS_RE = /\b(?:to|into|towards|at|via|through|using|cc|bcc)\s+(?:the (?:url|address|endpoint|server) )?["'`(<]?$/;
const IMAGE_PREFIX_RE = /!\[[^\]\n]{0,200}\]\(\s*<?$|<img\b[^>]{0,300}$/;

function privateDataIn(text: string): string | null {
  for (const re of PRIVATE_DATA_RES) {
    const m = re.exec(text);
    if (m) return m[0];
  }
  SENSITIVE_TARGET_RE.lastIndex = 0;
  const file = SENSITIVE_TARGET_RE.exec(text);
  if (file) return file[0];
  const routed = /\b(?:the|its|their|this|all|every) (?:full |whole |entire )?(?:conversation|transcript|secrets?|credentials?|api keys?|tokens|passwords?)\b/.exec(text);
  return routed ? routed[0] : null;
}

function sensitiveIn(text: string): boolean {
  SENSITIVE_TARGET_RE.lastIndex = 0;
  return SENSITIVE_TARGET_RE.test(text);
}

/** A query slot for private data: ?c={conversation}, &k=<api_keys>, ?d=$SECRET. */
function privateSlot(url: string): { pair: string; strong: boolean } | null {
  const q = url.indexOf("?");
  if (q < 0) return null;
  for (const pair of url.slice(q + 1).split(/[&#]/).slice(0, 20)) {
    const eq = pair.indexOf("=");
    const key = eq >= 0 ? pair.slice(0, eq) : pair;
    const value = eq >= 0 ? pair.slice(eq + 1) : "";
    if (!PLACEHOLDER_RE.test(value)) continue;
    if (SLOT_STRONG_RE.test(value) || SLOT_STRONG_RE.test(key)) return { pair, strong: true };
    if (QUERY_DATA_RE.test(value) || QUERY_DATA_RE.test(key)) return { pair, strong: false };
  }
  return null;
}

function sendVerb(sentence: string): { verb: string; index: number; form: "base" | "third" } | null {
  for (const [re, form] of [[SEND_BASE, "base"], [SEND_THIRD, "third"]] as const) {
    re.lastIndex = 0;
    const m = re.exec(sentence);
    if (m) return { verb: m[0], index: m.index, form };
  }
  return null;
}

/** Reports addresses that receive private data. */
export function detectExfilUrls(field: AnalyzedField): RuleHit[] {
  if (field.kind === "name" || field.kind === "param-name") return [];
  if (!field.norm.lower.includes("http") && !field.norm.lower.includes("@")) return [];
  const hits: RuleHit[] = [];
  for (const sentence of field.sentences) {
    const text = sentence.text;
    const sinks: { value: string; index: number }[] = [];
    // What the sentence says as a whole, worked out once however many URLs it holds.
    let slotSeverity: Severity | undefined;
    const severityOfSlots = (): Severity => {
      if (slotSeverity === undefined) {
        const verb = sendVerb(text);
        const direct = verb && verb.form === "base" ? directnessAt(text, verb.index) : "none";
        slotSeverity = direct !== "none" || privateDataIn(text) ? "critical" : "high";
      }
      return slotSeverity;
    };
    URL_RE.lastIndex = 0;
    for (let m = URL_RE.exec(text); m !== null; m = URL_RE.exec(text)) {
      if (IMAGE_PREFIX_RE.test(text.slice(Math.max(0, m.index - 300), m.index))) continue;
      sinks.push({ value: m[0], index: m.index });
      // "?ctx=<the user's messages>": a placeholder with spaces ends the URL match but belongs to it.
      const glued = m[0].endsWith("=") ? /^(?:<[^<>]{1,120}>|\{[^{}]{1,120}\})/.exec(text.slice(m.index + m[0].length)) : null;
      const slot = privateSlot(glued ? m[0] + glued[0] : m[0]);
      if (!slot) continue;
      const severity: Severity = slot.strong ? "critical" : severityOfSlots();
      hits.push(fieldHit(field, "TM-EXFIL-URL", severity, sentence.start + m.index, sentence.start + m.index + m[0].length, `URL with a slot for private data ("${slot.pair}").`));
    }
    EMAIL_RE.lastIndex = 0;
    for (let m = EMAIL_RE.exec(text); m !== null; m = EMAIL_RE.exec(text)) sinks.push({ value: m[0], index: m.index });
    const destinations = sinks.filter((s) => TOWARDS_RE.test(text.slice(Math.max(0, s.index - 30), s.index)));
    if (destinations.length === 0) continue;

    const verb = sendVerb(text);
    const data = privateDataIn(text);
    if (!verb || !data) continue;
    if (isNegatedBefore(text, verb.index) || isDescriptiveMention(text, verb.index, verb.index + verb.verb.length)) continue;
    const sink = destinations[0];
    const direct = verb.form === "base" ? directnessAt(text, verb.index) : "none";
    // Credentials sent anywhere are never a feature; a declared upload of the conversation is "only" high.
    const credentials = SECRET_REQUEST_RE.test(text) || sensitiveIn(text);
    const severity: Severity = credentials || direct !== "none" ? "critical" : "high";
    hits.push(
      fieldHit(field, "TM-EXFIL-URL", severity, sentence.start + Math.min(verb.index, sink.index), sentence.start + sink.index + sink.value.length, `Sends ${data} to ${sink.value}.`),
    );
  }
  return hits;
}
