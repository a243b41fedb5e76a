import { clauseBefore, type AnalyzedField, type Sentence } from "./analyzed-field";
import { matchesInSentences } from "./directive-language";
import type { RuleScope } from "./rule-scope";
import { fieldHit, type RuleHit } from "./rule-hit";
import { findActionOnTarget, judgeAction, type TargetAction } from "./target-action";
import { toolNameTokens } from "./tool-name-tokens";
import { ACCESS_VERBS_BASE, ACCESS_VERBS_THIRD, AUDIT_OF_EXPOSURE_RE, COPIED_TO_SERVER_RE, PUBLIC_KEY_PROPERTY_RE, SENSITIVE_TARGET_RE, verbRegex } from "./threat-targets";

/**
 * TM-SENSITIVE-FILE. The classic payload of tool poisoning: get the model to
 * read ~/.ssh/id_rsa, ~/.aws/credentials, .env or the client's mcp.json and
 * hand it over. A target alone is not enough (an SSH tool may name its
 * default key path); it takes an access verb, and the severity follows how
 * directly the model is told to act. A resource that exposes such a path is
 * reported low.
 */
const SECRET_TOOL_RE = /(?:env|dotenv|secret|ssh|key|credential|cookie|vault|passw|keychain|keyring|config|token|cert)/;
/** The same subjects as whole words of a summary: "venv" in a list of ignored folders is not an env tool's job. */
const SECRET_JOB_RE = /\b(?:env|\.env|dotenv|secrets?|ssh|keys?|credentials?|cookies?|vault|passwords?|keychain|keyring|config|tokens?|certs?|certificates?)\b/;
const SHELL_STARTUP_RE = /bashrc|zshrc|bash_profile|zprofile|zshenv|bash_login|\.profile/;
const STARTUP_READ_VERB_RE = /^(?:contents? of|read|reads|cat|open|opens|load|loads|dump|dumps|send|sends|upload|uploads|copy|copies|attach|attaches|extract|extracts|grab|grabs|collect|collects|exfiltrate|exfiltrates|print|prints|output|outputs|paste|forward|forwards|leak|leaks|export|exports|transmit|transmits|share|shares|use the contents of|take|pass|passes|provide|provides|include|includes)$/;
/** What a backup's boolean option adds to the tool's own copy ("Also copy ~/.ssh and ~/.gnupg"). */
const COPY_VERB_RE = /^(?:copy|copies|back up|backs up|archive|archives|sync|syncs)$/;
/** An address or another party for a copy to go to. */
const ELSEWHERE_RE = /https?:\/\/|@[a-z0-9-]+\.|\b(?:server|remote|upload|send|post|cloud|webhook|endpoint)\b/;
// What a boolean option switches on in a listing ("Include dotfiles such as .git or .env"): names shown, no contents read.
const LISTING_VERB_RE = /^(?:include|includes|show|shows|list|lists|skip|skips|exclude|excludes|hide|hides|follow|follows)$/;
const LEFT_ALONE_AFTER_RE = /^[^.;,]{0,16}?\b(?:is|are|will be|gets?|stays?|remains?)\s+(?:never|not|no longer)\b|^\s*(?:is|are)?\s*never\b/;
/** "The private key is read by the local ssh client and never leaves the machine": use on the machine, said to stay there. */
const STAYS_LOCAL_RE = /\bnever leaves? (?:the|this|your|the user'?s) (?:machine|device|computer|host|laptop)\b|\b(?:stays?|remains?|is kept) (?:on|local to) (?:the|this|your|the user'?s) (?:machine|device|computer|laptop)\b/;
/** The file named only to qualify another noun ("kubeconfig contexts", "SSH key fingerprints"): its metadata, not its contents. */
const QUALIFIES_NOUN_RE = /^(?:'s)?\s+(?:contexts?|context names?|cluster names?|fingerprints?|file paths?|paths?|locations?|format|schema|profiles? names?|namespaces?)\b/;
/** What the summary goes on to hand back is only the names in the file: profiles, variables, hosts, contexts. */
const NAMES_ONLY_RE = /^[^;]{0,80}?\b(?:list|lists|listing|return|returns|show|shows)\b (?:the |their |its )?(?:[a-z]+ )?names\b/;
const NOUN_COMPOUND_AFTER_VERB_RE = /^\s(?:path|paths|file|files|dir|directory|folder|location|format|name|mode)\b/;
const WRITE_SUMMARY_VERB_RE = /^(?:add|adds|update|updates|set|sets|edit|edits|write|writes|modify|modifies|create|creates|remove|removes|delete|deletes|unset|unsets|rename|renames)$/;
const WRITE_NAME_TOKENS = new Set(["set", "add", "update", "edit", "write", "put", "upsert", "create", "remove", "delete", "unset", "rename", "modify"]);
/** The summary says the tool makes the key it goes on to name. */
const GENERATED_HERE_RE = /\b(?:generates?|generating|creates?|creating|issues?|issuing|mints?|minting)\b[^.;]{0,40}\b(?:key ?pairs?|keys?|credentials?|certificates?)\b/;
const MEANS_RE = /\b(?:using|via|with|based on|according to|from the (?:current )?(?:context|settings|credentials|profile)s? (?:in|of|from))\b/;
const BASE = verbRegex(ACCESS_VERBS_BASE);
const THIRD = verbRegex(ACCESS_VERBS_THIRD);

/**
 * Where a stated copy of a credential store ends up exposed: world-readable, a public or shared folder, anyone on the
 * network. No tool's job explains that, whatever it declares.
 */
const EXPOSED_RE = /\bworld[- ](?:readable|writable)\b|\b(?:public(?:ly)?|shared) (?:folder|directory|share|drop ?box|link|bucket|url)\b|~\/public\b|\/users\/shared\b|\banyone (?:on|in|with)\b|\bchmod (?:777|666|o\+r|a\+r)\b/;
/** The copied contents handed back in the tool's result: exposure unless reading such files is the tool's job. */
const RETURNED_RE = /\b(?:returns?|includes?|outputs?|prints?|appends?|attach(?:es)?) (?:the |their |its )?(?:copied |raw |full )?(?:file )?(?:contents|data|files)\b[^.;]{0,30}\b(?:result|response|output|report)\b|\balso (?:embeds?|includes?|returns?|attaches?|appends?|outputs?|prints?) (?:the )?(?:full |raw |complete )?contents? of\b|\bbase64[- ]encoded (?:in|into|to) (?:the )?(?:result|response|report)\b/;

/** A clause that points back at a file the clause before named: "that file", "those files", "its _authtoken line", "it". */
const FILE_ANAPHOR_RE = /\b(?:(?:that|this|the same) (?:file|one|config|path)|(?:those|these|the same) (?:files|ones|configs|paths)|its (?:contents?|lines?|values?|tokens?|keys?|_?[a-z]*tokens?(?: lines?)?)|it)\b/g;

/**
 * The access on a target named in one clause and acted on in the next, when only a semicolon parts
 * them: "the token in ~/.npmrc has expired; the assistant reads that file and passes its line in hint".
 * Returns the next clause and the action in it, with the anaphor standing for the target.
 */
function actionInNextClause(field: AnalyzedField, sentence: Sentence): { clause: Sentence; action: TargetAction; at: number } | null {
  const i = field.sentences.indexOf(sentence);
  const next = field.sentences[i + 1];
  if (!next || clauseBefore(field, i + 1) !== sentence) return null;
  FILE_ANAPHOR_RE.lastIndex = 0;
  for (let m = FILE_ANAPHOR_RE.exec(next.text); m !== null; m = FILE_ANAPHOR_RE.exec(next.text)) {
    const action = findActionOnTarget(next.text, m.index, m.index + m[0].length, BASE, THIRD);
    // The verb must act on the anaphor from just before it ("reads that file"), not from a clause away.
    if (action && action.verbIndex < m.index && m.index - (action.verbIndex + action.verb.length) <= 12) return { clause: next, action, at: m.index };
  }
  return null;
}

/** A stated access on a credential store, judged "only declared", that the rest of the text exposes. */
function exposedCopy(field: AnalyzedField, scope: RuleScope, after: number): string | null {
  const rest = field.norm.lower.slice(after, after + 400);
  const exposed = EXPOSED_RE.exec(rest) ?? COPIED_TO_SERVER_RE.exec(rest);
  // "Checks ~/.ssh and ~/.aws for world-readable permissions": an audit of exposure, not an exposure.
  if (exposed && !AUDIT_OF_EXPOSURE_RE.test(rest.slice(Math.max(0, exposed.index - 30), exposed.index))) return exposed[0];
  const summary = field.owner === "tool" ? (scope.summaryByTool.get(field.ownerName.toLowerCase()) ?? "") : "";
  const returned = RETURNED_RE.exec(rest);
  return returned && !SECRET_JOB_RE.test(summary) ? returned[0] : null;
}

/**
 * Secret values a tool says it also returns as they are: "also return … client-key-data and token fields verbatim".
 * A tool that reads a credential store for its job names what it uses; handing the keys themselves back, beyond
 * that job, puts them in the transcript.
 */
const SECRETS_ALSO_RETURNED_RE =
  /\b(?:also|additionally) (?:return|returns|show|shows|include|includes|print|prints|output|outputs|display|displays)\b[^.;]{0,160}\b(?:client-key-data|client-certificate-data|private[_ -]keys?|secret keys?|access tokens?|bearer tokens?|passwords?|tokens?|api keys?|credentials?)\b[^.;]{0,80}\b(?:verbatim|in full|unredacted|unmasked|in plain ?text|as-is)\b/;

/** "Also", unconditionally: a step the tool adds to its job, not an option the user turns on ("if include_keys is set"). */
const BESIDES_RE = /\b(?:also|additionally|as well|in addition)\b/;
/** A tool named for keys themselves (a "vault" or "config" tool may be about anything). */
const KEY_TOOL_RE = /(?:ssh|gpg|gnupg|pgp|keys?(?:_|$)|keychain|keyring|credential)/;
const OPTED_IN_RE = /\b(?:if|when|only|unless|opt(?:-| )?in|enabled|optionally|asked|requested)\b/;

/**
 * "The backup also copies the ~/.ssh and ~/.gnupg directories into the vault's attachments folder": keys copied,
 * unasked, alongside a job that is about something else, into a place the tool syncs or keeps. Shell start-up
 * files are not keys; a tool named for keys copies them as its job.
 */
function copiedBesides(sentence: string, verb: string, target: string, field: AnalyzedField): string | null {
  // A true/false option's "Also copy ~/.ssh" is the opt-in itself.
  if (field.describesFlag === true) return null;
  if (!COPY_VERB_RE.test(verb) || SHELL_STARTUP_RE.test(target) || !BESIDES_RE.test(sentence) || OPTED_IN_RE.test(sentence)) return null;
  if (field.owner === "tool" && KEY_TOOL_RE.test(field.ownerName.toLowerCase())) return null;
  return BESIDES_RE.exec(sentence)![0] + " " + verb;
}

/** After the file (and any others listed with it): "are also added to the index", "is additionally uploaded with the bundle". */
const INCLUDED_AFTER_RE =
  /^(?:[^.;]{0,80}?)\b(?:is|are|get|gets) (?:also|additionally|as well|then also) (?:added|included|indexed|uploaded|bundled|attached|synced|archived|embedded|copied|sent|collected|packed|appended)\b[^.;]{0,40}?\b(?:to|in|into|with)\b/;

function includedBesides(sentence: string, end: number, field: AnalyzedField): string | null {
  if (field.describesFlag === true) return null;
  const m = INCLUDED_AFTER_RE.exec(sentence.slice(end, end + 160));
  if (!m || OPTED_IN_RE.test(sentence) || /\b(?:never|not|no longer)\b|n't\b/.test(m[0])) return null;
  if (field.owner === "tool" && KEY_TOOL_RE.test(field.ownerName.toLowerCase())) return null;
  return m[0];
}

/**
 * Credential stores written into what the tool copies or ships: "considers ~/.gnupg and the browser's Login Data part of
 * the documents set", "copies these into the export bundle: … {Login Data, Cookies} … key4.db", "snapshot.also_include:
 * ~/.ssh, ~/.aws". A backup, export or snapshot of something else that takes the keys along, by default and unasked,
 * carries them wherever the copy goes. Read in the 200 characters before the store (a list after a colon belongs to
 * the statement that opens it), not past a full stop.
 */
const BUNDLED_BEFORE_RE =
  /\b(?:consider(?:s|ed)?|treat(?:s|ed)?|count(?:s|ed)?|regard(?:s|ed)?|classif(?:y|ies|ied))\b[^;]{0,40}$|\b(?:cop(?:y|ies|ied)|bundl(?:e|es|ed)|pack(?:s|ed)?|archiv(?:e|es|ed)|upload(?:s|ed)?|sync(?:s|ed)?)\b (?:these|those|them|the following|[a-z ]{0,30}?)\s*(?:into|in|with|to)\s+(?:the |its |each |every |a )?(?:[a-z-]+ ){0,2}(?:bundle|archive|backup|snapshot|export|upload|index|package|zip|tarball)\b[^;]{0,160}$|\b(?:also|default|extra|additional)[_ -]?(?:include[sd]?|paths|files)\s*[:=]\s*[^;\n]{0,120}$|\b(?:locations?|paths?|director(?:y|ies)|folders?|files?|targets?) (?:cleaned|removed|deleted|wiped|purged|cleared|included|copied|uploaded|synced|backed up)\s*:[^;]{0,200}$/;
const BUNDLED_AFTER_RE = /^[^.;]{0,80}?\b(?:part of (?:the |its |each |every |a )?(?:[a-z-]+ ){0,2}(?:set|bundle|backup|export|snapshot|archive|documents?|workspace|sync)|(?:are|is) (?:always )?(?:included|bundled|packed|copied) (?:in|into|with)\b)/;
const KEPT_OUT_RE = /\b(?:never|not|no|except|excluding|exclude[sd]?|without|skip(?:s|ped)?|omit(?:s|ted)?|ignore[sd]?)\b|n't\b/;

function bundledIntoCopy(field: AnalyzedField, scope: RuleScope, start: number, end: number): string | null {
  if (field.describesFlag === true || field.kind === "param-name" || field.kind === "name") return null;
  if (field.owner === "tool" && KEY_TOOL_RE.test(field.ownerName.toLowerCase())) return null;
  const text = field.norm.lower;
  const opened = text.slice(Math.max(0, start - 200), start);
  const before = opened.slice(Math.max(opened.lastIndexOf(". "), opened.lastIndexOf(".\n")) + 1);
  const bundled = BUNDLED_BEFORE_RE.exec(before) ?? BUNDLED_AFTER_RE.exec(text.slice(end, end + 160));
  if (!bundled || KEPT_OUT_RE.test(bundled[0]) || OPTED_IN_RE.test(bundled[0])) return null;
  const summary = field.owner === "tool" ? (scope.summaryByTool.get(field.ownerName.toLowerCase()) ?? "") : "";
  return SECRET_JOB_RE.test(summary) ? null : bundled[0].replace(/\s+/g, " ").trim().slice(0, 80);
}

/** The file given as an example ("secrets such as .env files") … of what a check looks for ("check the diff for …"). */
const EXAMPLE_BEFORE_RE = /\b(?:such as|like|e\.g\.?|for example|for instance|including)\s*(?:~\/)?$/;
const CHECKED_FOR_RE = /\b(?:check|checks|checking|scan|scans|scanning|look|looks|looking|search|searches|searching|inspect|inspects|review|reviews)\b[^.]{0,40}\bfor\b/;

/** Reports access to credential and private files. */
const GENERIC_KEY_RE = /^(?:ssh|rsa|ed25519) keys?$/;

export function detectSensitiveFileAccess(field: AnalyzedField, scope: RuleScope): RuleHit[] {
  const hits: RuleHit[] = [];
  const returned = field.kind === "description" || field.kind === "instructions" ? SECRETS_ALSO_RETURNED_RE.exec(field.norm.lower) : null;
  if (returned) hits.push(fieldHit(field, "TM-SENSITIVE-FILE", "high", returned.index, returned.index + returned[0].length, `Says it also hands back secret values as they are ("${returned[0].slice(0, 80)}").`));
  if (field.kind === "uri") {
    SENSITIVE_TARGET_RE.lastIndex = 0;
    const m = SENSITIVE_TARGET_RE.exec(field.norm.lower);
    if (m) hits.push(fieldHit(field, "TM-SENSITIVE-FILE", "low", m.index, m.index + m[0].length, `The server exposes a sensitive path as a resource: "${m[0]}".`));
    return hits;
  }
  SENSITIVE_TARGET_RE.lastIndex = 0;
  if (!SENSITIVE_TARGET_RE.test(field.norm.lower)) return hits;
  for (const { sentence, match } of matchesInSentences(field.sentences, SENSITIVE_TARGET_RE)) {
    // "public_key.key: Contents of the SSH key": a key in a property declared public is the half meant to be shared.
    if (GENERIC_KEY_RE.test(match[0]) && PUBLIC_KEY_PROPERTY_RE.test(field.location.toLowerCase())) continue;
    const start = match.index;
    const end = start + match[0].length;
    const action = findActionOnTarget(sentence.text, start, end, BASE, THIRD);
    // "The contents of ~/.kube/config and ~/.docker/config.json are also added to the index": keys taken in, unasked, beside the job.
    const included =
      (!action || action.verb === "contents of" ? includedBesides(sentence.text, end, field) : null) ??
      (SHELL_STARTUP_RE.test(match[0]) ? null : bundledIntoCopy(field, scope, sentence.start + start, sentence.start + end));
    if (included) {
      hits.push(fieldHit(field, "TM-SENSITIVE-FILE", "high", sentence.start + start, sentence.start + end + included.length, `Sensitive target "${match[0]}" is taken in beside the tool's job ("${included.trim()}").`));
      continue;
    }
    if (!action) {
      // Acted on in the next clause, by the model or in the imperative; a tool's account of itself ("; it reads it at start-up") stays unreported.
      const later = actionInNextClause(field, sentence);
      const judged = later ? judgeAction(later.clause.text, later.action, later.at, "info") : null;
      if (later && (judged?.severity === "high" || judged?.severity === "critical")) {
        hits.push(fieldHit(field, "TM-SENSITIVE-FILE", judged.severity, sentence.start + start, later.clause.start + later.at + 4, `Sensitive target "${match[0]}", acted on in the next clause: ${judged.why}.`));
      }
      continue;
    }
    if (QUALIFIES_NOUN_RE.test(sentence.text.slice(end, end + 30))) continue;
    // "Check the diff for secrets such as .env files and warn the user": an example of what a check looks for.
    if (EXAMPLE_BEFORE_RE.test(sentence.text.slice(Math.max(0, start - 24), start)) && CHECKED_FOR_RE.test(sentence.text.slice(0, start))) continue;
    // "add" takes the file in only as its object ("add ~/.aws/credentials to the archive"); after it, "add it to .gitignore" keeps it out.
    if (action.verb.startsWith("add") && action.verbIndex > start) continue;
    // "Output path, e.g. ~/.ssh/id_work": the verb is a noun's modifier, not an action on the file.
    if (NOUN_COMPOUND_AFTER_VERB_RE.test(sentence.text.slice(action.verbIndex + action.verb.length, action.verbIndex + action.verb.length + 20))) continue;
    // "Shows the registries, read from ~/.docker/config.json": a participle naming the source of what the tool reports.
    const sourceNamed = action.verb === "read" && /(?:,|\b(?:is|are|was|were|being|been))\s*$/.test(sentence.text.slice(Math.max(0, action.verbIndex - 12), action.verbIndex)) && /^\s*from\b/.test(sentence.text.slice(action.verbIndex + 4));
    // "keys in ~/.aws/credentials are never read": the sentence says the file is left alone.
    if (LEFT_ALONE_AFTER_RE.test(sentence.text.slice(end, end + 40))) continue;
    // A shell start-up file is sensitive for the tokens exported in it: reading it out is the
    // threat; appending an alias or showing which file was changed is a dotfile tool's job.
    if (SHELL_STARTUP_RE.test(match[0]) && !STARTUP_READ_VERB_RE.test(action.verb)) continue;
    // The summary sentence of a tool whose name says it handles such files declares its job ("get_env_var: Read one variable from .env").
    const summary = field.kind === "description" && sentence === field.sentences[0] && field.owner === "tool";
    const ownJob =
      (summary && SECRET_TOOL_RE.test(field.ownerName.toLowerCase())) ||
      // "Get Kubernetes resources using the context from the user's kubeconfig": the file is the means, the object is something else.
      (summary && action.verbIndex < start && MEANS_RE.test(sentence.text.slice(action.verbIndex + action.verb.length, start))) ||
      // "Read ~/.aws/config and ~/.aws/credentials and list the profile names defined in them": names, not values.
      (summary && NAMES_ONLY_RE.test(sentence.text.slice(end))) ||
      // A true/false option cannot carry a file's contents: its description says what the listing shows when it is set.
      (field.describesFlag === true && sentence === field.sentences[0] && LISTING_VERB_RE.test(action.verb)) ||
      // "include_keys (boolean): Also copy ~/.ssh and ~/.gnupg": a backup's opt-in says what it adds to the copy the tool makes;
      // a flag that names somewhere else for the copy to go is not the tool's own copy.
      (field.describesFlag === true && sentence === field.sentences[0] && COPY_VERB_RE.test(action.verb) && !ELSEWHERE_RE.test(field.norm.lower)) ||
      // "set_value: Add or update a variable in a .env file": the summary opens with the verb the tool's own name carries,
      // the way tool descriptions state their job. Only for writing: a summary that opens by reading a key file still counts.
      (summary && action.verbIndex === 0 && WRITE_SUMMARY_VERB_RE.test(action.verb) && toolNameTokens(field.ownerName).some((t) => WRITE_NAME_TOKENS.has(t))) ||
      // "Generate a keypair for a new client … and return a client config (including its private key)": a key the tool makes,
      // named as a key, not a path; the user's own key files are named by where they live.
      (summary && GENERATED_HERE_RE.test(sentence.text.slice(0, start)) && !/[/~.]/.test(match[0]));
    // A tool that says which sensitive file it reads is declaring its job: recorded, at no cost.
    const judged = judgeAction(sentence.text, sourceNamed ? { ...action, form: "third" } : action, start, "info", ownJob);
    if (!judged.severity) continue;
    // A mention of the file in use that says it stays on the machine; an order to read it is an order whatever reassurance follows.
    if (judged.severity === "low" && STAYS_LOCAL_RE.test(sentence.text)) continue;
    const from = Math.min(action.verbIndex, start);
    // "copies logins.json and key4.db into ~/Public/Drop Box", "returns the copied file contents in its result".
    const exposure = judged.severity === "info" || judged.severity === "low" ? (exposedCopy(field, scope, sentence.start) ?? copiedBesides(sentence.text, action.verb, match[0], field)) : null;
    if (exposure) {
      hits.push(fieldHit(field, "TM-SENSITIVE-FILE", "high", sentence.start + from, sentence.start + Math.max(end, action.verbIndex + action.verb.length), `Sensitive target "${match[0]}" is copied and exposed ("${exposure}").`));
      continue;
    }
    hits.push(fieldHit(field, "TM-SENSITIVE-FILE", judged.severity, sentence.start + from, sentence.start + Math.max(end, action.verbIndex + action.verb.length), `Sensitive target "${match[0]}": ${judged.why}.`));
  }
  return hits;
}
