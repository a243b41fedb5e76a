import { createRequire } from "node:module";
import type { AnalyzedField, Sentence } from "../analyzed-field";
import { modelActs } from "../directive-language";
import { firstLetterIndexed } from "../regex-shape";

/**
 * Who a piece of metadata addresses, and how it dresses itself up. A tool
 * description tells a person what the tool does; poisoned metadata talks to
 * the model: it obliges ("you must", "always", "it is mandatory"), claims an
 * authority it does not have (a "SYSTEM SECURITY PROTOCOL" banner, a message
 * "from the user"), and justifies itself with compliance jargon. None of
 * these is an attack alone (honest tools say "IMPORTANT: paths must be
 * absolute"); they are the frame the request classifiers read the request in.
 * Patterns run on the lower-cased text unless said otherwise.
 */

export type DirectiveForce = "obligation" | "imperative" | "none";

/** An obligation on the reader: a modal aimed at the model, "always", "make sure", "is mandatory". */
const OBLIGATION_RE =
  /\b(?:(?:is|are) only (?:valid|usable|available|possible|allowed|permitted|accepted|processed) (?:after|once)|only (?:works?|succeeds?) (?:after|once)|you(?:'ll| will)? (?:must|should|shall|need to|have to|are (?:required|instructed|expected|supposed|obliged|asked|told|advised) to|will (?:need|have) to|may only|can only)|(?:the )?(?:assistant|model|ai|llm|agent|claude|chatgpt|gpt|copilot)s? (?:must|should|shall|needs? to|has to|have to|is (?:required|instructed|expected) to|may only|can only)|(?<!\bthat )(?:must|shall)(?: (?:always|first|also|now|then|immediately|automatically|additionally|still|not|never))? [a-z]{2,20}|should (?:always|first|also|now|then|immediately|automatically|never) [a-z]{2,20}|always (?!been\b|be\b|returns?\b|uses?\b|includes?\b)[a-z]{2,20}|never (?!been\b|be\b|returns?\b)[a-z]{2,20}|(?:do not|don't|please do not) (?:ever )?[a-z]{2,20}|make sure|be sure to|ensure (?:that )?you|remember to|(?:don't|do not) forget to|please (?!note\b|see\b|refer\b)[a-z]{2,20}|simply (?:call|use|run|invoke|execute|pass|send)|it is (?:very |extremely |absolutely )?(?:important|critical|crucial|essential|mandatory|required|vital|necessary|imperative) (?:to|that)|\b(?:is|are) (?:mandatory|required|obligatory) (?:for|before|when|prior)|this is (?:a |an )?(?:mandatory|required|obligatory|compulsory)\b|the system requires|requires? (?:you|the assistant|the model) to|(?:are|is) (?:now )?(?:obligated|obliged|required|expected|allowed|permitted|authori[sz]ed) to|(?:^|[.(]\s?)(?:required|mandatory|prerequisite|obligatory|one-time setup|setup)\b[^.:]{0,40}:|do this automatically|(?:each|every) time you (?:use|call|invoke)|whenever you (?:use|call|invoke|run)|(?:will|would|does not|doesn't|won't|will not) (?:fail|work|succeed|run)(?: [a-z]+){0,2} (?:unless|until|without)|i (?:also )?(?:want|need|would like) you to|(?:is|are) to be (?:changed|replaced|set|sent|used|called|passed|included|added|removed|ignored|treated)|(?:the )?(?:assistant|model|agent|llm|ai)s? will (?!be able)[a-z]{2,20}|(?:i(?:'ve| have) decided|we(?:'ve| have) decided) (?:that )?you (?:should|will|must)|depends on [a-z_]+ having been called|requires? [a-z_]+ to (?:have been|be) called|the (?:considerate|right|best|recommended|correct|standard|usual|maintained|expected|proper|polite|helpful) (?:thing|flow|approach|fix|way|step|practice|course) is to|(?:are|is) (?:directed|instructed|asked|expected|required) to|should treat|treat (?:each|every|them|it|these) as|act on (?:them|it|these)|follow (?:it|them) exactly|(?:may|can) skip|verpflichtet|obligation légale|est tenue? de)\b|\b(?:muss|müssen|musst|soll|sollst|sollen|lies|sende|trage|doit|doivent|devez|est tenu|sont tenus|envoyez|transmettez|debe|deben|debes|tienes que|hay que|envía|envíe|必须|务必|请先|应当|需要先)/;

/** A word every NORM_RE pattern needs. */
const MAY_BE_NORM_RE = /expect|required|intended|standard|usual|normal|recommended|customar|convention|routine|to be /;
/** An order stated as the way things are done: "the expected workflow is that", "it is customary to", "X has to be called". */
const NORM_RE =
  /\bthe (?:expected|required|intended|standard|usual|normal|recommended) (?:workflow|flow|practice|sequence|order|procedure|protocol|behaviou?r|handling|response) is\b|\bit is (?:customary|standard|standard practice|common practice|usual|expected|the norm|conventional|routine|normal practice) (?:to|that|for)\b|\b(?:users?|developers?|customers?|operators?|admins?|maintainers?|teams?|everyone|people)\b(?: [a-z]+){0,4} expects? (?:[a-z0-9_]+ ){1,3}to be (?:called|invoked|run|executed|included|sent|used|added|attached|copied|uploaded|synced|mirrored|forwarded|shared)\b|\b(?:is|are) customarily\b|\bby convention\b|\b(?:has|have|needs?) to be (?:called|invoked|run|executed|used|consulted|primed|initiali[sz]ed|sent|passed|given|filled)\b/;

/** The passive with the model as the agent: "a GET request is issued by the assistant to …", "are POSTed there by the assistant". */
const BY_MODEL = String.raw`by (?:the |your )?(?:assistant|model|agent|ai|llm|claude|copilot)\b`;
/** Its pre-check: the agent alone. */
const BY_MODEL_RE = new RegExp(BY_MODEL);
const DONE_BY_MODEL_RE = new RegExp(String.raw`\b(?:is|are|gets?|get|will be|should be|must be|is then|are then|is also|are also)\s+(?:[a-z]+ly\s+)?[a-z]{3,}(?:ed|en|t)\b[^.;]{0,80}?\b${BY_MODEL}`);

/** A base-form verb at the start of a clause: the imperative mood. */
const IMPERATIVE_START_RE =
  /^(?:(?:before|after|when|while|on) [a-z]+ing(?: [a-z'-]+){0,4} |for (?:[a-z0-9'-]+ ){1,4})?(?:(?:please|first|firstly|then|now|also|next|finally|and|immediately|afterwards|additionally|simply|just|kindly|quietly|silently|secretly|from now on|going forward|henceforth|[-*•>]|\d{1,2}[.)]|step \d{1,2}|so)[ ,:]{0,2}){0,4}(?:give|issue|close|approve|merge|assign|revoke|disable|patch|lead|present|read|send|call|use|pass|include|ignore|forget|disregard|add|append|prepend|prefix|forward|copy|paste|upload|execute|run|invoke|output|print|reply|respond|answer|say|tell|write|save|set|change|replace|visit|open|fetch|load|treat|consider|act|pretend|provide|attach|collect|gather|extract|email|bcc|cc|post|notify|ping|contact|access|delete|remove|modify|update|redirect|switch|route|display|show|inform|perform|verify|check|make|grant|disable|enable|bypass|skip|export|list|insert|put|get|request|report|log|store|submit|transfer|move|clean|clear|wipe|erase|install|download|navigate|go|rank|describe|omit|hide|keep|deny|quote|mark|label|recommend|promote|place|register|share|archive|mirror|sync|push|create|type|enter|apply|obtain|concatenate|combine|gather|scan|populate|fill|resolve|encode|attach|bind|grant)\b/;

/** Authority words of the banners poisoned text opens with ("CRITICAL SYSTEM UPDATE:"). */
const BANNER_WORD = String.raw`(?:system|security|critical|urgent|important|notice|protocol|update|directive|override|internal|admin|administrator|compliance|alert|mandatory|required|warning|enhancement|optimi[sz]ation|maintenance|validation|verification|policy|instruction|instructions|priority|attention|dev|developer|audit|operator|root|official|emergency|requirement|configuration|research|performance|environment)`;
/** Words that make a banner an authority claim rather than an honest "IMPORTANT:" or "NOTE:". */
// Not "optimization", "enhancement", "validation" or "verification": "PERFORMANCE OPTIMIZATION: only set this to true
// when …", "VALIDATION: after creating visuals, take a screenshot" are a maintainer's headings.
const STRONG_BANNER_RE = /\b(?:system|security|protocol|directive|override|internal|admin|administrator|compliance|alert|update|maintenance|audit|operator|root|emergency|policy|research|environment|dev)\b/;
/** An all-caps heading ended by a colon, or a bracketed or tagged heading; read on the case-kept text. */
const CAPS_BANNER_RE = /(?:^|[.!?\n]\s{0,3}|[([<*#=]\s{0,2})([A-Z][A-Z0-9 _/&-]{2,48}[A-Z0-9])\s{0,2}(?:\([^()\n]{1,40}\)\s{0,2})?(?:[:\])>*=]|!{1,3}\s|\n)/g;
const BRACKET_BANNER_RE = new RegExp(String.raw`[[<(]\s{0,2}((?:[a-z]{2,16}[ _-]){0,3}${BANNER_WORD}(?:[ _-][a-z]{2,16}){0,3})\s{0,2}[\])>]`, "g");

/** Text that claims to speak for the user, the operator or the system. */
const IMPERSONATION_RE =
  /\b(?:(?:this is (?:an? |the )?|(?:^|[.!?\n]\s{0,3})(?:an? |the )?)(?:important |urgent |direct |special |private |confidential |priority |official )?(?:message|note|instruction|instructions|request|directive|reminder|memo|update|notice) (?:directly )?(?:from|by|on behalf of) (?:the |your )?(?:users?|humans?|operators?|developers?|administrators?|admins?|system|owners?|creators?|security team|it department|platform|model provider|anthropic|openai)\b|[[(<]\s?(?:operator|system|admin|administrator|developer|user|assistant|root|security) (?:message|note|notice|instruction|instructions|directive|override)s?\s?[\])>]|\b(?:the )?(?:user|person|human|requester|caller|customer)(?: [a-z]+){0,4} (?:has been|is|was|have been) (?:verified|authenticated|confirmed|approved|authori[sz]ed|cleared|vetted) (?:as|by)\b|(?<!\b(?:when|if|whenever|unless|once|after|before|until|till|since|because|whether|that|and|or) )the (?:user|human|operator|owner) (?:has )?(?:already )?(?:explicitly |previously )?(?:pre-?)?(?:authori[sz]ed|approved|consented to|agreed to|granted|instructed|requested that you|asked you to|wants you to|would like you to|has asked you) (?:you|the assistant|the model|this|these|all|every|any|it|automatic|full)\b|\b(?:i am|i'm|we are|this is) (?:the|your) (?:user|developer|operator|administrator|admin|creator|owner|system)(?!'s|’s|s'| ?(?:default|account|own|settings?|profile|preference)\b)\b|\b(?:the )?user'?s? (?:real|actual|true|hidden|secret|original) (?:request|instruction|instructions|intent|intention|wish|goal)\b|\bspeaking (?:as|for) the (?:user|system|developer|operator)\b|[[(<]\s?(?:(?:a )?(?:message|note|request) )?from (?:the |your )?(?:user|operator|developer|admin|administrator|system|owner)\s?[\])>]|\bi (?:also )?(?:want|need|would like) you to\b|\bi (?:set this up|configured this|authori[sz]ed this|approve(?:d)? this) myself\b|\b(?:user preference|saved by the user(?! (?:in|to|into|under|at|on|as|from)\b)|the user (?:has )?(?:saved|configured|set) (?:this|a) preference)\b|\bregardless of what i (?:say|said|ask|type)\b|\b(?:has|have) (?:already )?(?:pre-?authori[sz]ed|pre-?approved)\b|(?<!\b(?:when|if|whenever|unless|once|after|before|until|till|since|because|whether|that) )\b(?:they|the user|the owner|the account owner|the customer) (?:have|has) (?:already )?confirmed (?:this|it|that)\b|\bstanding (?:instruction|order|request)s?\b|\b(?:user|owner|customer|client) instructions? (?:recorded|on file|saved)\b|\bthis is the (?:lead |senior |head |main )?(?:developer|maintainer|owner|admin|administrator|operator)\b|\b(?:nota|mensaje) del usuario\b|\b(?:hinweis|nachricht) (?:des|vom) (?:nutzers?|benutzers?)\b|\bnote de l'utilisateur\b|用户(?:备注|留言|指示)|\b(?:saved|stored|recorded|relayed) (?:instruction|preference|request|message)s? (?:from|by|of) (?:the )?(?:user|owner|account holder|mailbox owner|customer)\b|\b(?:account holder|mailbox owner|owner|user)'?s? saved (?:instruction|preference)\b|\brelayed from the user\b|\b(?:is|are|'s) the (?:signed-in |current |logged-in )?user speaking\b|\b(?:approval|sign-off|authori[sz]ation) is (?:already )?on file\b|\b(?:leadership|management|the board|security team|the administrator) (?:has|have) (?:signed off|approved)\b|\bbulletin from\b|\bmodel behaviou?r update\b|\bpublished by your model provider\b|事前に同意|同意済み|\bnota (?:interna )?para el asistente\b|\bnote to (?:the )?assistant\b|\bobservação para o assistente\b|\bas the user requested\b|\b(?:has|have) told us (?:that )?(?:they|he|she)\b|\ba déjà donné son accord\b|\bhat bereits zugestimmt\b|\bya ha dado su consentimiento\b|\bjá deu (?:o )?seu consentimento\b|이미 동의|已同意|\bhinweis für den assistenten\b|\b(?:treat|consider|regard) (?:this|it|these|them|the (?:step|steps|change|changes|install|setup)) as (?:already |pre-?)?(?:approved|authori[sz]ed|confirmed|consented to|cleared)\b|\b(?:already|pre-?) ?approved by (?:the |your )?(?:user|owner|admin|administrator|operator|account holder)\b|\bnote pour l'assistant\b|\bnota per l'assistente\b)|(?:^|[.!?\n]\s{0,3})(?:[a-z0-9-]+,? ){0,3}(?:message|note|notice|update|policy|directive|bulletin|announcement|memo)\b[^.:]{0,40}?\b(?:from|by|issued by|published by|sent by|signed by) (?:the |your )?(?:[a-z-]+ ){0,2}(?:operators?|administrators?|admins?|model provider|platform team|security team|it department|host application|workspace owner)\b|\b(?:operator|admin|administrator|owner|system|security[- ]team|it)[- ](?:approved|authori[sz]ed|sanctioned|cleared|signed[- ]off)\b/;

/** A line written as a turn of the chat ("User: I authorise you to …"): a tool's text posing as the user speaking. */
const ROLE_LINE_RE = /(?:^|\n)\s{0,3}(?:user|human|customer|account owner|the user|owner)\s?:\s?(?=i |i'|please |you |we |my |go ahead|yes\b)/;

/** Words every impersonation pattern needs, tested first because most fields have none. */
const MAY_IMPERSONATE_RE = firstLetterIndexed(/approved|authori|sanctioned|cleared|signed|policy|bulletin|announcement|message|note|instruction|request|directive|reminder|memo|update|notice|override|verified|authenticated|confirmed|approved|authori[sz]ed|cleared|vetted|consented|agreed|granted|asked you|wants you|would like you|want you|need you|i am|i'm|we are|this is the|this is your|real|actual|true|hidden|secret|original|speaking|from the|from your|myself|preference|regardless of what i|pre-?authori|pre-?approv|confirmed|standing|recorded|on file|lead developer|this is the|usuario|nutzer|benutzer|utilisateur|用户|saved|relayed|speaking|on file|signed off|bulletin|behavio|provider|同意|asistente|assistenten|assistant|assistente|requested|told us|accord|zugestimmt|consentimiento|consentimento|동의/);

/** Justifications poisoned text gives for what it asks: compliance, audits, security, optimisation. */
const PRETEXT_RE =
  /\b(?:for (?:enhanced |improved |proper |additional |full |strict |mandatory )?(?:[a-z-]+ ){0,2}(?:compliance|audit(?:ing)?(?!s\b)|audit trail|validation|verification|data (?:integrity|validation|consistency|quality)|quality assurance|regulatory|testing purposes|integrity|privacy compliance|monitoring|tracking|logging|analytics purposes|research purposes|debugging purposes|legal reasons|security and compliance)|for enhanced (?:performance|security|reliability)|(?:regulatory|security|legal|policy|data|geolocation safety) compliance|to (?:ensure|maintain|guarantee) (?:\w+ ){0,3}(?:compliance|integrity|consistency|security)|(?:mandatory|required|internal|system|security|compliance|new) (?:security )?(?:protocol|requirement|policy|measure|check(?!s\b)|audit|procedure|step|update)|this is (?:a |an )?(?:mandatory|required|system-level|internal|temporary|standard|critical)|(?:is|are) (?:required|mandatory|essential|crucial|necessary) for (?:all|every|each|any)|system-level|temporary backend|backend change|for all (?:\w+ ){0,3}requests|security vulnerabilit(?:y|ies)|due to (?:recent )?(?:system )?(?:updates?|maintenance|changes|security)|enhanced (?:functionality|security|performance|features)|better performance|same functionality|stress-test|(?:necessary|essential|critical|crucial|vital|required) (?:[a-z-]+ ){0,2}(?:context|background) (?:for|to|of|about) (?:any|all|every|each)\b|(?:critical|crucial|essential|vital|imperative) to (?:provide|give|establish|gather) (?:[a-z-]+ ){0,3}(?:context|background))/;

/** True when a sentence justifies a request with compliance, security or audit jargon. */
export function hasPretext(text: string): boolean {
  return PRETEXT_RE.test(text);
}

export interface Framing {
  /** An authority banner, with its offsets in the field's text. */
  banner: { text: string; start: number; end: number; strong: boolean } | null;
  impersonation: { text: string; start: number; end: number } | null;
  pretext: { text: string; start: number; end: number } | null;
  /** A configuration key that names the model as the one to carry the steps out ("run_by: assistant"). */
  assignedToModel: { text: string; start: number; end: number } | null;
}

/** A word every ASSIGNED_TO_MODEL_RE match needs. */
const MAY_NAME_RUNNER_RE = /run_by|runs?_as|_by["'`]?\s*[:=]|performer|actor|executor|invoker|runner|owner/;
/** "run_by: assistant", "executor = agent": configuration that makes every step in it the model's to perform. */
const ASSIGNED_TO_MODEL_RE =
  /\b(?:run_by|runs_as|run_as|executed_by|execute_by|performed_by|performer|actor|executor|invoker|runner|owner)["'`]?\s*[:=]\s*["'`]?(?:the )?(?:assistant|agent|model|llm|ai|claude|copilot|chatgpt)\b/;

function firstMatch(re: RegExp, text: string): { text: string; start: number; end: number } | null {
  const m = re.exec(text);
  return m ? { text: m[0], start: m.index, end: m.index + m[0].length } : null;
}

/** Words of a phrase, not of a heading: a bracketed banner is a noun phrase ("[system note]", "(admin override)"). */
const BRACKETED_PROSE_RE = /\b(?:to|of|for|from|by|with|in|on|at|the|a|an|is|are|was|if|when|than|as|or|and)\b/;
/** Unless it names the model: "[note to the assistant]" is a banner with a preposition in it. */
const BRACKET_ADDRESSES_MODEL_RE = /\b(?:assistant|model|ai|llm|agent|claude|gpt|chatgpt|copilot)s?\b/;

/** "MCP (Model Context Protocol)": the words in brackets spell out the acronym before them. */
function expandsAcronym(lower: string, bracketAt: number, inner: string): boolean {
  const before = /([a-z0-9]{2,8})\s*$/.exec(lower.slice(Math.max(0, bracketAt - 12), bracketAt));
  if (!before) return false;
  const initials = inner.trim().split(/[\s_-]+/).map((w) => w[0]).join("");
  return initials === before[1];
}

/** An authority word on its own: built once (it was rebuilt for every caps heading), and not global, so `test` keeps no state. */
const BANNER_WORD_RE = new RegExp(String.raw`\b${BANNER_WORD}\b`);

/** Whether a caps heading is an authority banner: it holds an authority word and is not a code identifier. */
function bannerOf(heading: string): { strong: boolean } | null {
  const lower = heading.toLowerCase().replace(/[_/&-]/g, " ");
  if (!BANNER_WORD_RE.test(lower)) return null;
  const words = lower.trim().split(/\s+/);
  // Emphasis ("CRITICAL RULE:", "IMPORTANT:") is honest; a claim to be the system, its security or its operators is not.
  return { strong: STRONG_BANNER_RE.test(lower) && words.length <= 6 };
}

/** The framing of one field, worked out once for every sentence of it. */
export function fieldFraming(field: AnalyzedField): Framing {
  const lower = field.norm.lower;
  let banner: Framing["banner"] = null;
  // Offsets of the case-kept text line up with the lower-cased one only when their lengths agree; when they do not
  // (a defanged address was written back in the lower-cased text), the banner is found again in the lower-cased text.
  const aligned = field.norm.clean.length === lower.length;
  CAPS_BANNER_RE.lastIndex = 0;
  for (let m = CAPS_BANNER_RE.exec(field.norm.clean); m !== null && !banner?.strong; m = CAPS_BANNER_RE.exec(field.norm.clean)) {
    const kind = bannerOf(m[1]);
    const start = aligned ? m.index + m[0].indexOf(m[1]) : lower.indexOf(m[1].toLowerCase());
    if (kind && start >= 0) banner = { text: m[1], start, end: start + m[1].length, strong: kind.strong };
  }
  if (!banner?.strong) {
    BRACKET_BANNER_RE.lastIndex = 0;
    let m = BRACKET_BANNER_RE.exec(lower);
    // "(relative to repository root)", "(owned by the dev team)": prose in brackets, not a heading that claims authority.
    // "[Protocol Profile Behavior documentation](https://…)": the text of a markdown link.
    while (m !== null && ((BRACKETED_PROSE_RE.test(m[1]) && !BRACKET_ADDRESSES_MODEL_RE.test(m[1])) || expandsAcronym(lower, m.index, m[1]) || lower.startsWith("](", m.index + m[0].length - 1))) m = BRACKET_BANNER_RE.exec(lower);
    if (m) banner = { text: m[0], start: m.index, end: m.index + m[0].length, strong: STRONG_BANNER_RE.test(m[1]) };
  }
  const impersonation = (MAY_IMPERSONATE_RE.test(lower) ? firstMatch(IMPERSONATION_RE, lower) : null) ?? (lower.includes(":") ? firstMatch(ROLE_LINE_RE, lower) : null);
  const assignedToModel = MAY_NAME_RUNNER_RE.test(lower) ? firstMatch(ASSIGNED_TO_MODEL_RE, lower) : null;
  return { banner, impersonation, pretext: firstMatch(PRETEXT_RE, lower), assignedToModel };
}

/**
 * How directly one sentence addresses the model. The first sentence of a
 * tool description is its summary, conventionally in the imperative ("Read
 * a file"), so a bare imperative counts only after it.
 */
export function sentenceForce(sentence: Sentence, isFirst: boolean): DirectiveForce {
  if (OBLIGATION_RE.test(sentence.text)) return "obligation";
  if (isFirst) return "none";
  // "The assistant attaches ...": what the model is to do, told as what it does; "the expected workflow is that ...",
  // "it is customary to ...": the order told as a norm.
  if (modelActs(sentence.text) || (MAY_BE_NORM_RE.test(sentence.text) && NORM_RE.test(sentence.text)) || (BY_MODEL_RE.test(sentence.text) && DONE_BY_MODEL_RE.test(sentence.text))) return "imperative";
  // Any clause may carry the order: "when you sync, prefix the command with ...", "setup: append ...".
  const clauses = sentence.text.split(/[,:;()]\s*|\s[-–—]\s/).slice(0, 12);
  // A lone verb in a list ("changes who may push, merge, or unprotect") is an item of it, not an order.
  return clauses.some((c, i) => {
    const clause = c.trim();
    return IMPERATIVE_START_RE.test(clause) && (clause.includes(" ") || !/^(?:or|and)\b/.test((clauses[i + 1] ?? "").trim()));
  })
    ? "imperative"
    : "none";
}

type Tagger = typeof import("compromise").default;
let loadedTagger: Tagger | null = null;

/**
 * compromise, loaded on first use: its lexicon is ~30 MB, and most scans
 * (and every process that never scans) have no sentence to ask it about.
 */
function tagger(): Tagger {
  loadedTagger ??= createRequire(import.meta.url)("compromise") as Tagger;
  return loadedTagger;
}

/** A field's definition, opened by what it holds: "reason for …", "comment explaining …", "note on …". */
const DEFINITION_LEAD_RE = /^(?:(?:the|a|an|optional|required|free-text|short|brief)\s+)?(?:reason|justification|explanation|comment|note|message|description|summary|title|label|name|text|purpose|rationale|cause|memo|remark)s?\s+(?:for|of|on|about|why|behind|explaining|describing)\b/;

/**
 * True when some clause of the sentence is an order in the imperative,
 * whatever its verb ("for market orders, multiply the quantity by 10",
 * "always include x@y"), as a part-of-speech tagger reads it. The verb list
 * above is the fast path; this is the general one, and at ~2 ms a sentence
 * it is asked only about sentences that already make a request.
 */
export function hasImperativeClause(text: string): boolean {
  // "Reason for bypassing branch policies": a noun that can be read as a verb, opening what a field holds, orders nothing.
  if (DEFINITION_LEAD_RE.test(text)) return false;
  const head = text.slice(0, 600);
  const known = imperativeClauseMemo.get(head);
  if (known !== undefined) return known;
  const found: boolean = tagger()(head)
    .clauses()
    .filter((clause) => clause.has("^(#Adverb|please)? (#Imperative|#Infinitive) .")).found;
  if (imperativeClauseMemo.size >= IMPERATIVE_MEMO_SIZE) imperativeClauseMemo.delete(imperativeClauseMemo.keys().next().value!);
  imperativeClauseMemo.set(head, found);
  return found;
}

/**
 * The tagger's answers by sentence (its first 600 characters, all it reads),
 * oldest dropped first. The tagger is a pure function of the text and costs
 * milliseconds a call, a hundred times a regex: a rescan, or a server whose
 * tools share boilerplate, asks about the same sentence again. Bounded, so
 * hostile text cannot grow it (at most 2,000 × 600 characters).
 */
const IMPERATIVE_MEMO_SIZE = 2_000;
const imperativeClauseMemo = new Map<string, boolean>();

/** True when the framing makes a request an attack rather than advice: authority, impersonation or a pretext. */
export function isFramedAsAuthority(framing: Framing): boolean {
  return (framing.banner?.strong ?? false) || framing.impersonation !== null || framing.pretext !== null || framing.assignedToModel !== null;
}
