import type { AnalyzedField } from "./analyzed-field";
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

/** Reports writes to agent and client configuration. */
export function detectConfigTamper(field: AnalyzedField): RuleHit[] {
  const hits: RuleHit[] = [];
  CONFIG_TARGET_RE.lastIndex = 0;
  if (!CONFIG_TARGET_RE.test(field.norm.lower)) return hits;
  for (const { sentence, match } of matchesInSentences(field.sentences, CONFIG_TARGET_RE)) {
    const start = match.index;
    const end = start + match[0].length;
    const action = findActionOnTarget(sentence.text, start, end, BASE, THIRD);
    if (!action) continue;
    // The summary sentence of a tool whose name says it manages such files declares its job.
    const configTool = field.owner === "tool" && CONFIG_TOOL_RE.test(field.ownerName.toLowerCase());
    const ownJob = field.kind === "description" && sentence === field.sentences[0] && configTool;
    // A tool named for managing such files that says it edits them is being transparent: low, not medium.
    const judged = judgeAction(sentence.text, action, start, configTool ? "low" : "medium", ownJob);
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
