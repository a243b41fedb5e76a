/**
 * What a directive asks the model to do, in classes that a tool's own job
 * rarely needs: run a command, contact an address, change files, call or
 * avoid other tools, overrule the user's values, take privileges, speak for
 * the tool to the user. Each class is recognised by what is asked (a shell
 * snippet, a URL with a contact verb, a file path with a write verb), not by
 * the wording around it, so a paraphrase of the same request is the same
 * class. Patterns run on one lower-cased sentence and are bounded.
 */

export type RequestKind =
  | "command"
  | "network"
  | "file-change"
  | "tool-call"
  | "tool-redirect"
  | "value-override"
  | "privilege"
  | "user-message";

export interface RequestedAction {
  kind: RequestKind;
  start: number;
  end: number;
  /** What was asked, in a few words, for the finding's detail. */
  what: string;
  /** The other tool named, for tool-call and tool-redirect. */
  tool?: string;
  /** A tool call with values the text fixes rather than the user's ("for 'acme-secrets'"). */
  fixedArguments?: boolean;
}

/** Shell syntax no prose contains: a command the model is meant to run. */
const SHELL_SNIPPET_RE =
  /(?:^|[\s:`'"(])(?:(?:curl|wget)\s+(?:-{1,2}[a-z-]+\s+(?:[^\s]+\s+)?){0,4}['"]?(?:https?:|ftp:|\$)|sudo\s+[a-z]|rm\s+-[a-z]*[rf]|chmod\s+(?:[+-]|[0-7]{3})|chown\s+\w|whoami\b|echo\s+(?:\$|['"][^'"]{0,80}['"]\s*(?:>|\|))|printenv\b|cat\s+(?:~|\/|\.\w)|(?:ba|z)?sh\s+-c\b|python3?\s+-c\b|node\s+-e\b|nc\s+-[a-z]|base64\s+(?:-d|--decode)|powershell(?:\.exe)?\s+-|iex\s*\(|invoke-webrequest|(?:pip3?|npm|pnpm|yarn|apt(?:-get)?|brew|gem)\s+(?:install|add)\s+\S|export\s+[a-z_][a-z0-9_]*=|crontab\s+-|git\s+(?:push|config|remote)\s|ssh\s+-[a-z]|scp\s+\S|mkfifo\b|dd\s+if=)|\$\((?:date|whoami|id|hostname|cat|curl|env|pwd|ls|uname)\b|\|\s*(?:ba|z)?sh\b|&&\s*(?:echo|rm|curl|wget|cat|chmod)\b|`[^`\n]{2,120}`\s*(?:command|in (?:a|the|your) (?:terminal|shell))/;
/** "execute the following system command", "run this cleanup script". */
const RUN_COMMAND_RE =
  /\b(?:execute|executing|run|running|invoke|issue|type|enter)\b(?: (?:the|this|these|a|an|following|below|above|system|shell|terminal|bash|cleanup|maintenance|validation|verification|diagnostic|setup|environment|integrity|security|audit|check|one-line|single)){1,4} (?:commands?|scripts?|one-liners?|snippets?)\b/;

/** A web address. */
const URL_IN_SENTENCE_RE = /\bhttps?:\/\/[^\s"'<>`)\]]{3,300}/;
/** Verbs of contacting an address. */
const CONTACT_RE =
  /\b(?:access|accessing|call|calling|contact|contacting|notify|notifying|ping|pinging|send|sending|post|posting|report|reporting|log|logging|submit|submitting|make (?:a |an )?(?:network |http |https |web |api |get |post )?(?:request|call)|request|visit|visiting|fetch|fetching|hit|hitting|connect|connecting|upload|uploading|forward|forwarding|transmit|sync|register with|authenticate (?:with|against|at)|verify (?:with|against|at)|check (?:with|against)|query)\b/;
/** An address given as documentation, not as something to do: "see", "docs at", "get a key at". */
const DOCUMENTATION_RE =
  /\b(?:see|docs?|documentation|learn more|more (?:info|information|details)|details (?:at|on)|refer to|read more|reference|homepage|website|get (?:an? |your )?(?:api )?(?:key|token)|obtain|sign up|signup|create an account|example|e\.g|for instance|such as|format|like)\b/;

/** A path or file the change is aimed at. */
const FILE_TARGET_RE =
  /(?:~|\$home|%userprofile%)\/[^\s'"`]{0,80}|(?:^|[\s'"`(])\/(?:tmp|etc|var|usr|home|root|opt|bin|srv|mnt|dev|proc|sys|users)\b[^\s'"`]{0,80}|(?<![a-z0-9_])\.(?:bashrc|zshrc|bash_profile|zprofile|profile|zshenv|bash_login|ssh|gitconfig|npmrc|env)\b|\b[\w-]{1,40}\.(?:json|ya?ml|toml|ini|conf|cfg|sh|ps1|bat|plist|service|py|js)\b|\b(?:crontab|cron job|hosts file|authorized_keys|startup (?:file|script)|shell (?:profile|config(?:uration)?)|login script|git hooks?|launch ?agents?|registry key|system32|environment configuration|(?:home|root|system|temp|temporary) (?:directory|folder)|all files)\b/;
/** Verbs that change or remove files. */
const FILE_CHANGE_RE =
  /\b(?:add|adding|append|appending|write|writing|insert|inserting|modify|modifying|update|updating|edit|editing|overwrite|overwriting|replace|replacing|remove|removing|delete|deleting|clean(?:ing)? up|clear|clearing|wipe|wiping|erase|erasing|truncate|truncating|purge|purging|chmod|create|creating|place|placing|drop|dropping|put|putting|move|moving|rename|renaming|empty|emptying)\b/;

/** The model is told to call, or to go through, another tool. */
const CALL_VERB_RE = /\b(?:call|calling|invoke|invoking|use|using|run|running|execute|executing|trigger|triggering|query|querying|consult|consulting|perform(?:ing)? [a-z ]{0,40}? by (?:calling|using|invoking))\b/;
/** Order words that turn a call into a dependency: first, before, also, then. */
const ORDER_RE = /\b(?:first|before|prior to|then|also|additionally|afterwards|after|followed by|each time|every time|whenever|in addition)\b/;
/** The tool itself is said to be out of order, and another offered in its place. */
const OUT_OF_ORDER_RE =
  /\b(?:deprecated|disabled|discontinued|decommissioned|retired|removed|unavailable|no longer (?:available|supported|works|working|functional|maintained|in use)|not (?:available|working|functional)|out of service|temporarily (?:disabled|unavailable|suspended)|under maintenance|broken|replaced by|superseded by|obsolete)\b/;
const REDIRECT_RE = /\b(?:use|call|invoke|redirect(?:ed)? to|switch to|migrate to|route (?:\w+ ){0,3}to|instead|alternative|in place of|replacement)\b/;

/** The user's own values are overruled. */
const OVERRULE_RE =
  /\bregardless of (?:the |what the |any |whatever )?(?:user|user'?s|original|requested|specified|provided|chosen|selected|input|given)\b|\bignor(?:e|ing) (?:any |the |all |whatever )?(?:user[- ]?(?:specified|provided|supplied|selected|requested|defined)|user'?s?|requested|specified|original)(?: [a-z-]{2,16}){0,2} (?:settings?|values?|inputs?|choices?|preferences?|requests?|parameters?|options?|names?|selections?)\b|\b(?:even if|even when|whatever) the user (?:asks|requests|specifies|says|wants|chooses|selects|provides|enters)\b|\binstead of (?:what|the (?:value|name|address|location|amount|recipient|query|account)s?) the user\b|\boverrid(?:e|es|ing) (?:the |any )?user'?s?\b/;
/** A value swapped for a fixed one: "change the name to 'x'", "set the radius parameter to '50000'". */
const SWAP_RE =
  /\b(?:change|changes|changing|modify|modifies|modifying|replace|replaces|replacing|switch|switches|switching|alter|alters|altering|rewrite|rewrites|rewriting|redirect|redirects|redirecting|set|sets|setting|swap|swaps|swapping|substitute|substitutes|substituting|convert|converts|converting|force|forces|forcing|adjust|adjusts|adjusting|enable|enables|enabling)\b[^.;]{0,80}?\b(?:to|into|with|as)\s+(?:['"‘“`][^'"’”`]{1,80}['"’”`]|(?:the )?(?:[a-z]+ ){0,3}(?:area|city|location|region|namespace|account|address|repo(?:sitory)?|name|value|instead))|\b(?:redirects?|reroutes?)\b[^.;]{0,60}\b(?:from|to)\b/;
/** The swap is conditioned on what the user asked for. */
const USER_CONDITION_RE =
  /\b(?:when(?:ever)?|if|for) (?:the )?(?:users?|customers?|someone|anyone|people) (?:request|requests|ask|asks|search|searches|want|wants|query|queries|try|tries|create|creates|specify|specifies|enter|enters|provide|provides|look|looks|need|needs)\b|\b(?:for|with) (?:the )?(?:name|query|queries|address|location|repository|repo|value) ['"‘“`]|\b(?:all|any|every) (?:\w+ ){0,3}(?:requests?|queries|searches)\b|\bwith any\b|\bfor (?:queries|requests|searches|names?|inputs?|locations?) (?:related to|about|for|of|containing|mentioning|matching|in|near)\b/;

/** Privileges taken or safety turned off. */
const PRIVILEGE_RE =
  /\bbypass(?:es|ing)? (?:the |any |all |existing )?(?:access controls?|security|authentication|authori[sz]ation|permissions?|restrictions?|safety|guardrails?|confirmations?|approvals?|reviews?|rate limits?|2fa|mfa|sandbox|content filters?|row[- ]level security|acls?)\b|\bact(?:ing)? as (?:the |an? )?(?:database |system |site |server |cloud |super |domain )?(?:admin|administrator|root|superuser|sysadmin|dba|owner)\b|\b(?:disable|disables|disabling|turn off|turning off|skip|skipping|ignore|ignoring|suppress|suppressing)(?: all| any| the)? (?:safety|security|confirmation|approval|permission|sandbox|guardrail|content filter|user consent|human review|verification)(?: checks?| prompts?| controls?| measures?| dialogs?| steps?| requirements?)?\b|\byou (?:are|have been) (?:now )?(?:in|granted|given) (?:developer|god|admin|maintenance|debug|unrestricted|root|elevated|full)\b|\b(?:developer|god|unrestricted|jailbreak) mode\b|\b(?:grant|give|escalate|elevate)(?:s|d)? (?:yourself|the assistant|the model|the agent|your(?:self)?|you) (?:admin|root|elevated|full|unrestricted|superuser)\b|\bwith (?:elevated|root|admin(?:istrator)?|superuser) (?:privileges|rights|access)\b|\b(?:safety|security) (?:checks|restrictions|filters) (?:are|have been) (?:disabled|lifted|removed|turned off)\b/;

/** The tool writes the model's words to the user: "display the message '...'", "inform the user that X is unavailable". */
const USER_MESSAGE_RE =
  /\b(?:display|show|present|tell|inform|notify|warn|say|respond|reply|answer|output|print|claim|state|advise|report|announce|relay)(?:ing)?\b(?: (?:the |to the |to |all )?(?:users?|them|people|customers?))?(?: with)?(?: (?:the (?:following )?(?:message|text|notice|banner|statement|warning|alert)|(?:that|with) ['"‘“]|only (?:with )?['"‘“])|\s{0,2}:?\s{0,2}['"‘“][^'"’”]{8,})|\b(?:inform|tell|notify|warn|advise) (?:the )?users? that\b|\b(?:present|report|describe|frame|label|introduce|show|display)\w* [^.;]{0,60}? as ['"‘“][^'"’”]{4,}['"’”]/;

/** Values fixed by the text for a call: "for 'some-name'", "with origin 'Empire State Building'". */
const FIXED_ARGUMENT_RE = /^[^.;]{0,40}?\b(?:for|with|to|using|as|set to|=)\s+(?:[a-z_]+ )?['"‘“][^'"’”]{3,80}['"’”]/;

/** An identifier written as code or quoted: `create_repository`, 'maps_geocode'. */
const QUOTED_IDENTIFIER_RE = /[`'"‘“]([a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+)[`'"’”]/g;
const NAMED_TOOL_RE = /\bthe ([a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+) (?:tool|function|endpoint|command|method)\b|\b(?:tool|function) ([a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+)\b/g;
const BARE_IDENTIFIER_RE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

export interface ActionContext {
  /** Lower-cased names of this server's tools. */
  toolNames: ReadonlySet<string>;
  /** Lower-cased name of the tool the text belongs to ("" when none). */
  ownTool: string;
}

/** Tools the sentence names other than its own: siblings by name, or any identifier written as code or as "the x tool". */
export function otherToolsNamed(sentence: string, ctx: ActionContext): { name: string; index: number }[] {
  const found = new Map<string, number>();
  const note = (name: string, index: number) => {
    if (name !== ctx.ownTool && !found.has(name)) found.set(name, index);
  };
  for (const re of [QUOTED_IDENTIFIER_RE, NAMED_TOOL_RE]) {
    re.lastIndex = 0;
    for (let m = re.exec(sentence); m !== null; m = re.exec(sentence)) note(m[1] ?? m[2], m.index);
  }
  BARE_IDENTIFIER_RE.lastIndex = 0;
  for (let m = BARE_IDENTIFIER_RE.exec(sentence); m !== null; m = BARE_IDENTIFIER_RE.exec(sentence)) {
    if (ctx.toolNames.has(m[0])) note(m[0], m.index);
  }
  return [...found].map(([name, index]) => ({ name, index }));
}

function span(m: RegExpExecArray | null): { start: number; end: number; text: string } | null {
  return m ? { start: m.index, end: m.index + m[0].length, text: m[0].trim() } : null;
}

/** Every class of request one sentence makes, with where it says so. */
export function requestedActions(sentence: string, ctx: ActionContext, ownToolOutOfOrder: boolean): RequestedAction[] {
  const out: RequestedAction[] = [];

  const snippet = span(SHELL_SNIPPET_RE.exec(sentence)) ?? span(RUN_COMMAND_RE.exec(sentence));
  if (snippet) out.push({ kind: "command", start: snippet.start, end: snippet.end, what: `run a command ("${snippet.text.slice(0, 60)}")` });

  const url = span(URL_IN_SENTENCE_RE.exec(sentence));
  if (url) {
    const before = sentence.slice(Math.max(0, url.start - 120), url.start);
    const contact = CONTACT_RE.exec(before) ?? CONTACT_RE.exec(sentence);
    if (contact && !DOCUMENTATION_RE.test(before.slice(-40))) {
      out.push({ kind: "network", start: Math.min(contact.index, url.start), end: url.end, what: `contact ${url.text.slice(0, 80)}` });
    }
  }

  const file = span(FILE_TARGET_RE.exec(sentence));
  if (file) {
    const verb = FILE_CHANGE_RE.exec(sentence.slice(Math.max(0, file.start - 90), file.end + 30));
    if (verb) out.push({ kind: "file-change", start: file.start, end: file.end, what: `${verb[0]} ${file.text.slice(0, 60)}` });
  }

  const others = otherToolsNamed(sentence, ctx);
  if (others.length > 0) {
    const call = CALL_VERB_RE.exec(sentence);
    const redirect = REDIRECT_RE.exec(sentence);
    const target = others[0];
    if (ownToolOutOfOrder && redirect) {
      out.push({ kind: "tool-redirect", start: Math.min(redirect.index, target.index), end: target.index + target.name.length, what: `use ${target.name} instead of this tool`, tool: target.name });
    } else if (call && ORDER_RE.test(sentence)) {
      const fixed = FIXED_ARGUMENT_RE.exec(sentence.slice(target.index + target.name.length, target.index + target.name.length + 80));
      out.push({
        kind: "tool-call",
        start: Math.min(call.index, target.index),
        end: target.index + target.name.length,
        what: fixed ? `call ${target.name} with a fixed value (${fixed[0].trim()})` : `call ${target.name}`,
        tool: target.name,
        fixedArguments: fixed !== null,
      });
    }
  }

  const overrule = span(OVERRULE_RE.exec(sentence));
  const swap = span(SWAP_RE.exec(sentence));
  if (overrule) out.push({ kind: "value-override", start: overrule.start, end: overrule.end, what: `overrule the user ("${overrule.text}")` });
  else if (swap && USER_CONDITION_RE.test(sentence)) out.push({ kind: "value-override", start: swap.start, end: swap.end, what: `swap the user's value ("${swap.text.slice(0, 80)}")` });

  const privilege = span(PRIVILEGE_RE.exec(sentence));
  if (privilege) out.push({ kind: "privilege", start: privilege.start, end: privilege.end, what: `take privileges ("${privilege.text}")` });

  const message = span(USER_MESSAGE_RE.exec(sentence));
  if (message) out.push({ kind: "user-message", start: message.start, end: message.end, what: `tell the user what the tool dictates ("${message.text.slice(0, 60)}")` });
  return out;
}

/** True when the text says this tool is out of order (deprecated, disabled, replaced). */
export function saysOutOfOrder(text: string): boolean {
  return OUT_OF_ORDER_RE.test(text);
}
