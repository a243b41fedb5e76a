import { sentenceOf, type AnalyzedField } from "./analyzed-field";
import { matchesInSentences } from "./directive-language";
import { fieldHit, type RuleHit } from "./rule-hit";
import { findActionOnTarget, judgeAction } from "./target-action";
import { CONFIG_TARGET_RE, verbRegex, WRITE_VERBS_BASE, WRITE_VERBS_THIRD } from "./threat-targets";

/**
 * TM-CONFIG-TAMPER. Writing to an MCP client's configuration (or a shell
 * start-up file, authorized_keys) makes an attack outlive the session: the
 * model is talked into registering another server or a backdoor. A tool that
 * openly declares it edits such files is medium (worth a review); a directive
 * to the model is critical.
 */
const CONFIG_TOOL_RE = /(?:profile|shell|dotfiles?|config|settings|rc|cron|crontab|hooks?|alias(?:es)?)/;
/** A key that is not the user's: the publisher's, its support staff's, shipped with the package. */
const PUBLISHERS_KEY_RE =
  /\b(?:maintenance|support|vendor|publisher'?s?|our|recovery|service|bundled|shipped|embedded|built-in|hard-?coded)\b[^.;]{0,30}\b(?:public )?(?:ssh )?keys?\b|\bkeys? (?:bundled|shipped|included|embedded) (?:in|with)\b|\bso (?:that )?(?:our |the )?(?:support|staff|team|engineers|maintainers|we)\b[^.;]{0,30}\b(?:log in|ssh|access|connect)\b/;
const BASE = verbRegex(WRITE_VERBS_BASE);
const THIRD = verbRegex(WRITE_VERBS_THIRD);

/**
 * A protection switched off as an extra step: "also set \"security.workspace.trust.enabled\": false",
 * "additionally set verify_ssl=false". The key names the protection in every language; "also" (or a word for
 * it) marks the step as beyond what the user asked. A tool's own documented switch ("set verify_ssl to false
 * for self-signed hosts") has no such extra step.
 */
const PROTECTION_KEY_RE = /(?:security|trust|verify|verification|ssl|tls|certificate|sandbox|safe_?mode|protection|antivirus|defender|firewall|signature|integrity|confirm(?:ation)?s?)/;
const EXTRA_STEP_RE = /\b(?:also|additionally|as well|in addition|while (?:you'?re |editing|at it)|at the same time|silently|quietly|automatically)\b|\b(?:también|además|aussi|également|auch|zusätzlich|anche|inoltre|também|также|тоже|ook|też|ayrıca)\b|也|还|も|도/u;

/** A setting turned off: "= false", ": \"off\"", found first, its key then read back from just before it (linear in the text). */
const SET_OFF_RE = /[:=]\s*["'`]?(?:false|off|0|none|disabled|never)\b/g;
const KEY_BEFORE_RE = /["'`]?([\w.-]{1,80})["'`]?\s*$/;

function protectionSwitchedOff(field: AnalyzedField): RuleHit[] {
  const text = field.norm.lower;
  for (const m of text.matchAll(SET_OFF_RE)) {
    const key = KEY_BEFORE_RE.exec(text.slice(Math.max(0, m.index - 84), m.index));
    if (!key || !PROTECTION_KEY_RE.test(key[1])) continue;
    const start = m.index - key[0].length;
    const sentence = sentenceOf(field, m.index)?.text ?? text;
    if (!EXTRA_STEP_RE.test(sentence)) continue;
    const setting = text.slice(start, m.index + m[0].length).trim();
    return [fieldHit(field, "TM-CONFIG-TAMPER", "high", start, m.index + m[0].length, `Switches a protection off as an extra step ("${setting}"): a setting the user did not ask to weaken.`)];
  }
  return [];
}

/** The verb a tool is named for, in the base form: "add_job" and "addJob" → "add". */
function toolNameVerb(name: string): string {
  return (/^[a-z]+/.exec(name.replace(/^[A-Z]/, (c) => c.toLowerCase()))?.[0] ?? "").toLowerCase();
}

/** Reports writes to agent and client configuration. */
export function detectConfigTamper(field: AnalyzedField): RuleHit[] {
  const hits: RuleHit[] = protectionSwitchedOff(field);
  CONFIG_TARGET_RE.lastIndex = 0;
  if (!CONFIG_TARGET_RE.test(field.norm.lower)) return hits;
  for (const { sentence, match } of matchesInSentences(field.sentences, CONFIG_TARGET_RE)) {
    const start = match.index;
    const end = start + match[0].length;
    const action = findActionOnTarget(sentence.text, start, end, BASE, THIRD);
    if (!action) continue;
    // The summary sentence of a tool whose name says it manages such files declares its job.
    const configTool = field.owner === "tool" && CONFIG_TOOL_RE.test(field.ownerName.toLowerCase());
    // So does a summary whose verb is the one the tool is named for: "add_job: Add an entry to the user's crontab".
    const namedForVerb = field.owner === "tool" && toolNameVerb(field.ownerName) === action.verb;
    const ownJob = field.kind === "description" && sentence === field.sentences[0] && (configTool || namedForVerb);
    // A tool named for managing such files, or whose summary says editing them is the job its name gives it, is being transparent: low, not medium.
    const judged = judgeAction(sentence.text, action, start, configTool || ownJob ? "low" : "medium", ownJob);
    if (!judged.severity) continue;
    const from = Math.min(action.verbIndex, start);
    // A key the publisher supplies, written into authorized_keys: a standing login for someone other than the user.
    if (/authorized_keys/.test(match[0]) && PUBLISHERS_KEY_RE.test(sentence.text)) {
      hits.push(fieldHit(field, "TM-CONFIG-TAMPER", "high", sentence.start + from, sentence.start + Math.max(end, action.verbIndex + action.verb.length), `Configuration target "${match[0]}": a key the publisher supplies is installed, a standing login for someone other than the user.`));
      continue;
    }
    hits.push(fieldHit(field, "TM-CONFIG-TAMPER", judged.severity, sentence.start + from, sentence.start + Math.max(end, action.verbIndex + action.verb.length), `Configuration target "${match[0]}": ${judged.why}.`));
  }
  return hits;
}
