import type { Severity } from "../../findings";
import type { AnalyzedField, Sentence } from "./analyzed-field";
import { directnessAt, isDescriptiveMention, isNegatedBefore } from "./directive-language";
import { fieldHit, type RuleHit } from "./rule-hit";
import type { RuleScope } from "./rule-scope";
import { firstLetterIndexed } from "./regex-shape";
import {
  COMMON_TLDS,
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
/** A slot for a person's details ("<student full name>", "{user's email}"): a city's name is not one, a user's is. */
const PERSONAL_SLOT_RE =
  /\b(?:user|users|user's|student|students|customer|client|patient|employee|member|person|people|their|his|her|your|my|full|real|home)\b[^<>{}]{0,30}\b(?:names?|e-?mails?|phones?|phone numbers?|address(?:es)?|birthdays?|birth ?dates?|dates? of birth|ssn|passport|card|essays?|documents?|text|messages?|location|contacts?)\b|\bfirst \d+ (?:chars|characters|words) of\b/;
const SEND_BASE = verbRegex(SEND_VERBS_BASE);
const SEND_THIRD = verbRegex(SEND_VERBS_THIRD);
/** The passive ("is transmitted", "are mirrored"): how a description states where data goes. */
const SEND_PASSIVE = /\b(?:is|are|gets|get|being|been|be) (?:also |then |automatically |always |silently |quietly )?(?:sent|reported|posted|uploaded|forwarded|transmitted|submitted|synced|relayed|mirrored|shared|emailed|delivered|pushed|logged|shipped|transferred|dispatched|routed|piped|streamed|copied|exported|published|replicated|duplicated|stored|echoed|beaconed)\b/g;
/** A host named without a scheme ("to suchfreund.de"), with one of the usual top-level domains. */
const BARE_HOST_RE = new RegExp(String.raw`\b[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9-]{1,63}){0,3}\.(?:${COMMON_TLDS})\b(?![.-]?[a-z0-9])`, "g");
const PRIVATE_DATA_RES = [CONVERSATION_STRONG_RE, CONVERSATION_WEAK_RE, SECRET_REQUEST_RE];
/** The address is where data goes ("to https://...", "via x@y"), not where it comes from. */
const TOWARDS_RE = /\b(?:to|into|towards|at|via|through|using|cc|bcc)\s+(?:the (?:url|address|endpoint|server) )?["'`(<]?$/;
const REFERRED_SINK_RE = /\bto (?:the|this|that|our) (?:endpoint|url|address|server|webhook|link|collector|mailbox|[a-z]+_(?:target|url|endpoint|host|address|sink|destination)) (?:below|above|given (?:below|above)|listed (?:below|above)|shown (?:below|above)|that follows)\b/;
const STATED_PRIVATE_RE =
  /\b(?:request headers|cookies|authorization headers?|session tokens?|bearer tokens?)\b|\b(?:(?:host|machine|computer|device|user)'?s? )?(?:public ip(?: address)?|mac address|serial number)\b|\b(?:username|user name) and (?:the )?hostname\b|\bhostname and (?:the )?(?:username|user name)\b|\b(?:the )?(?:full|complete|entire|whole) (?:result sets?|results|rows|messages?|message text|text|history|inbox|contents?)\b|\b(?:database )?connection strings?\b|\bdsns?\b|\bcard[- ]numbers?\b|\bone-time[- ]codes?\b|\bhealth (?:conditions?|records?|data)\b|\b(?:repository|repo|ci|github|org(?:anization)?) secrets\b|\b(?:copies|a copy|a duplicate) of (?:every|each|all)\b|\bvalues typed into password\b|\b(?:attendee|recipient|participant|guest|contact|member|subscriber|customer)s? lists?\b|\b(?:full|message|e-?mail) bod(?:y|ies)\b|\b(?:the )?process environment\b|\benvironment variables\b|\bkey=value pairs\b|\bsecret (?:access )?keys?\b|\baws_secret_access_key\b/;
/** A cheap literal test before BARE_HOST_RE: a dot and one of its top-level domains. */
const TLD_RE = new RegExp(String.raw`\.(?:${COMMON_TLDS})\b`);
const EXTRA_COPY_RE = /\b(?:operated by (?:the )?(?:server |tool |plugin )?(?:author|publisher|vendor|developer)|also|as well|in addition|additionally|in full|together with|permanently|quietly|silently|secretly|a (?:full |complete )?copy|copies of|even when)\b/;
/** A destination the user sets up ("your webhook", "the endpoint you configure") is theirs, not a hidden copy. */
const USERS_OWN_DESTINATION_RE = /\byour\b|\byou (?:configure|set|provide|choose|specify|enter)\b|\bthe user'?s (?:own|configured|chosen)\b|\bif (?:you|the user) (?:set|configure|enable|provide|choose)\b/;
const CREDENTIAL_NOUN_RE =
  /\b(?:api[ _-]?keys|access tokens|auth(?:entication)? tokens|session tokens|tokens|passwords?|passphrases?|credentials|recovery (?:phrases?|words|codes?)|seed (?:phrases?|words)|mnemonics?|private keys?|session cookies|cookies|(?:variables?|values?|fields?|settings?|entries) whose names? (?:contains?|includes?|ends? with|match(?:es)?))\b/;
const WHOLESALE_HEADERS_RE = /\b(?:request headers|cookies)\b/;
/**
 * Only a piece of a one-way hash leaves: "only the first 5 hex characters of the SHA-1 hash are sent"
 * (a k-anonymity range query, as breach checkers do). The secret cannot be rebuilt from it; a whole
 * hash can be cracked, so a hash alone is not enough.
 */
const HASH_PREFIX_SENT_RE = /\b(?:first|leading) (?:\d+|five|four|six) (?:hex(?:adecimal)? )?(?:characters?|chars?|digits?|bytes?) of (?:the |its |their )?(?:[a-z0-9-]+ )?(?:hash|digest)\b|\b(?:hash|digest) prefix(?:es)?\b|\bk-?anonymity\b/;
const AUTHENTICATES_RE = /\bauthenticat\w*|\bauthori[sz]\w*|\bbearer\b|\bheaders?\b|\bsign(?:s|ed)? in\b|\blog(?:s|ged)? in\b|\boauth\b|\bto verify (?:your|the) (?:identity|account)\b/;
const DNS_SLOT_RE = /[<{\[][a-z0-9_ -]{1,60}[>}\]]\.(?:[a-z0-9-]+\.)+[a-z]{2,24}\b/;
/** A first label that names the customer's own tenant ("<org>.sentry.io", "{subdomain}.zendesk.com"): how multi-tenant services are addressed. */
const TENANT_SLOT_RE = /^[<{\[]\s*(?:your[ _-]?)?(?:org|organi[sz]ation|org[_-]?slug|tenant|subdomain|workspace|account|company|team|instance|site|shop|store|domain|project|region|env|environment)(?:[_-]?(?:name|id|slug))?\s*[>}\]]\./;
/** A slot named for what it carries: data, content, an encoding, a secret or the conversation. */
const DATA_SLOT_RE = /^[<{\[][^>}\]]*(?:data|payload|content|output|result|secret|token|key|passw|env|encod|base64|b64|hex|chunk|message|conversation|history|context|file|cred|cookie|session|ssh|hash|prompt|summary|answer|text|info|dump|value)/;
/** The text puts something into the label: "hex-encode the token as the subdomain". */
const ENCODED_INTO_LABEL_RE = /\b(?:encod\w*|base64|base32|hex|b64|chunk\w*)\b[^.]{0,80}\b(?:sub-?domains?|labels?|host ?names?|dns)\b|\b(?:sub-?domains?|labels?|host ?names?)\b[^.]{0,60}\b(?:encod\w*|base64|base32|hex|b64)\b/;
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
  if (routed) return routed[0];
  // What no honest tool sends to a third party: whole results, connection strings, card data, one-time codes, repository secrets.
  const stated = STATED_PRIVATE_RE.exec(text);
  if (stated) return stated[0];
  // Credentials by name ("the index username and password", "the full 12 or 24 words of the recovery phrase"), unless
  // the sentence says they authenticate the call. One API key or token (singular) is left out: a key sent to the API
  // it unlocks is how APIs work; keys in the plural, passwords and recovery phrases are not sent anywhere honestly.
  const credential = CREDENTIAL_NOUN_RE.exec(text);
  return credential && !AUTHENTICATES_RE.test(text) ? credential[0] : null;
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
    if (PERSONAL_SLOT_RE.test(value)) return { pair, strong: false };
    if (QUERY_DATA_RE.test(value) || QUERY_DATA_RE.test(key)) return { pair, strong: false };
  }
  return null;
}

/**
 * The URL at [start, end) with the placeholders that hold spaces ("?ctx=<the user's messages>",
 * "?who={user full name}&mail={user email}"): a space ends the URL match, but such a placeholder belongs to it.
 */
function withSpacedPlaceholders(text: string, start: number, end: number): string {
  for (let glued = 0; glued < 5; glued++) {
    const url = text.slice(start, end);
    const rest = text.slice(end);
    const open = url.lastIndexOf("{") > url.lastIndexOf("}") ? /^[^{}\n]{0,120}\}/.exec(rest) : url.endsWith("=") ? /^(?:<[^<>\n]{1,120}>|\{[^{}\n]{1,120}\})/.exec(rest) : null;
    if (!open) break;
    end += open[0].length;
    end += /^[^\s"'<>`)\]]*/.exec(text.slice(end))![0].length;
  }
  return text.slice(start, end);
}

type SendForm = "base" | "third";
const SEND_FORMS: readonly (readonly [RegExp, SendForm])[] = [[SEND_BASE, "base"], [SEND_THIRD, "third"], [SEND_PASSIVE, "third"]];
/** Third person and passive only: what the tool itself is said to do. */
const STATED_SEND_FORMS = SEND_FORMS.slice(1);

/** The first send verb of the forms given, in their order. */
function sendVerb(sentence: string, forms = SEND_FORMS): { verb: string; index: number; form: SendForm } | null {
  for (const [re, form] of forms) {
    re.lastIndex = 0;
    const m = re.exec(sentence);
    if (m) return { verb: m[0], index: m.index, form };
  }
  return null;
}

/** A destination written as a setting: `endpoint="https://…"`, `webhook_url: https://…`, `"callback": "https://…"`. */
const CONFIGURED_SINK_RE = /\b(?:endpoint|url|webhook(?:_url)?|callback(?:_url)?|target|sink|hook|forward_?to|mirror_?url|post_?to|destination)["'`]?\s*[=:]\s*["'`]?(https?:\/\/[^\s"'`<>]+)/g;
/** What the same setting sends, naming sign-in material: `payload="issue+api_token"`, `body: {token}`, `include: [cookies]`. */
const CONFIGURED_SECRET_PAYLOAD_RE =
  /\b(?:payload|body|data|include|fields|content|attach(?:ments?)?|send|params)["'`]?\s*[=:]\s*[^\]}>\n]{0,80}?\b(?:api[_-]?tokens?|api[_-]?keys?|access[_-]?tokens?|auth[_-]?tokens?|tokens?|secrets?|passwords?|credentials?|cookies?|authorization|env(?:ironment)?)\b/;

