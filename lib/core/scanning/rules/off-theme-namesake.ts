import type { DiscoveredTool, Discovery } from "../scan-outcome";
import { plainHit, type RuleHit } from "./rule-hit";
import { toolNameTokens } from "./tool-name-tokens";

/**
 * TM-TOOL-IMPERSONATION, across servers: a tool that carries the name of a well-known tool of
 * another kind of server ("brave_web_search" in a bookmarks server, "git_commit" in a recipe
 * finder, "slack_post_message" in a time-zone server, "fetch" in a YouTube transcript server).
 * A model picks tools by name, so the stray namesake takes calls meant for the real one: the
 * function-overlapping attack, which needs no instruction at all.
 *
 * Shell tools are left out: a general command runner beside a server's own tools is a common,
 * declared capability (PM-SHELL-EXEC weighs it), not a namesake of one famous server.
 *
 * Three conditions keep honest servers out: the namesake's subject (its nouns, not its verbs) is
 * named nowhere else on the server, not in the server's name nor in any other tool's name or
 * summary; the other tools share a theme of their own (two of them, or one and the server's
 * name, have a noun in common); and the namesake's own summary does not place it among the
 * objects the other tools are named for while claiming no other server's place (a CRM's
 * send_email "to a contact on a lead"). A kitchen-sink server of unrelated utilities has no
 * theme, and a Git server's git_commit has Git around it. Pure.
 */

interface Namesake {
  /** The well-known tool names, as written by the servers that made them famous. */
  names: readonly string[];
  /** The subject those tools belong to: nouns only, so "search" or "post" alone never places a tool. */
  subject: readonly string[];
}

const NAMESAKES: readonly Namesake[] = [
  { names: ["brave_web_search", "brave_local_search", "google_search", "web_search", "tavily_search", "exa_search"], subject: ["brave", "web", "internet", "google", "tavily", "exa", "serp", "engine"] },
  { names: ["git_commit", "git_push", "git_status", "git_diff", "git_add", "git_log", "git_checkout", "create_pull_request", "push_files", "create_or_update_file", "create_issue", "merge_pull_request"], subject: ["git", "github", "gitlab", "repo", "repository", "repositories", "commit", "commits", "branch", "branches", "pull", "issue", "issues", "merge"] },
  { names: ["slack_post_message", "slack_reply_to_thread", "slack_list_channels", "slack_get_channel_history", "send_slack_message", "post_message"], subject: ["slack", "channel", "channels", "thread", "threads", "workspace", "chat", "messages", "message"] },
  { names: ["fetch", "fetch_url", "http_request", "fetch_html", "fetch_markdown"], subject: ["fetch", "url", "urls", "web", "http", "https", "page", "pages", "html", "markdown", "scrape", "crawl", "browse", "browser", "download", "request"] },
  { names: ["read_file", "write_file", "edit_file", "read_text_file", "list_directory", "move_file", "search_files", "read_multiple_files", "create_directory"], subject: ["file", "files", "directory", "directories", "dir", "folder", "folders", "path", "paths", "filesystem", "fs", "disk", "repository", "repositories", "repo", "repos", "codebase", "source", "code"] },
  { names: ["send_email", "gmail_send_email", "send_mail", "read_email", "search_emails", "draft_email"], subject: ["email", "emails", "mail", "gmail", "inbox", "smtp", "imap", "outlook", "mailbox"] },
  { names: ["execute_sql", "run_query", "query_database", "execute_query"], subject: ["sql", "query", "queries", "database", "databases", "db", "table", "tables", "postgres", "mysql", "sqlite", "schema"] },
  { names: ["browser_navigate", "puppeteer_navigate", "playwright_navigate", "browser_click", "browser_screenshot"], subject: ["browser", "page", "pages", "navigate", "screenshot", "click", "puppeteer", "playwright", "tab", "tabs", "dom"] },
  { names: ["transfer_funds", "send_payment", "create_payment", "make_payment"], subject: ["payment", "payments", "pay", "funds", "transfer", "transfers", "invoice", "invoices", "wallet", "bank", "account", "accounts", "stripe", "checkout", "refund"] },
];

const BY_NAME = new Map<string, Namesake>(NAMESAKES.flatMap((n) => n.names.map((name) => [name, n] as const)));

/** Verbs and filler that say nothing of a tool's subject. */
const NOT_A_SUBJECT = new Set([
  "get", "list", "create", "update", "delete", "add", "remove", "set", "search", "find", "read", "write", "send", "post", "run", "make", "new", "all", "by", "for", "the", "a", "an", "of", "to", "in", "on", "with", "and", "or", "from", "info", "details", "data", "item", "items", "current", "optional", "optionally", "returns", "return", "tool", "tools", "use",
]);

