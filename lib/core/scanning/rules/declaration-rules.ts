import type { Severity } from "../../findings";
import type { DiscoveredTool, Discovery } from "../scan-outcome";
import { isNegatedBefore } from "./directive-language";
import { plainHit, type RuleHit } from "./rule-hit";
import { statedDestructiveEffect } from "./stated-effects";
import { toolNameTokens } from "./tool-name-tokens";
import { isObjectSchema, schemaParams } from "./tool-schema";

/**
 * Declaration accuracy: does the server say honestly what it offers?
 * Annotations are hints a client uses to decide whether to ask the user
 * before a call, so a destructive tool marked read-only is a lie with
 * consequences. Also: tools without descriptions or schemas, undeclared
 * capabilities, duplicate names and listings the scan could not complete.
 */
const DESTRUCTIVE = new Set(["delete", "remove", "drop", "destroy", "purge", "erase", "wipe", "truncate", "kill", "terminate", "revoke", "uninstall", "format", "rm", "unlink", "rmdir", "shred", "nuke", "reset", "clear"]);
const WRITES = new Set([
  "write", "create", "update", "send", "post", "put", "set", "insert", "upload", "move", "rename", "edit", "modify", "push", "publish",
  "execute", "exec", "run", "add", "patch", "save", "append", "merge", "deploy", "transfer", "pay", "commit", "replace", "apply",
  "trigger", "submit", "install", "grant", "assign", "approve", "email", "invite", "archive", "book", "cancel",
]);
const DISK_WORDS = new Set(["disk", "drive", "volume", "partition", "filesystem", "fs", "device", "usb", "sd", "card"]);
/** The tool's own throwaway state: what a reset or clear of it discards is rebuilt on the next call. */
const SCRATCH_STATE = new Set(["sandbox", "session", "cache", "state", "interpreter", "kernel", "context", "screen", "console", "selection", "filter", "filters", "form", "scratch", "temp", "tmp", "buffer", "highlights", "zoom", "view"]);
const OPEN_WORLD = new Set(["http", "fetch", "webhook", "curl", "email", "mail", "tweet", "browse", "navigate", "download", "scrape", "crawl"]);
/** The description says the tool cannot write: "inside a read-only transaction", "SELECT statements only". */
const STATED_READ_ONLY_RE =
  /\bread[- ]only (?:transactions?|mode|connections?|access|replicas?|users?|roles?|sessions?|accounts?|credentials?|queries|sql)\b|\b(?:select|read) (?:statements?|queries) only\b|\bonly (?:select|read-only) (?:statements?|queries)\b|\b(?:writes?|write operations|insert|update|delete|alter|drop)\b[^.;]{0,40}\b(?:fail|(?:are|is|get|will be) (?:rejected|refused|blocked|denied|not allowed|disabled))\b|\bread_?only\s*[=:]\s*(?:1|true|on)\b|只读|唯讀|読み取り専用|リードオンリー|읽기 전용|\b(?:solo|sólo) lectura\b|\b(?:somente|apenas) leitura\b|\ben lecture seule\b|\bnur lesend\b|\bsola lettura\b|\bтолько для чтения\b|\bsalt okunur\b/;
/** The description says the tool writes or sends to something kept or outside: what makes a write verb in the name more than a word. */
const DESCRIBED_WRITE_RE =
  /\b(?:writes?|sends?|posts?|publish(?:es)?|uploads?|saves?|stores?|commits?|pushes?|deploys?|installs?|transfers?|pays?|charges?|e-?mails?|inserts?|deletes?|creates?|modif(?:y|ies)|updates?|overwrites?|submits?|appends?)\b(?! (?:progress|status)\b)[^.;]{0,80}\b(?:files?|disk|database|db|tables?|records?|rows?|repositor(?:y|ies)|branch(?:es)?|issues?|messages?|e-?mails?|channels?|server|remote|cloud|bucket|accounts?|webhooks?|endpoints?|urls?|api|calendars?|events?|documents?|pages?|users?|payments?|orders?|inbox|mailbox|workspace|project|folder|directory)\b/;
