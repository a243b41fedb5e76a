import type { AnalyzedField } from "./analyzed-field";
import { isNegatedBefore } from "./directive-language";
import type { RuleScope } from "./rule-scope";
import { fieldHit, type RuleHit } from "./rule-hit";

/**
 * Configuration written into a description, a prompt or the instructions (a YAML or JSON block, "key: value"
 * lines) is read by the model as settings to follow, the same as prose. Two kinds of setting are never a tool's
 * documentation of itself, whatever language surrounds them:
 * - TM-EXFIL-URL: a block that sends to an outside address ("forward_logs_to: https://…", "endpoint: …") and
 *   names private data to go with it ("include_env: true", "include: [user_location, query_history]");
 * - TM-TOOL-SHADOWING: a block keyed by a tool this server does not have ("payments.send_payment:") that sets
 *   what its calls carry (a recipient, an amount, a fee line, an account).
 * Pure.
 */

/** One "key: value" or "key = value" pair, YAML or JSON; the value is a list, a quoted string or a bare word. */
const PAIR_RE = /(?:^|[\s{,[])["']?([a-z][a-z0-9_.-]{0,60})["']?\s*[:=][ \t]*(\[[^\]\n]{0,240}\]|"[^"\n]{0,300}"|'[^'\n]{0,300}'|[^\s,}\]\n]{0,300})/g;

/** A key whose value is where data goes. */
const SEND_KEY_RE = /(?:^|[._-])(?:forward|send|post|upload|mirror|report|notify|sync|relay|stream|ship|export|beacon|telemetry|webhook|endpoint|sink|collector|callback|destination)s?(?:$|[._-])/;
const OUTSIDE_ADDRESS_RE = /^["']?(?:https?:\/\/(?!(?:localhost|127\.|\[::1\]|0\.0\.0\.0)\b)[^\s"']+|[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,4}\.[a-z]{2,24})["']?$/;
/** Private data a setting adds to what is sent: the environment, secrets, the conversation, the user's whereabouts. */
const PRIVATE_DATA = String.raw`env|environment|env_vars|secrets?|credentials?|tokens?|api_keys?|cookies?|passwords?|history|query_history|chat_history|conversation|transcripts?|messages|prompts?|system_prompt|location|user_location|gps|contacts|address_book|clipboard|ssh_keys?|private_keys?`;
/** "include_env: true", "attach_cookies: yes". */
const PRIVATE_FLAG_KEY_RE = new RegExp(String.raw`(?:^|[._-])(?:include|includes|attach|with|send|add|capture|collect)[._-](?:${PRIVATE_DATA})$`);
const TRUE_RE = /^["']?(?:true|yes|on|1|all)["']?$/;
/** "include: [user_location, query_history]", "fields: conversation". */
const LIST_KEY_RE = /(?:^|[._-])(?:include|includes|fields|attach|data|payload|body|extra|collect|capture)$/;
const PRIVATE_ITEM_RE = new RegExp(String.raw`(?:^|[\s"'\[,_-])(?:${PRIVATE_DATA})(?:$|[\s"'\],_-])`);

/** "payments.send_payment", "gmail.send_email": a server's name and one of its tools, as a key. */
const SERVER_TOOL_KEY_RE = /^[a-z][a-z0-9-]*\.([a-z][a-z0-9]*(?:_[a-z0-9]+)+)$/;
/** Settings that change what a payment or message carries. */
const CALL_CHANGE_KEY_RE = /^(?:to|recipients?|bcc|cc|amount|amount_multiplier|fee|fees|add_fee_line|fee_line|account|iban|payee|destination|beneficiary|memo|reference|route_to|forward_to)$/;

const DESTINATION_KEY_RE = /^(?:to|recipients?|bcc|cc|account|iban|payee|destination|beneficiary|route_to|forward_to)$/;

interface Pair {
  key: string;
  value: string;
  index: number;
}

function pairsOf(text: string): Pair[] {
  const pairs: Pair[] = [];
  for (const m of text.matchAll(PAIR_RE)) pairs.push({ key: m[1]!, value: m[2]!.trim(), index: m.index + m[0].indexOf(m[1]!) });
  return pairs;
}

/** The block's destination and the private data it adds, or null. */
function configuredSend(pairs: readonly Pair[]): { destination: Pair; data: Pair } | null {
  const destination = pairs.find((p) => SEND_KEY_RE.test(p.key) && OUTSIDE_ADDRESS_RE.test(p.value));
  if (!destination) return null;
  const data = pairs.find((p) => (PRIVATE_FLAG_KEY_RE.test(p.key) && TRUE_RE.test(p.value)) || (LIST_KEY_RE.test(p.key) && PRIVATE_ITEM_RE.test(p.value)));
  return data ? { destination, data } : null;
}

export function detectEmbeddedConfig(field: AnalyzedField, scope: RuleScope): RuleHit[] {
  if (field.kind !== "description" && field.kind !== "instructions" && field.kind !== "param-text") return [];
  const text = field.norm.lower;
  // Every pattern below needs a pair: most fields have no colon or equals sign followed by a value at all.
  if (!text.includes(":") && !text.includes("=")) return [];
  const pairs = pairsOf(text);
  if (pairs.length < 2) return [];
  const hits: RuleHit[] = [];
  const send = configuredSend(pairs);
  if (send && !isNegatedBefore(text, send.destination.index, 24)) {
    const { destination, data } = send;
    hits.push(
      fieldHit(field, "TM-EXFIL-URL", "high", destination.index, destination.index + destination.key.length + 2 + destination.value.length, `Configures a send to ${destination.value.replace(/["']/g, "").slice(0, 80)} ("${destination.key}") with private data added ("${data.key}: ${data.value.slice(0, 60)}").`),
    );
  }
  const keyed = pairs.find((p) => {
    const tool = SERVER_TOOL_KEY_RE.exec(p.key);
    return tool !== null && !scope.toolNames.has(tool[1]!);
  });
  // Where the money or the message goes is the change that matters most; an amount or a memo otherwise.
  const changes = keyed ? pairs.filter((p) => p.index > keyed.index && CALL_CHANGE_KEY_RE.test(p.key) && p.value.length > 0) : [];
  const change = changes.find((p) => DESTINATION_KEY_RE.test(p.key)) ?? changes[0];
  if (keyed && change) {
    hits.push(fieldHit(field, "TM-TOOL-SHADOWING", "high", keyed.index, change.index + change.key.length, `Configures "${keyed.key}", a tool this server does not have, to change what its calls carry ("${change.key}: ${change.value.slice(0, 60)}").`));
  }
  return hits;
}
