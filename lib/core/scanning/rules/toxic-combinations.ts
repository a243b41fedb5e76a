import type { Severity } from "../../findings";
import type { DiscoveredTool, Discovery } from "../scan-outcome";
import { plainHit, type RuleHit } from "./rule-hit";
import { toolNameTokens } from "./tool-name-tokens";
import { schemaParams } from "./tool-schema";

/**
 * PM-TOXIC-COMBINATION. Each tool may be fine alone; together, one that
 * reads private data and one that sends to any destination is an
 * exfiltration path for whoever injects a prompt (via a web page, an e-mail,
 * a poisoned tool elsewhere). Local private data (files, environment,
 * clipboard) plus an arbitrary destination is medium; a service reading and
 * sending within itself (a mail server reading and sending mail) is low.
 */
const READ_VERBS = new Set(["read", "get", "cat", "open", "load", "view", "fetch", "download", "list", "search", "export", "dump", "show", "find", "query", "retrieve"]);
const LOCAL_NOUNS = new Set(["file", "files", "env", "environment", "secret", "secrets", "credential", "credentials", "clipboard", "keychain", "password", "passwords", "directory", "dir", "fs", "disk", "folder"]);
const SERVICE_NOUNS = new Set(["email", "emails", "mail", "inbox", "message", "messages", "dm", "dms", "channel", "thread", "threads", "calendar", "event", "events", "drive", "conversation", "conversations", "chat", "chats", "history", "notes", "contacts", "photos", "document", "documents"]);
const LOCAL_TEXT_RE = /\breads? (?:the )?(?:contents? of )?(?:a |any |the )?(?:local )?(?:text )?files?\b|\bfrom (?:the )?(?:local )?(?:file ?system|disk)\b|\benvironment variables\b|\bclipboard\b/;

const WEB_TOKENS = new Set(["http", "https", "webhook", "curl", "request", "upload", "post", "url", "fetch", "ping", "beacon"]);
const MESSAGE_TOKENS = new Set(["email", "mail", "message", "sms", "tweet", "dm", "slack", "post", "reply", "forward"]);
const SEND_VERBS = new Set(["send", "post", "upload", "forward", "publish", "share", "reply", "tweet", "notify", "submit", "push", "put", "call"]);
const DESTINATION_PARAM_RE = /^(?:url|uri|endpoint|webhook(?:_url)?|target(?:_url)?|to|recipient|recipients|email|address|destination|dest|host|callback(?:_url)?)$/;

type Reader = "local" | "service";
type Sink = "web" | "message";

function readerKind(tool: DiscoveredTool): Reader | null {
  const tokens = toolNameTokens(tool.name);
  const hasRead = tokens.some((t) => READ_VERBS.has(t));
  const description = (tool.description ?? "").toLowerCase();
  if ((hasRead && tokens.some((t) => LOCAL_NOUNS.has(t))) || LOCAL_TEXT_RE.test(description.slice(0, 600))) return "local";
  if (hasRead && tokens.some((t) => SERVICE_NOUNS.has(t))) return "service";
  return null;
}

function sinkKind(tool: DiscoveredTool): Sink | null {
  const tokens = toolNameTokens(tool.name);
  const params = schemaParams(tool.inputSchema);
  const freeDestination = params.some((p) => DESTINATION_PARAM_RE.test(p.name.toLowerCase()) && !p.hasEnum);
  if (!freeDestination) return null;
  const sends = tokens.some((t) => SEND_VERBS.has(t));
  if (tokens.some((t) => WEB_TOKENS.has(t)) && (sends || tokens.includes("http") || tokens.includes("webhook") || tokens.includes("fetch") || tokens.includes("request") || tokens.includes("curl"))) {
    return "web";
  }
  if (sends && tokens.some((t) => MESSAGE_TOKENS.has(t))) return "message";
  return null;
}

/** Reports servers that can both read private data and send it anywhere. */
export function detectToxicCombinations(discovery: Discovery): RuleHit[] {
  const readers: { tool: DiscoveredTool; kind: Reader }[] = [];
  const sinks: { tool: DiscoveredTool; kind: Sink }[] = [];
  for (const tool of discovery.tools) {
    const r = readerKind(tool);
    if (r) readers.push({ tool, kind: r });
    const s = sinkKind(tool);
    if (s) sinks.push({ tool, kind: s });
  }
  if (readers.length === 0 || sinks.length === 0) return [];
  const local = readers.find((r) => r.kind === "local");
  const web = sinks.find((s) => s.kind === "web");
  const reader = local ?? readers[0];
  const sink = local ? sinks[0] : (web ?? sinks[0]);
  if (reader.tool.name === sink.tool.name) return [];
  const severity: Severity = local || web ? "medium" : "low";
  const what = reader.kind === "local" ? "private local data" : "private service data";
  const where = sink.kind === "web" ? "any web address" : "any recipient";
  return [
    plainHit(
      "PM-TOXIC-COMBINATION",
      severity,
      "tools",
      `"${reader.tool.name}" reads ${what} and "${sink.tool.name}" sends to ${where}: an injected prompt can chain them to leak data.`,
      `${reader.tool.name} + ${sink.tool.name}`,
    ),
  ];
}
