import type { Severity } from "../../findings";
import type { DiscoveredTool, Discovery } from "../scan-outcome";
import { plainHit, type RuleHit } from "./rule-hit";
import { toolNameTokens } from "./tool-name-tokens";
import { schemaParams, type SchemaParam } from "./tool-schema";

/**
 * Permission minimality: capabilities broad enough that whoever steers the
 * model steers the machine. Each needs two signals (a free-form parameter of
 * the right name AND a tool name or description saying what it runs), so a
 * "query" for a search box or an "expression" for a calculator is not one.
 * These are capabilities, not attacks: a database server's execute_sql is
 * low, a shell or code on the host is medium, nothing here is high. Reach
 * sets the cost: script inside a browser page the tool drives, or code sent
 * to a declared sandbox, is low. Execution in a declared
 * sandbox or container is low: the claim is not verified, but the host is
 * not what the parameter reaches.
 */
const SHELL_PARAM_RE = /^(?:command|cmd|shell_?command|command_?line|cmdline|commands|bash|sh|shell|powershell|exec|script)$/;
const SHELL_TOOL = new Set(["shell", "bash", "exec", "execute", "terminal", "cmd", "command", "powershell", "sh", "zsh", "system", "process", "spawn", "run"]);
const RUNS_RE = /\b(?:run|runs|running|execut\w*|exec|spawn\w*|invok\w*|launch\w*|evaluat\w*)\b/;
const SHELL_TEXT_RE = /\b(?:shell|bash|zsh|terminal|command[- ]line|powershell|cmd\.exe|system commands?|arbitrary commands?|os commands?|shell commands?|any commands?)\b/;

const CODE_PARAM_RE = /^(?:code|script|source|source_?code|program|snippet|js|javascript|python|py|eval|expression|statement_?code|function|func|fn)$/;
/** Script that runs inside a web page the tool automates: the page is what it reaches, not the server host. */
const BROWSER_PAGE_RE = /\b(?:browser|page|pages|web ?page|tab|dom|document|element|playwright|puppeteer|selenium|webdriver|chrome|chromium|firefox|webkit|html|website|site)\b/;
/** Code sent to a vendor's hosted sandbox or notebook kernel rather than run on this host. */
const REMOTE_RUNTIME_RE = /\b(?:e2b|replit|colab|cloud sandbox|remote (?:sandbox|kernel|runtime|container)|hosted (?:sandbox|runtime|kernel))\b/;
const CODE_TOOL = new Set(["eval", "evaluate", "exec", "execute", "run", "python", "js", "javascript", "node", "code", "interpreter", "repl", "notebook", "jupyter", "ruby", "lua"]);
const CODE_TEXT_RE = /\b(?:python|javascript|typescript|node\.?js|ruby|lua|r code|julia)\b|\b(?:eval(?:uates?)?|executes?|runs?|interprets?) (?:arbitrary |the |any |given |a )?(?:code|scripts?|programs?|snippets?)\b|\binterpreter\b|\brepl\b|\bjupyter\b/;
const MATH_RE = /\b(?:math|mathematical|arithmetic|calculator|formula|numeric)\b/;
const SANDBOX_RE = /\b(?:sandbox(?:ed)?|isolated|container(?:ised|ized)?|wasm|pyodide|firecracker|gvisor|no network access|without network)\b/;

const SQL_PARAM_RE = /^(?:sql|query|statement|sql_?query|raw_?sql|sql_?statement|stmt|sql_?text)$/;
const SQL_TEXT_RE = /\bsql\b|\bselect\b.{0,40}\bfrom\b|\bsql statement\b|\b(?:ddl|dml)\b|\bpostgres(?:ql)?\b|\bmysql\b|\bsqlite\b/;
const DATABASE_SERVER_RE = /\b(?:postgres(?:ql)?|mysql|mariadb|sqlite|sql|database|databases|db|duckdb|snowflake|bigquery|clickhouse|supabase|neon|redshift|oracle|mssql|tables?|schemas?)\b/;
const READ_ONLY_RE = /\bread[- ]only\b|\bselect(?: statements?)? only\b|\bonly select\b/;

/** Parameters named after a shell, which may hold a command or only say which shell ("shell: zsh | bash | fish"). */
const SHELL_NAME_PARAM_RE = /^(?:shell|bash|sh|powershell)$/;
const COMMAND_WORD_RE = /\b(?:commands?|run|runs|execute|executes|executed|script|scripts|invoke)\b/;
const EXECUTING_TOOL = new Set(["exec", "execute", "run", "command", "cmd", "terminal", "spawn", "eval"]);

/**
 * A parameter named "shell" that picks which shell a tool works on (a
 * dotfile editor's target) holds no command: it is one only when its text
 * says it is run, or the tool's name says it executes.
 */