/** First words of a tool that rehearses or checks an act without doing it. */
const REHEARSAL_VERBS = new Set(["preview", "simulate", "plan", "estimate", "validate", "check", "diff", "dryrun"]);
/** Verbs that say only that something is run, and objects of theirs that read: "run_query", "execute_report". */
const GENERIC_RUNNERS = new Set(["run", "execute", "exec"]);
const READ_OBJECTS = new Set(["query", "queries", "report", "reports", "search", "analysis", "lookup", "select", "explain"]);
/** Writes a query tool's text may name: then its read-only hint is contradicted, not merely unproven. */
const WRITE_STATEMENT_RE = /\b(?:insert|update|delete|drop|alter|create|truncate|merge|grant|ddl|dml|writes?|modif(?:y|ies)|mutations?)\b/;
/** Writes allowed only when a setting of the operator's says so: "allowed only if the statement type is in X_ALLOWED_STATEMENTS". */
const WRITES_SWITCHED_ON_RE =
  /\b(?:is|are) (?:only )?(?:allowed|permitted|enabled|possible|available|accepted) only (?:if|when|with|after)\b[^.;]{0,80}?(?:\b[a-z0-9]+_[a-z0-9_]+\b|--[a-z][a-z-]+|\b(?:setting|flag|option|config(?:uration)?|environment variable)\b)|\bonly (?:if|when) [a-z0-9]+_[a-z0-9_]+\s*(?:=|is)\s*(?:true|1|yes|on|enabled)\b/;
/** "drop-in" names a replacement, not the verb. */
const DESTRUCTIVE_DESCRIPTION_RE = /\b(?:permanently|irreversibl[ey]|deletes?|removes?|drops?(?!-in)|destroys?|overwrites?|wipes?|erases?|truncates?)\b/;

function ownerKey(tool: DiscoveredTool): string {
  return `tool:${tool.name}`;
}

/** One annotation finding; its location and evidence are built only when there is one (most tools have none). */
function annotationHit(tool: DiscoveredTool, a: Record<string, unknown>, severity: Severity, detail: string): RuleHit {
  const evidence = JSON.stringify(a).slice(0, 160);
  return plainHit("DA-ANNOTATION-MISMATCH", severity, `tools/${tool.name}/annotations`, detail, `${tool.name} ${evidence}`, ownerKey(tool));
}

function annotationHits(tool: DiscoveredTool): RuleHit[] {
  const a = tool.annotations ?? {};
  const tokens = toolNameTokens(tool.name);
  const verb = tokens[0] ?? "";
  // "format" wipes a disk, or pretty-prints a document: destructive only beside a disk word.
  const destructiveWord = (t: string | undefined) => t !== undefined && DESTRUCTIVE.has(t) && (t !== "format" || tokens.some((x) => DISK_WORDS.has(x)));
  // "preview_delete", "dry_run_purge", "plan_destroy": a rehearsal of the destructive act, which removes nothing.
  const rehearsal = REHEARSAL_VERBS.has(verb) || (verb === "dry" && tokens[1] === "run");
  const destructive = !rehearsal && (destructiveWord(verb) || destructiveWord(tokens[tokens.length - 1]));
  const writes = WRITES.has(verb);
  const hits: RuleHit[] = [];

  if (a.readOnlyHint === true) {
    const description = (tool.description ?? "").toLowerCase();
    // Both tests are pure: each is run only when the branch before it did not decide.
    const stated = destructive ? null : statedDestructiveEffect(description);
    if (destructive) hits.push(annotationHit(tool, a, "high", `"${tool.name}" reads as destructive but is marked readOnlyHint: true, so clients may run it without asking.`));
    // The tool's own description says what it does to stored things or money: the annotation contradicts it.
    else if (stated) hits.push(annotationHit(tool, a, "high", `"${tool.name}" says it ${stated.text.replace(/^(?:the |all |any )/, "")} but is marked readOnlyHint: true, so clients may run it without asking.`));
    // "run_query: Runs a query inside a READ ONLY transaction": the verb is generic, and the text says how reads are enforced.
    // "run_query: Run a SQL query" marked read-only: the runner verb is generic and its object a read, so with no write named in
    // the text the hint is unproven rather than contradicted.
    // The name's verb alone is weak evidence ("add" in a calculator, "replace" in a regex tool, "trigger" in a demo): a
    // mismatch is medium only when the description also says the tool writes or sends somewhere.
    else if (writes && !STATED_READ_ONLY_RE.test(description)) {
      const readRunner = GENERIC_RUNNERS.has(verb) && tokens.slice(1).some((t) => READ_OBJECTS.has(t)) && !WRITE_STATEMENT_RE.test(description);
      // A runner whose text names write statements ("UPDATE and DELETE statements are allowed") says it writes.
      // "DML is permitted only if BQ_ALLOW_DML=true": writes the operator has to switch on; read-only is the default the hint states.
      const described = !readRunner && !WRITES_SWITCHED_ON_RE.test(description) && (DESCRIBED_WRITE_RE.test(description) || (GENERIC_RUNNERS.has(verb) && WRITE_STATEMENT_RE.test(description)));
      hits.push(annotationHit(tool, a, described ? "medium" : "low", `"${tool.name}" reads as a write or send operation but is marked readOnlyHint: true.`));
    }
    else {
      // A word in the description ("removes duplicates from results") is weaker evidence than the tool's own verb.
      const m = DESTRUCTIVE_DESCRIPTION_RE.exec(description);
      if (m && !isNegatedBefore(description, m.index)) hits.push(annotationHit(tool, a, "low", `The description says the tool "${m[0]}" but it is marked readOnlyHint: true.`));
    }
  } else if (a.destructiveHint === false && destructive) {
    // Resetting the tool's own scratch state ("reset_sandbox", "clear_cache") loses nothing the user keeps.
    const scratch = (verb === "reset" || verb === "clear") && tokens.slice(1).some((t) => SCRATCH_STATE.has(t));
    // "remove_background" returns a new image; only a description that says what is lost makes the hint a contradiction.
    const described = !scratch && statedDestructiveEffect((tool.description ?? "").toLowerCase()) !== null;
    hits.push(annotationHit(tool, a, described ? "medium" : "low", `"${tool.name}" reads as destructive but is marked destructiveHint: false.`));
  }
  if (a.openWorldHint === false && tokens.some((t) => OPEN_WORLD.has(t))) {
    hits.push(annotationHit(tool, a, "low", `"${tool.name}" reaches outside systems but is marked openWorldHint: false.`));
  }
  return hits;
}

