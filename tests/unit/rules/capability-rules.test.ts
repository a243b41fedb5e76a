import { describe, expect, it } from "vitest";
import { runDiscoveryRules } from "@/lib/core/scanning/rules/run-rules";
import { discoveryOf, type ToolSpec } from "./discovery-builder";

const strParam = (description: string) => ({ type: "string", description });
const schema = (props: Record<string, unknown>) => ({ type: "object", properties: props });
const idsOf = (tools: ToolSpec[], name = "test-server") =>
  runDiscoveryRules(discoveryOf(tools, { serverInfo: { name, version: "1" } })).map((h) => `${h.ruleId}:${h.severity}`);

describe("declaration accuracy", () => {
  it("flags destructive tools that claim to be read-only or non-destructive", () => {
    expect(idsOf([{ name: "delete_repository", description: "Deletes a repository.", annotations: { readOnlyHint: true } }])).toContain("DA-ANNOTATION-MISMATCH:high");
    expect(idsOf([{ name: "drop_table", description: "Drops a table.", annotations: { destructiveHint: false } }])).toContain("DA-ANNOTATION-MISMATCH:medium");
    expect(idsOf([{ name: "send_message", description: "Sends a message.", annotations: { readOnlyHint: true } }])).toContain("DA-ANNOTATION-MISMATCH:medium");
    expect(idsOf([{ name: "file_delete", description: "Removes a file.", annotations: { readOnlyHint: true } }])).toContain("DA-ANNOTATION-MISMATCH:high");
    expect(idsOf([{ name: "list_files", description: "Lists files.", annotations: { readOnlyHint: true } }]).filter((i) => i.startsWith("DA-ANNOTATION"))).toEqual([]);
  });

  it("flags missing descriptions, non-object schemas, undeclared capabilities, duplicates and incomplete listings", () => {
    const d = discoveryOf([{ name: "x" }, { name: "x", description: "Second x tool.", inputSchema: { type: "string" } as never }], {
      capabilities: { resources: {} },
      listingProblems: [{ listing: "prompts", problem: "prompts/list timed out" }],
    });
    const ids = runDiscoveryRules(d).map((h) => h.ruleId);
    for (const id of ["DA-MISSING-DESCRIPTION", "DA-INVALID-SCHEMA", "DA-UNDECLARED-CAPABILITY", "DA-DUPLICATE-TOOL", "DA-LISTING-INCOMPLETE"]) expect(ids).toContain(id);
  });
});

describe("dangerous capabilities", () => {
  it("flags a free-form shell on the host as medium, a sandboxed code runner as low", () => {
    expect(idsOf([{ name: "run_command", description: "Runs a shell command.", inputSchema: schema({ command: strParam("Command line") }) }])).toContain("PM-SHELL-EXEC:medium");
    expect(idsOf([{ name: "run_python", description: "Runs Python code in an isolated Pyodide sandbox.", inputSchema: schema({ code: strParam("Python source") }) }])).toContain("PM-CODE-EVAL:low");
  });

  it("costs by reach: script inside a browser page is low, whatever the parameter is called", () => {
    const evaluate = (param: string, description: string) => ({
      name: "browser_evaluate",
      description: "Evaluate JavaScript expression on page or element.",
      inputSchema: schema({ [param]: strParam(description) }),
    });
    expect(idsOf([evaluate("function", "() => { /* code */ } or (element) => { /* code */ } when element is provided")])).toContain("PM-CODE-EVAL:low");
    expect(idsOf([evaluate("script", "JavaScript code to execute")])).toContain("PM-CODE-EVAL:low");
    expect(idsOf([{ name: "eval_js", description: "Evaluates JavaScript in the server process.", inputSchema: schema({ code: strParam("Code") }) }])).toContain("PM-CODE-EVAL:medium");
  });

  it("reports a process launcher that also runs REPLs as a shell", () => {
    const startProcess = {
      name: "start_process",
      description: "Start a new terminal process. Suitable for shell commands and for interactive REPLs such as python or node.",
      inputSchema: schema({ command: strParam("Command to start") }),
    };
    expect(idsOf([startProcess])).toContain("PM-SHELL-EXEC:medium");
  });

  it("reads a parameter named after a shell as a command only when it is one", () => {
    const pick = (name: string, description: string) => idsOf([{ name, description: "Edits a shell start-up file.", inputSchema: schema({ shell: strParam(description) }) }]);
    const shellExec = (ids: string[]) => ids.filter((id) => id.startsWith("PM-SHELL-EXEC"));
    expect(shellExec(pick("append_to_shell_profile", "zsh | bash | fish"))).toEqual([]);
    expect(shellExec(pick("show_profile", "Which shell's profile"))).toEqual([]);
    expect(pick("run_in_shell", "Shell command to run")).toContain("PM-SHELL-EXEC:medium");
    expect(pick("exec", "Shell")).toContain("PM-SHELL-EXEC:medium");
  });

  it("does not flag constrained commands or math expressions", () => {
    expect(idsOf([{ name: "git", description: "Runs a git subcommand.", inputSchema: schema({ command: { type: "string", enum: ["status", "log"] } }) }]).filter((i) => i.startsWith("PM-"))).toEqual([]);
    expect(idsOf([{ name: "calculate", description: "Evaluates a math expression.", inputSchema: schema({ expression: strParam("Math expression") }) }]).filter((i) => i.startsWith("PM-"))).toEqual([]);
    expect(idsOf([{ name: "search", description: "Searches products.", inputSchema: schema({ query: strParam("Search words") }) }]).filter((i) => i.startsWith("PM-"))).toEqual([]);
  });

  it("rates raw SQL low on a database server and medium elsewhere", () => {
    const sqlTool = { name: "execute_sql", description: "Executes SQL.", inputSchema: schema({ sql: strParam("SQL statement") }) };
    expect(idsOf([sqlTool], "postgres-mcp")).toContain("PM-RAW-SQL:low");
    expect(idsOf([{ ...sqlTool, name: "run_report" }], "weather")).toContain("PM-RAW-SQL:medium");
  });

  it("flags reading private data plus sending anywhere as a toxic combination", () => {
    const read = { name: "read_file", description: "Reads a local file.", inputSchema: schema({ path: strParam("Path") }) };
    const post = { name: "http_post", description: "Posts JSON.", inputSchema: schema({ url: strParam("URL"), body: strParam("Body") }) };
    expect(idsOf([read, post])).toContain("PM-TOXIC-COMBINATION:medium");
    const mail = [
      { name: "read_email", description: "Reads an email.", inputSchema: schema({ id: strParam("Message id") }) },
      { name: "send_email", description: "Sends an email.", inputSchema: schema({ to: strParam("Recipient") }) },
    ];
    expect(idsOf(mail)).toContain("PM-TOXIC-COMBINATION:low");
    expect(idsOf([read]).filter((i) => i.startsWith("PM-TOXIC"))).toEqual([]);
  });
});