function isShellChoice(name: string, param: SchemaParam, toolTokens: readonly string[]): boolean {
  if (!SHELL_NAME_PARAM_RE.test(name)) return false;
  return !COMMAND_WORD_RE.test(param.description.toLowerCase()) && !toolTokens.some((t) => EXECUTING_TOOL.has(t));
}

/** "Source identifier for this run (e.g., 'mcp')": the parameter names something, it holds no code. */
const NAMES_AN_IDENTIFIER_RE = /^(?:[a-z-]+ ){0,3}(?:identifier|id|name|label|slug|uuid)\b(?![^.]{0,60}\b(?:code|script|javascript|python|expression|statement)s?\b)/;

function freeText(p: SchemaParam): boolean {
  return (p.type === "string" || p.type === null) && !p.hasEnum;
}

function toolText(tool: DiscoveredTool): string {
  return `${tool.title ?? ""} ${(tool.description ?? "").slice(0, 4000)}`.toLowerCase();
}

function isDatabaseServer(discovery: Discovery): boolean {
  const names = [discovery.serverInfo?.name ?? "", discovery.serverInfo?.title ?? "", ...discovery.tools.map((t) => t.name)].join(" ").toLowerCase().replace(/[_-]/g, " ");
  return DATABASE_SERVER_RE.test(names) || DATABASE_SERVER_RE.test((discovery.instructions ?? "").toLowerCase().slice(0, 4000));
}

function hit(tool: DiscoveredTool, param: SchemaParam, id: RuleHit["ruleId"], severity: Severity, detail: string): RuleHit {
  return plainHit(id, severity, `tools/${tool.name}/inputSchema/properties/${param.name}`, detail, `${tool.name}(${param.name}): ${param.description}`.slice(0, 200), `tool:${tool.name}`);
}

/** Reports shell, code-evaluation and raw-SQL capabilities. */
export function detectDangerousCapabilities(discovery: Discovery): RuleHit[] {
  const hits: RuleHit[] = [];
  const database = isDatabaseServer(discovery);
  for (const tool of discovery.tools) {
    const tokens = toolNameTokens(tool.name);
    const text = toolText(tool);
    for (const param of schemaParams(tool.inputSchema)) {
      if (!freeText(param)) continue;
      const name = param.name.toLowerCase();
      const ptext = `${text} ${param.description.toLowerCase()}`;
      const sandboxed = SANDBOX_RE.test(ptext);
      // A shell that also runs REPLs is still a shell: the shell is the wider reach.
      // A tool that writes shell configuration ("adds a shell alias") names the shell without running anything: the text must say it runs.
      if (SHELL_PARAM_RE.test(name) && !isShellChoice(name, param, tokens) && (tokens.some((t) => SHELL_TOOL.has(t)) || (SHELL_TEXT_RE.test(ptext) && RUNS_RE.test(ptext)))) {
        hits.push(hit(tool, param, "PM-SHELL-EXEC", sandboxed ? "low" : "medium", `"${tool.name}" runs the free-form "${param.name}" as a shell command${sandboxed ? " (an isolated environment is declared, not verified)" : " on the server's host"}.`));
        continue;
      }
      const codeName = CODE_PARAM_RE.test(name);
      const codeTool = tokens.some((t) => CODE_TOOL.has(t)) || CODE_TEXT_RE.test(ptext) || (/^(?:function|func|fn)$/.test(name) && /\b(?:javascript|js|evaluate|eval)\b/.test(ptext));
      if (codeName && codeTool && !NAMES_AN_IDENTIFIER_RE.test(param.description.toLowerCase().slice(0, 60)) && !(name === "expression" && MATH_RE.test(ptext)) && !(/^(?:function|func|fn)$/.test(name) && !/\b(?:javascript|js|code|evaluate|eval|execute)\b/.test(ptext))) {
        const reach = BROWSER_PAGE_RE.test(`${tokens.join(" ")} ${ptext}`) ? "page" : sandboxed || REMOTE_RUNTIME_RE.test(ptext) ? "sandbox" : "host";
        const where = reach === "page" ? " inside the web page it automates" : reach === "sandbox" ? " (an isolated or hosted environment is declared, not verified)" : " on the server's host";
        hits.push(hit(tool, param, "PM-CODE-EVAL", reach === "host" ? "medium" : "low", `"${tool.name}" evaluates the code in "${param.name}"${where}.`));
        continue;
      }
      if (SQL_PARAM_RE.test(name) && (SQL_TEXT_RE.test(ptext) || tokens.includes("sql"))) {
        const readOnly = READ_ONLY_RE.test(ptext) || tool.annotations?.readOnlyHint === true;
        const severity: Severity = database || readOnly ? "low" : "medium";
        hits.push(hit(tool, param, "PM-RAW-SQL", severity, `"${tool.name}" accepts raw SQL in "${param.name}"${database ? " on what is evidently a database server" : ""}${readOnly ? " (declared read-only)" : ""}.`));
      }
    }
  }
  return hits;
}