/** Reports what the server declares inaccurately or not at all. */
export function detectDeclarationProblems(discovery: Discovery): RuleHit[] {
  const hits: RuleHit[] = [];
  const seen = new Set<string>();
  for (const tool of discovery.tools) {
    if (seen.has(tool.name)) {
      hits.push(plainHit("DA-DUPLICATE-TOOL", "medium", `tools/${tool.name}`, `The tool "${tool.name}" is listed more than once.`, tool.name, ownerKey(tool)));
    }
    seen.add(tool.name);
    hits.push(...annotationHits(tool));
    if ((tool.description ?? "").trim().length < 8) {
      hits.push(plainHit("DA-MISSING-DESCRIPTION", "low", `tools/${tool.name}/description`, `The tool "${tool.name}" has no meaningful description.`, tool.description ?? "(none)", ownerKey(tool)));
    }
    if (!isObjectSchema(tool.inputSchema)) {
      hits.push(plainHit("DA-INVALID-SCHEMA", "low", `tools/${tool.name}/inputSchema`, `The tool "${tool.name}" has no object input schema.`, JSON.stringify(tool.inputSchema ?? null).slice(0, 120), ownerKey(tool)));
    } else {
      const params = schemaParams(tool.inputSchema);
      const undescribed = params.filter((p) => p.description.trim().length === 0);
      if (params.length >= 3 && undescribed.length * 2 > params.length) {
        hits.push(
          plainHit("DA-UNDESCRIBED-PARAMETERS", "info", `tools/${tool.name}/inputSchema`, `${undescribed.length} of ${params.length} parameters of "${tool.name}" have no description.`, undescribed.map((p) => p.name).join(", "), ownerKey(tool)),
        );
      }
    }
  }

  const caps = discovery.capabilities;
  if (caps) {
    const listed: [string, number][] = [
      ["tools", discovery.tools.length],
      ["resources", discovery.resources.length + discovery.resourceTemplates.length],
      ["prompts", discovery.prompts.length],
    ];
    for (const [cap, count] of listed) {
      if (count > 0 && !(cap in caps)) {
        hits.push(plainHit("DA-UNDECLARED-CAPABILITY", "low", "capabilities", `${count} ${cap} listed, but the "${cap}" capability was not declared.`, JSON.stringify(caps).slice(0, 160)));
      }
    }
  }
  for (const problem of discovery.listingProblems) {
    hits.push(plainHit("DA-LISTING-INCOMPLETE", "low", `listings/${problem.listing}`, `The ${problem.listing} listing was incomplete: ${problem.problem}. What was not seen was not assessed.`, problem.problem));
  }
  return hits;
}