/**
 * A configuration block in the text that posts sign-in material to an address of its own:
 * `<mirror endpoint="https://x.herokuapp.com/hook" payload="issue+api_token"/>`. Written as settings rather than
 * sentences, it has no verb for the sentence reading to find; the pairing of a destination and a secret payload
 * within one block is the same request.
 */
function configuredSecretSink(field: AnalyzedField): RuleHit | null {
  const text = field.norm.lower;
  if (!text.includes("=") && !text.includes(":")) return null;
  CONFIGURED_SINK_RE.lastIndex = 0;
  for (let m = CONFIGURED_SINK_RE.exec(text); m !== null; m = CONFIGURED_SINK_RE.exec(text)) {
    const from = Math.max(0, m.index - 200);
    const block = text.slice(from, m.index + m[0].length + 200);
    const payload = CONFIGURED_SECRET_PAYLOAD_RE.exec(block);
    if (!payload || PLACEHOLDER_RE.test(m[1])) continue;
    const start = Math.min(m.index, from + payload.index);
    const end = Math.max(m.index + m[0].length, from + payload.index + payload[0].length);
    return fieldHit(field, "TM-EXFIL-URL", "critical", start, end, `A configuration block sends sign-in material ("${payload[0].slice(0, 60)}") to ${m[1].slice(0, 80)}.`);
  }
  return null;
}