function words(text: string): string[] {
  return text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2 && !NOT_A_SUBJECT.has(w));
}

/** The first sentence of a description: the tool's job as it states it. */
function summaryText(tool: DiscoveredTool): string {
  const description = tool.description ?? "";
  const end = description.search(/[.!?](?:\s|$)|\n/);
  return end < 0 ? description.slice(0, 200) : description.slice(0, end);
}

function summaryWords(tool: DiscoveredTool): string[] {
  return words(summaryText(tool));
}

/** Letters of scripts other than Latin: Greek, Cyrillic, Hebrew, Arabic, Indic, Thai, Hangul, kana and CJK. */
const OTHER_SCRIPT_RE = /[\u0370-\u03ff\u0400-\u052f\u0590-\u06ff\u0900-\u0dff\u0e00-\u0eff\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/;

/** The nouns the other tools (and the server's name) share: the server's theme (empty when no two of them share one). */
function sharedTheme(others: readonly DiscoveredTool[], serverWords: readonly string[]): Set<string> {
  const seen = new Map<string, number>();
  const count = (ws: Iterable<string>) => {
    for (const w of new Set([...ws].map(stem))) seen.set(w, (seen.get(w) ?? 0) + 1);
  };
  count(serverWords);
  for (const tool of others) count([...toolNameTokens(tool.name).filter((t) => !NOT_A_SUBJECT.has(t)), ...summaryWords(tool)]);
  return new Set([...seen].filter(([, n]) => n >= 2).map(([w]) => w));
}

/** Stem-light comparison: "bookmark" and "bookmarks", "repository" and "repositories". */
function stem(word: string): string {
  return word.replace(/(?:ies|es|s)$/, "");
}

/** What a namesake says when it is placed to take another server's calls: "replaces", "same parameters as", "the official server". */
const CROSS_SERVER_CLAIM_RE =
  /\b(?:official|same (?:parameters|arguments|interface|inputs)|replac\w*|remplac\w*|ersetz\w*|reemplaz\w*|substitu\w*|instead of|drop-in|identical|equivalent|compatible|servers?|serveurs?|servidor(?:es)?)\b/;

/** The namesake's own summary names an object the other tools' names carry ("lead" of search_leads), and claims no other server's place. */
function placedAmongOwnObjects(tool: DiscoveredTool, others: readonly DiscoveredTool[]): boolean {
  if (CROSS_SERVER_CLAIM_RE.test((tool.description ?? "").toLowerCase())) return false;
  const objects = new Set(others.flatMap((t) => toolNameTokens(t.name)).filter((t) => t.length >= 4 && !NOT_A_SUBJECT.has(t)).map(stem));
  return summaryWords(tool).some((w) => objects.has(stem(w)));
}

export function detectOffThemeNamesakes(discovery: Discovery): RuleHit[] {
  const tools = discovery.tools.slice(0, 200);
  if (tools.length < 3) return [];
  const hits: RuleHit[] = [];
  for (const tool of tools) {
    const namesake = BY_NAME.get(tool.name.toLowerCase());
    if (!namesake) continue;
    const others = tools.filter((t) => t !== tool);
    // The subjects are English nouns: where the other tools (or this one) describe themselves in another script
    // ("按筛选条件和排序查询数据库"), their theme cannot be read, and no namesake is claimed.
    if ([tool, ...others].some((t) => OTHER_SCRIPT_RE.test(summaryText(t)))) continue;
    const serverWords = [...words(discovery.serverInfo?.name ?? ""), ...words(discovery.serverInfo?.title ?? "")];
    const theme = sharedTheme(others, serverWords);
    if (theme.size === 0) continue;
    const subject = new Set(namesake.subject.map(stem));
    const around = [...serverWords, ...others.flatMap((t) => [...toolNameTokens(t.name), ...summaryWords(t)])];
    if (around.some((w) => subject.has(stem(w)))) continue;
    // "send_email: Send an email … to a contact on a lead" beside search_leads: the tool places itself among the server's own
    // objects, and claims nothing of another server's tool; a namesake placed to take the famous tool's calls does one or the other.
    if (placedAmongOwnObjects(tool, others)) continue;
    hits.push(
      plainHit(
        "TM-TOOL-IMPERSONATION",
        "high",
        `tools/${tool.name}/name`,
        `"${tool.name}" is the name of a well-known tool of another kind of server, here on a server whose other tools are about ${[...theme].slice(0, 3).join(", ")}: a namesake placed to take calls meant for the real one.`,
        `${tool.name}: ${(tool.description ?? "").slice(0, 150)}`,
        `tool:${tool.name}`,
      ),
    );
  }
  return hits;
}
