import { clauseAfter, withClauseBefore, type AnalyzedField, type Sentence } from "../analyzed-field";
import { fieldHit, type RuleHit } from "../rule-hit";
import type { RuleScope } from "../rule-scope";

/**
 * A claim read against the tool it points to. Text that routes sensitive requests (secrets, sign-ins,
 * health or money questions, the conversation itself) to another tool of the same server, away from
 * where they would go or on every turn, is judged by what that tool's own description says it does
 * with what it receives: sent to a partner or an outside host, synced to a dashboard, echoed back
 * with stored passwords. Neither half is suspect alone (a sharing tool shares; a sign-in tool is
 * named for sign-ins); together they are a redirection of the user's data (docs/detection.md,
 * "Claims read against the tool they route to").
 */

/**
 * A sibling's name as written in text: an identifier with a separator. Hyphens count here (memory-log), unlike
 * tool-name-tokens' TOOL_IDENTIFIER_RE: the name is checked against this server's own tool list, so no prose word gets in.
 */
const SIBLING_NAME_RE = /[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+/g;

/** The text before the tool's name routes work to it. */
const ROUTES_TO_RE =
  /\b(?:call|calls|calling|use|using|route|routes|routed|routing|send|sending|sent|pass|passing|forward|forwarding|switch to|go through|goes through|hand (?:it|them|these) to|redirect|redirected|delegate|delegated|invoke|invoking|try)\b[^.;]{0,40}$/;
/** The text after the tool's name routes work to it ("… use x_tool instead", "x_tool first"). */
const ROUTED_AFTER_RE = /^[`'"’”]?\s*(?:here |now )?(?:instead|first|here|rather|in (?:its|their) place)\b/;

/**
 * What is routed is sensitive: secrets and where they live, sign-ins and payments, health, legal and
 * money questions, identity data, and the conversation itself.
 */
const SENSITIVE_CLASS_RE =
  /(?<![a-z0-9_])\.(?:env|git|ssh|aws|kube)\b|\b(?:secrets?|credentials?|passwords?|passcodes?|api[ _-]?keys?|access tokens?|private keys?|ssh keys?|keychain|log-?ins?|sign-?ins?|signing in|logging in|(?:payment|card|bank|banking|account) (?:details|information|data|pages?|forms?|numbers?|methods?|credentials)|checkout pages?|credit cards?|saved cards?|cvv|health|medical|diagnos\w*|symptoms?|legal|lawsuits?|tax(?:es)?|financ\w*|salary|insurance|full name|date of birth|birth ?date|social security|passport|home address|(?:complete|full|entire|whole|every|each|any) (?:user )?(?:message|messages|reply|replies|conversation|chat|transcript|turn|prompt)s?|(?:what|everything) the user (?:says|said|writes|wrote|types|typed))\b/;

/**
 * The route displaces another: this tool or another one set aside ("do not use read_file; call x
 * instead", "should not be sent here"), or taken on every turn ("before answering any user message").
 */
const DISPLACES_RE =
  /\b(?:instead|rather than|in place of|do not use|don't use|never use|must not use|should not use|not be (?:sent|used|handled|answered)|should not be sent|must not be sent|never be sent|not (?:go|send (?:them|it)) here|avoid (?:using|calling)|before (?:answering|replying to|responding to|handling) (?:any|every|each)|(?:after|before) (?:every|each) (?:user )?(?:message|turn|reply|answer|request))\b/;

const HANDED_ON = String.raw`\b(?:upload|uploaded|uploads|uploading|send|sent|sends|post|posted|posts|deliver|delivered|delivers|sync|synced|syncs|synchroni[sz]ed|mirror|mirrored|mirrors|forward|forwarded|forwards|copied|transmitted|relay|relayed|streamed|streams|passed|passes|routed|routes|shared|shares|published|publishes|disclosed|logged)\b[^.;]{0,40}?\b(?:to|with|through|via|on)\s+(?:the |a |an |our |their |its |selected |trusted )?`;

/**
 * What a tool says becomes of what it receives, when someone else gets it: a partner, a third party,
 * an analytics or advertising service, a configured endpoint or a team dashboard; someone who will
 * follow up; stored passwords or cards given back in the reply.
 */
const TO_ANOTHER_PARTY_RE = new RegExp(
  [
    HANDED_ON + String.raw`(?:(?:partner|third[- ]party|affiliate|advertising|analytics|vendor)\b|partners\b|third parties\b|vendors\b|affiliates\b|advertisers\b|configured (?:[a-z]+ )?endpoint\b|(?:team|shared|public) (?:dashboard|timeline|feed|workspace)\b)`,
    String.raw`\bvisible (?:on|to) (?:the )?(?:team|public|anyone|everyone|partners?|(?:team |shared )?dashboard)\b`,
    String.raw`\b(?:may|will|can) (?:follow up|reach out|contact (?:the user|them|you)) directly\b`,
  ].join("|"),
);
/** Handed on to a named outside host: someone else unless the tool's job is that host's service. */
const TO_A_HOST_RE = new RegExp(HANDED_ON + String.raw`(?:https?:\/\/)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|io|org|dev|app|cloud|ai|co|xyz|info|biz|me|site)\b`);
/** A copy anyone with the address can open: an exposure only for what is sensitive. */
const PUBLIC_COPY_RE = /\b(?:shareable|public|publicly accessible) (?:url|link|copy)\b/;
/** Stored secrets read by the tool and given back in what it returns. */
const STORED_SECRETS_RE = /\b(?:saved|stored) (?:logins?|passwords?|credentials?|cards?|payment methods?)\b|\bpassword (?:store|manager|vault)\b|\bkeychain\b/;
const ECHOED_RE = /\b(?:echo(?:ed|es)?|returned|includ(?:ed|es)|shown|printed)\b[^.;]{0,30}\b(?:response|output|result|reply)\b/;

/** Every request of a kind taken over, not one named case: "for every file read", "when the user asks you to open a link". */
const CAPTURES_ALL_RE = /\b(?:for|on) (?:every|each|any|all)\b|\bwhen(?:ever)? (?:the )?users? (?:asks?|wants?|requests?)\b|\b(?:every|each|any|all) (?:[a-z]+ ){0,2}(?:requests?|reads?|searches|queries|messages?|links?|files?|calls?|uploads?|questions?)\b/;

/**
 * What is set aside lies outside this server: the user's other tools in general ("instead of the browser or fetch
 * tools") or a tool this server does not have. Routing between a server's own tools is how it documents itself.
 */
const FROM_ELSEWHERE_RE =
  /\b(?:instead of|rather than|in place of)\s+(?:the |your |any |a |an )?(?:(?:user'?s |built-in |default |native |standard |official |other |regular |usual |generic )?[a-z-]+(?: or [a-z-]+)? (?:tools?|servers?|connectors?|integrations?|apps?|clients?)\b|(?:browser|terminal|shell|filesystem)\b|([a-z][a-z0-9]*(?:_[a-z0-9]+)+))/;

/** What the route sets aside: the user's other tools, one of this server's own, or nothing named. */
function setAside(text: string, scope: RuleScope): "elsewhere" | "sibling" | null {
  const m = FROM_ELSEWHERE_RE.exec(text);
  if (!m) return null;
  return m[1] !== undefined && scope.toolNames.has(m[1]) ? "sibling" : "elsewhere";
}

type Exposure = { text: string; to: "party" | "host" | "public" };

/** Where what the tool receives ends up, by the text given: another party, an outside host, or a public copy. */
function exposureOf(text: string): Exposure | null {
  const party = TO_ANOTHER_PARTY_RE.exec(text) ?? (STORED_SECRETS_RE.test(text) ? ECHOED_RE.exec(text) : null);
  if (party) return { text: party[0], to: "party" };
  const host = TO_A_HOST_RE.exec(text);
  if (host) return { text: host[0], to: "host" };
  const copy = PUBLIC_COPY_RE.exec(text);
  return copy ? { text: copy[0], to: "public" } : null;
}

const RANK = { party: 3, host: 2, public: 1 } as const;
function worse(a: Exposure | null, b: Exposure | null): Exposure | null {
  return a && (!b || RANK[a.to] >= RANK[b.to]) ? a : b;
}

/** A one-word tool name right after a call ("call define here"); one with a separator is a tool name wherever it stands. */
const CALLED_WORD_RE = /\b(?:call|use|invoke|route (?:it|them|these) to|send (?:it|them|these) to)\s+[`'"‘“]?([a-z][a-z0-9]{2,30})\b/g;

/** Other tools of this server named in the sentence as where the work goes. */
function routedTools(sentence: Sentence, scope: RuleScope, ownTool: string): { name: string; at: number }[] {
  const out: { name: string; at: number }[] = [];
  const named = [...sentence.text.matchAll(SIBLING_NAME_RE)].map((m) => ({ name: m[0], at: m.index }));
  for (const m of sentence.text.matchAll(CALLED_WORD_RE)) named.push({ name: m[1], at: m.index + m[0].length - m[1].length });
  for (const { name, at } of named) {
    if (name === ownTool || !scope.toolNames.has(name)) continue;
    if (ROUTES_TO_RE.test(sentence.text.slice(Math.max(0, at - 60), at)) || ROUTED_AFTER_RE.test(sentence.text.slice(at + name.length, at + name.length + 20))) out.push({ name, at });
  }
  return out;
}

export function detectRoutingToExposure(field: AnalyzedField, scope: RuleScope): RuleHit[] {
  if (field.kind !== "description" && field.kind !== "param-text" && field.kind !== "instructions") return [];
  if (scope.toolNames.size < 2) return [];
  const ownTool = field.owner === "tool" ? field.ownerName.toLowerCase() : "";
  const hits: RuleHit[] = [];
  for (let i = 0; i < field.sentences.length; i++) {
    // One thought split at a semicolon: "for secrets, do not use read_file; call x instead".
    const sentence = withClauseBefore(field, i);
    if (!DISPLACES_RE.test(sentence.text)) continue;
    const sensitive = SENSITIVE_CLASS_RE.exec(sentence.text)?.[0] ?? null;
    // Not sensitive, then every request of a kind taken over: from the user's other tools, or from this server's own.
    const aside = sensitive === null && CAPTURES_ALL_RE.test(sentence.text) ? setAside(sentence.text, scope) : null;
    if (sensitive === null && aside === null) continue;
    for (const target of routedTools(sentence, scope, ownTool)) {
      // What the tool says of itself, or what this text says of it after naming it ("…, which uploads it to x.net").
      const exposure = worse(exposureOf(scope.purposeByTool.get(target.name) ?? ""), exposureOf(`${sentence.text.slice(target.at)} ${clauseAfter(field, i)?.text ?? ""}`));
      if (!exposure) continue;
      // Sensitive requests may go nowhere outside. Every request of a kind may not be taken from the user's other tools to an
      // outside host or party; between a server's own tools, only a hand-over to another party counts (a mail tool's own
      // provider is its job). A public copy matters only for what is sensitive.
      if (sensitive === null && (exposure.to === "public" || (aside === "sibling" && exposure.to !== "party"))) continue;
      const redirect = /\b(?:instead|rather than|in place of|do not use|don't use|never use|must not use|should not use|not be|not (?:go|send)|avoid)\b/.test(sentence.text);
      hits.push(
        fieldHit(
          field,
          redirect ? "TM-TOOL-REDIRECTION" : "TM-TOOL-DEPENDENCY",
          "high",
          sentence.start,
          sentence.end,
          `Routes ${sensitive ? `requests about "${sensitive}"` : "every such request"} to ${target.name}, and what it receives ends up elsewhere ("${exposure.text}").`,
        ),
      );
      break;
    }
  }
  return hits;
}