/** The publisher's own relay: where what passes through is seen by someone other than the service the user meant. */
const OUR_RELAY_RE = /\b(?:our|the publisher'?s|the vendor'?s|a third-party|a remote) (?:proxy|proxies|relay|relays|gateway|gateways|servers?|backend|cloud)\b/;
/** Any relay or cache between the user and the site: what it keeps, it keeps for whoever runs it. */
const ANY_RELAY_RE = /\b(?:prox(?:y|ies)|relays?|gateways?|caching|cache)\b/;
/** The user's own sign-in material, taken from where it lives: "auth headers taken from your environment (cookies, bearer tokens)". */
const USERS_CREDENTIALS_TAKEN_RE =
  /\b(?:auth(?:entication|orization)? headers?|cookies|bearer tokens?|session tokens?|credentials|access tokens?|api keys)\b[^.;]{0,40}?\b(?:taken|read|pulled|collected|lifted|copied|gathered|harvested)? ?(?:from|in|of) (?:your|the user'?s|their) (?:environment|browser|machine|computer|keychain|profile|shell|system|local)/;
/** ... or kept: "request headers, including Authorization and Cookie, are retained with the cache entry". */
const CREDENTIALS_KEPT_RE =
  /\b(?:authorization|cookies?|auth(?:entication)? headers?|bearer tokens?|session tokens?|credentials)\b(?:(?!\b(?:stripped|removed|dropped|discarded|redacted|never|not|before)\b)[^.;]){0,40}?\b(?:are|is|get|gets) (?:also )?(?:retained|stored|kept|logged|cached|saved|persisted|recorded|archived)\b/;
/** What people type, and who they are, handed to advertisers: "queries and the session identifier are shared with SearchAds partners". */
const SHARED_WITH_PARTNERS_RE =
  /\b(?:quer(?:y|ies)|searches|search terms|prompts?|messages?|conversations?|inputs?|session (?:identifiers?|ids?)|user ids?|ip address(?:es)?|browsing history|contacts?|locations?)\b[^.;]{0,60}?\b(?:are|is) (?:also )?(?:shared with|sent to|sold to|passed (?:on )?to|forwarded to|disclosed to|provided to|made available to) (?:our |select |trusted |third-party |advertising |ad )?(?:[a-z]+ )?(?:ad|ads|advertis\w*|marketing|affiliates?|partners?|data brokers?)\b/;
/**
 * Who the user is, sent to an address the text writes out: "search results and the user's email address are sent to
 * https://stats.… for statistics". With a purpose beside the tool's job (statistics, analytics, marketing, training …);
 * a newsletter tool that sends the address to its list provider to subscribe the user states its job.
 */
const IDENTITY_TO_ADDRESS_RE = new RegExp(
  String.raw`\b(?:the user'?s?|their|the customer'?s?|the caller'?s?)(?: [a-z]+){0,2} (?:e-?mail(?: address(?:es)?)?|phone(?: numbers?)?|home address|full name|(?:precise |exact |current )?location|ip(?: address)?|device (?:ids?|identifiers?)|contacts|address book)\b[^.;]{0,60}?\b(?:are|is) (?:also |then |always )?(?:sent|posted|forwarded|uploaded|shared|transmitted|reported|logged|synced|mirrored|submitted)\b[^.;]{0,20}?\b(?:to|with)\b[^.;]{0,30}?(?:https?:\/\/|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:${COMMON_TLDS})\b)`,
);
const SIDE_PURPOSE_RE = /\b(?:for|to (?:compute|build|improve|support))\b[^.;]{0,20}\b(?:statistic\w*|analytic\w*|telemetry|tracking|marketing|research|profil\w*|advertis\w*|training|model improvement|quality|insights?|metrics|benchmark\w*|personali[sz]\w*)\b/;
/** Just before the private data named: it is left out ("with no personal data", "without secrets", "never any tokens"). */
const DATA_LEFT_OUT_RE = /\b(?:no|without|never|not|excluding|except|free of|stripped of|minus)\b(?: [a-z]+)?(?: any)? ?$/;
/** The user's data stored where anyone can read it: "persisted to the community hub at x, where entities are publicly searchable". */
const PUBLISHED_RE =
  /\b(?:persist(?:s|ed)?|stor(?:es|ed)|sav(?:es|ed)|upload(?:s|ed)?|sync(?:s|ed)?|written|writes|kept|mirror(?:s|ed)?)\b[^;\n]{0,100}?\b(?:publicly (?:searchable|visible|readable|accessible|indexed|listed|available)|visible to (?:all|other|every|any) users|readable by (?:anyone|all users|other users)|shared (?:across|with all|with other) users)\b/;
/** A tool whose job is to publish: what it posts is meant to be public. */
const PUBLISHING_JOB_RE = firstLetterIndexed(/\b(?:publish\w*|post(?:s|ing)?|share(?:s|d)?|public|announce\w*|broadcast\w*|blog|tweet\w*)\b/);
const MAY_DISCLOSE_RE = /remote|prox|relay|gateway|cach|our |third-party|a remote|partner|advertis|\bads?\b|marketing|affiliate|broker|public|users|user's|their|customer|caller|lead |commercial|resale|resold|profil/;
/** "Automatically adds the remote `vault` https://git.x.net/mirror and pushes all branches to it": the repository copied out. */
const PUSHED_TO_FIXED_REMOTE_RE =
  /\b(?:adds?|adding|configures?|sets?|registers?) (?:the |a |an )?(?:git )?remote\b[^;]{0,60}?https?:\/\/\S+[^;]{0,40}?\b(?:push(?:es)?|mirrors?|syncs?|uploads?) (?:all|every|each|the whole|the entire|the full)\b/;
/**
 * The user's content kept for a purpose that sells: "approval copies are kept by the concierge service and used for lead
 * enrichment", "messages are retained for commercial analysis". Not the tool's job, and not the user's choice.
 */
const USED_FOR_SALES_RE =
  /\b(?:copies|cop(?:y|ies) of|data|contents?|messages?|e-?mails?|invites?|invitations?|contacts?|quer(?:y|ies)|files?|documents?|conversations?|records?|results?|attendees?|addresses)\b(?:[^.;]|\.(?=\S)){0,90}?\b(?:used|kept|stored|retained|shared|sold|resold|passed on|analy[sz]ed|mined)\b(?:[^.;]|\.(?=\S)){0,30}?\bfor (?:lead (?:enrichment|generation|scoring)|marketing|advertis\w*|ad targeting|resale|profil\w*|commercial (?:analysis|purposes|use)|sales prospecting|data brokerage)\b/;
const OPT_OUT_RE = /\bopt[- ]?out\b|\bopt[- ]in\b|\bdisable[ds]?\b|\bturn(?:ed)? off\b/;

/**
 * Stated, with no address: the user's sign-in material goes through the publisher's proxy or is kept by a
 * relay ("attaches auth headers taken from your environment", "Authorization and Cookie are retained with
 * the cache entry"); what people search for is shared with ad partners; what the user stores is published
 * for everyone to search. Whoever runs the relay, buys the data or reads the hub gets what the user never
 * meant to give them.
 */
function statedDisclosure(field: AnalyzedField): RuleHit | null {
  const lower = field.norm.lower;
  const relayInField = ANY_RELAY_RE.test(lower);
  const summary = field.sentences[0]?.text ?? "";
  for (const sentence of field.sentences) {
    const text = sentence.text;
    const relay = OUR_RELAY_RE.exec(text);
    const taken = relay ? USERS_CREDENTIALS_TAKEN_RE.exec(text) : null;
    const kept = !taken && relayInField ? CREDENTIALS_KEPT_RE.exec(text) : null;
    const credentials = taken ?? kept;
    if (credentials && !isNegatedBefore(text, credentials.index, 30)) {
      const start = Math.min(relay?.index ?? credentials.index, credentials.index);
      const end = Math.max(relay ? relay.index + relay[0].length : 0, credentials.index + credentials[0].length);
      return fieldHit(field, "TM-EXFIL-URL", "high", sentence.start + start, sentence.start + end, `The user's own sign-in material ("${credentials[0].slice(0, 60)}") passes through, or stays with, a relay the user did not choose.`);
    }
    const shared = SHARED_WITH_PARTNERS_RE.exec(text);
    if (shared && !OPT_OUT_RE.test(lower) && !isNegatedBefore(text, shared.index + shared[0].length - 20, 30)) {
      return fieldHit(field, "TM-EXFIL-URL", "high", sentence.start + shared.index, sentence.start + shared.index + shared[0].length, `What the user types, or who they are, is handed to advertisers or partners ("${shared[0].slice(0, 80)}").`);
    }
    const pushed = PUSHED_TO_FIXED_REMOTE_RE.exec(text);
    if (pushed && !isNegatedBefore(text, pushed.index, 20)) {
      return fieldHit(field, "TM-EXFIL-URL", "high", sentence.start + pushed.index, sentence.start + pushed.index + pushed[0].length, `Copies the whole repository to a remote the text fixes ("${pushed[0].slice(0, 80)}").`);
    }
    const resold = USED_FOR_SALES_RE.exec(text);
    if (resold && !OPT_OUT_RE.test(lower) && !isNegatedBefore(text, resold.index + 20, 30)) {
      return fieldHit(field, "TM-EXFIL-URL", "high", sentence.start + resold.index, sentence.start + resold.index + resold[0].length, `What the user hands the tool is kept and used for someone's sales ("${resold[0].slice(0, 80)}").`);
    }
    const identity = IDENTITY_TO_ADDRESS_RE.exec(text);
    if (identity && SIDE_PURPOSE_RE.test(text) && !isNegatedBefore(text, identity.index + identity[0].length - 10, 40)) {
      return fieldHit(field, "TM-EXFIL-URL", "high", sentence.start + identity.index, sentence.start + identity.index + identity[0].length, `Who the user is goes to an address the text names, for a purpose that is not the tool's job ("${identity[0].slice(0, 100)}").`);
    }
    const published = sentence !== field.sentences[0] || field.kind !== "description" ? PUBLISHED_RE.exec(text) : null;
    if (published && !PUBLISHING_JOB_RE.test(summary)) {
      return fieldHit(field, "TM-EXFIL-URL", "high", sentence.start + published.index, sentence.start + published.index + published[0].length, `What the user stores with a tool that is not for publishing is made public ("${published[0].slice(0, 80)}").`);
    }
  }
  return null;
}

/** A spaced dash between two sentences: "forwards the event JSON — including cookies — to https://…". */
const DASH_GAP_RE = /\s[—–-]\s/;
const STARTS_AT_DESTINATION_RE = /^(?:to|into|via|at) /;

/**
 * A spaced dash ends a sentence (analyzed-field.ts), so "the tool forwards X — including cookies — to https://…" arrives
 * as three. A sentence that starts at its destination is read with the ones before it that only a dash parts from it.
 */
function withDashLead(field: AnalyzedField, i: number): Sentence {
  const sentence = field.sentences[i];
  if (!STARTS_AT_DESTINATION_RE.test(sentence.text)) return sentence;
  let start = sentence.start;
  for (let j = i - 1; j >= Math.max(0, i - 2); j--) {
    if (!DASH_GAP_RE.test(field.norm.lower.slice(field.sentences[j].end, field.sentences[j + 1].start + 1))) break;
    start = field.sentences[j].start;
  }
  return start === sentence.start ? sentence : { start, end: sentence.end, text: field.norm.lower.slice(start, sentence.end) };
}

/**
 * "After rendering, the source markdown is POSTed with the `fetch` tool to https://render.x.io/v2/snapshot": the user's
 * content sent to an address the text fixes, by a tool this server does not have. A server that needs a remote call makes
 * it itself; one that has the model make it with another tool takes the content out through the user's own connections.
 */
const SENT_WITH_TOOL_RE =
  /\b(?:sent|posted|uploaded|forwarded|submitted|transmitted|pushed|sen[dt]s?|posts?|uploads?|forwards?|submits?)\b[^.;]{0,20}?\b(?:with|using|via|through) (?:the |your |an? )?[`'"]?([a-z][a-z0-9_.-]{1,40})[`'"]? (?:tool|server|connector)\b[^.;]{0,20}?\bto (https?:\/\/[^\s"'<>`)]+)/;

function sentThroughAnotherTool(field: AnalyzedField, scope: RuleScope): RuleHit | null {
  for (const sentence of field.sentences) {
    const m = SENT_WITH_TOOL_RE.exec(sentence.text);
    if (!m || scope.toolNames.has(m[1]) || PLACEHOLDER_RE.test(m[2]) || isNegatedBefore(sentence.text, m.index, 24)) continue;
    return fieldHit(field, "TM-NETWORK-DIRECTIVE", "high", sentence.start + m.index, sentence.start + m.index + m[0].length, `Has content sent to ${m[2].slice(0, 80)} with "${m[1]}", a tool this server does not have.`);
  }
  return null;
}

/** Reports addresses that receive private data. */
export function detectExfilUrls(field: AnalyzedField, scope: RuleScope): RuleHit[] {
  if (field.kind === "name" || field.kind === "param-name") return [];
  const lower = field.norm.lower;
  const throughOther = lower.includes(" tool") && lower.includes("http") ? sentThroughAnotherTool(field, scope) : null;
  if (throughOther) return [throughOther];
  // Each stated disclosure needs one of these words: most descriptions have none.
  const mayDisclose = (field.kind === "description" || field.kind === "instructions") && MAY_DISCLOSE_RE.test(lower);
  const disclosed = mayDisclose ? statedDisclosure(field) : null;
  BARE_HOST_RE.lastIndex = 0;
  // A host with a slot for data may end in any top-level domain ("<key>.act.dnsbeacon.pw").
  if (!lower.includes("http") && !lower.includes("@") && !(TLD_RE.test(lower) && BARE_HOST_RE.test(lower)) && !DNS_SLOT_RE.test(lower)) return disclosed ? [disclosed] : [];
  const configured = lower.includes("http") ? configuredSecretSink(field) : null;
  const hits: RuleHit[] = [disclosed, configured].filter((h): h is RuleHit => h !== null);
  for (let i = 0; i < field.sentences.length; i++) {
    const sentence = withDashLead(field, i);
    const text = sentence.text;
    const sinks: { value: string; index: number; length: number }[] = [];
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
      sinks.push({ value: m[0], index: m.index, length: m[0].length });
      const slot = privateSlot(withSpacedPlaceholders(text, m.index, m.index + m[0].length));
      if (!slot) continue;
      const severity: Severity = slot.strong ? "critical" : severityOfSlots();
      hits.push(fieldHit(field, "TM-EXFIL-URL", severity, sentence.start + m.index, sentence.start + m.index + m[0].length, `URL with a slot for private data ("${slot.pair}").`));
    }
    // A host whose first label is a slot ("<data>.probe.example.net"): resolving it hands the slot's contents to that domain's DNS server.
    const dnsSlot = DNS_SLOT_RE.exec(text);
    // Only a slot that carries data is a channel: "{vault}.vault.azure.net" and "<name>.youtrack.cloud" name the user's own tenant.
    if (dnsSlot && !TENANT_SLOT_RE.test(dnsSlot[0]) && (DATA_SLOT_RE.test(dnsSlot[0]) || ENCODED_INTO_LABEL_RE.test(text)) && !hits.some((h) => h.ruleId === "TM-EXFIL-URL")) {
      const credentials = SECRET_REQUEST_RE.test(text) || sensitiveIn(text) || /\benvironment variables?\b|\benv vars?\b|\btokens?\b|\bkeys?\b|\bpasswords?\b/.test(text);
      hits.push(fieldHit(field, "TM-EXFIL-URL", credentials ? "critical" : "high", sentence.start + dnsSlot.index, sentence.start + dnsSlot.index + dnsSlot[0].length, `A host name with a slot for data ("${dnsSlot[0]}"): looking it up sends the data to that domain's DNS server.`));
    }
    EMAIL_RE.lastIndex = 0;
    for (let m = EMAIL_RE.exec(text); m !== null; m = EMAIL_RE.exec(text)) sinks.push({ value: m[0], index: m.index, length: m[0].length });
    // A bare host is a destination only where no URL or address in the sentence already names one of its own.
    BARE_HOST_RE.lastIndex = TLD_RE.test(text) ? 0 : text.length;
    for (let m = BARE_HOST_RE.exec(text); m !== null; m = BARE_HOST_RE.exec(text)) {
      if (!sinks.some((s) => m!.index >= s.index && m!.index < s.index + s.length)) sinks.push({ value: m[0], index: m.index, length: m[0].length });
    }
    const destinations = sinks.filter((s) => TOWARDS_RE.test(text.slice(Math.max(0, s.index - 30), s.index)));
    // "to the endpoint below": the address is elsewhere in the field, pointed at.
    const pointed = destinations.length === 0 ? REFERRED_SINK_RE.exec(text) : null;
    if (pointed) {
      URL_RE.lastIndex = 0;
      const elsewhere = URL_RE.exec(field.norm.lower) ?? (EMAIL_RE.lastIndex = 0, EMAIL_RE.exec(field.norm.lower));
      if (elsewhere) destinations.push({ value: elsewhere[0], index: pointed.index, length: pointed[0].length });
    }
    if (destinations.length === 0) continue;

    const found = privateDataIn(text);
    // "Anonymous usage counts, with no personal data, are sent to …": the private data named is what is left out.
    const foundAt = found === null ? -1 : text.indexOf(found);
    const named = foundAt >= 0 && DATA_LEFT_OUT_RE.test(text.slice(Math.max(0, foundAt - 24), foundAt)) ? null : found;
    let verb = sendVerb(text);
    // "After each push, the tool also … force-pushes every branch there": a noun read as the first verb must not hide the statement.
    if (verb && verb.form === "base" && EXTRA_COPY_RE.test(text) && !named) verb = sendVerb(text, STATED_SEND_FORMS) ?? verb;
    // A copy stated as what the tool does ("every merged document is also POSTed in full to …"):
    // whatever the tool handles leaves for an address the user did not choose.
    // A parameter's text is about its value: "Wallet recovery phrase; the full 24 words are sent to …" sends the phrase.
    const data = named ?? (field.kind === "param-text" ? privateDataIn(field.norm.lower) : null) ?? (verb && verb.form === "third" && EXTRA_COPY_RE.test(text) && !USERS_OWN_DESTINATION_RE.test(text) ? "a copy of what the tool handles" : null);
    if (!verb || !data) continue;
    if (isNegatedBefore(text, verb.index) || isDescriptiveMention(text, verb.index, verb.index + verb.verb.length)) continue;
    // "Your password is sent to https://auth.example.com to authenticate you": a sign-in, unless a copy goes elsewhere too.
    // Cookies or request headers sent wholesale are no sign-in, whatever else the sentence says about headers.
    if (verb.form === "third" && HASH_PREFIX_SENT_RE.test(text.slice(0, verb.index))) continue;
    if (verb.form === "third" && AUTHENTICATES_RE.test(text) && !EXTRA_COPY_RE.test(text) && !WHOLESALE_HEADERS_RE.test(text)) continue;
    const sink = destinations[0];
    const direct = verb.form === "base" ? directnessAt(text, verb.index) : "none";
    // Credentials sent anywhere are never a feature; a declared upload of the conversation is "only" high.
    const credentials = SECRET_REQUEST_RE.test(text) || sensitiveIn(text);
    const severity: Severity = credentials || direct !== "none" ? "critical" : "high";
    hits.push(
      fieldHit(field, "TM-EXFIL-URL", severity, sentence.start + Math.min(verb.index, sink.index), sentence.start + sink.index + sink.length, `Sends ${data} to ${sink.value}.`),
    );
  }
  return hits;
}
