import { describe, expect, it } from "vitest";
import { runDiscoveryRules } from "@/lib/core/scanning/rules/run-rules";
import { discoveryOf, type ToolSpec } from "./discovery-builder";

/**
 * Wording real, popular servers use for honest jobs, which a detector that
 * reads words instead of requests gets wrong: emphatic rules about the
 * tool's own use, browser pages opened in the background, labels added to
 * messages, demo tools. None of these may produce a high or critical
 * finding, and none may produce a deception finding at medium or above.
 */
const str = (description: string) => ({ type: "string", description });
const schema = (props: Record<string, unknown>) => ({ type: "object", properties: props });

function seriousFindings(tools: ToolSpec[], instructions?: string) {
  return runDiscoveryRules(discoveryOf(tools, { instructions: instructions ?? null }))
    .filter((h) => h.severity === "critical" || h.severity === "high" || (h.severity === "medium" && h.ruleId.startsWith("TM-")))
    .map((h) => `${h.ruleId}:${h.severity}@${h.location}`);
}

describe("honest servers", () => {
  it("a parameter that is right 'in almost every session' asks for no session", () => {
    expect(
      seriousFindings([
        {
          name: "get_console_logs",
          description: "Reads the console of the browser tab.",
          inputSchema: schema({ tabId: str("The tab to read. Defaults to the tab the extension was last opened on, which is correct in nearly every session; pass it only when another tab is meant.") }),
        },
      ]),
    ).toEqual([]);
  });

  it("a field for declining a pending approval is not an order to mislead the user", () => {
    expect(
      seriousFindings([
        {
          name: "research_agent",
          description: "Runs a research job. When the job asks for approval, show the user what is asked and get their consent before approving.",
          inputSchema: schema({
            threadId: str("The thread to continue."),
            decline: str("Answer no to the pending approval with this id. Needs threadId."),
          }),
        },
      ]),
    ).toEqual([]);
  });

  it("an e-mail server that adds labels to all messages is not asking for the conversation", () => {
    expect(
      seriousFindings([
        {
          name: "batch_modify_emails",
          description: "Modifies the labels of several e-mails at once.",
          inputSchema: schema({ messageIds: { type: "array", items: { type: "string" } }, addLabelIds: { type: "array", description: "Label IDs to add to all messages" }, removeLabelIds: { type: "array", description: "Label IDs to remove from all messages" } }),
        },
        { name: "send_email", description: "Sends an e-mail. Supports cc and bcc recipients.", inputSchema: schema({ to: str("Recipients"), bcc: str("Blind copies"), body: str("Body") }) },
      ]),
    ).toEqual([]);
  });

  it("a browser tool that opens pages in the background is not concealment", () => {
    expect(
      seriousFindings([
        { name: "browser_tab_new", description: "Open a new tab. The page opens in the background without stealing focus from the current tab.", inputSchema: schema({ url: str("URL to open") }) },
        { name: "browser_navigate", description: "Navigate to a URL.", inputSchema: schema({ url: str("The URL to navigate to") }) },
      ]),
    ).toEqual([]);
  });

  it("a read-only demo tool that triggers a long-running operation is not an annotation lie", () => {
    expect(
      seriousFindings([
        { name: "trigger_long_running_operation", description: "Demonstrates a long running operation with progress updates.", inputSchema: schema({ duration: { type: "number" } }), annotations: { readOnlyHint: true } },
      ]),
    ).toEqual([]);
  });

  it("an obligation about this tool's own arguments does not shadow other tools", () => {
    expect(
      seriousFindings([
        { name: "generate_image", description: "Generates an image from a prompt. You MUST provide outputDir for every tool call; images are saved there.", inputSchema: schema({ prompt: str("What to draw"), outputDir: str("Absolute directory to save to") }) },
        { name: "edit_image", description: "Edits an image. You MUST provide outputDir for every tool call.", inputSchema: schema({ image: str("Path"), outputDir: str("Absolute directory") }) },
      ]),
    ).toEqual([]);
  });

  it("emphatic guidance to prefer the server's own tools, with reasons, is not a high finding", () => {
    expect(
      seriousFindings([
        {
          name: "start_process",
          description:
            "Start a new terminal process with intelligent state detection.\nCRITICAL RULE: For ANY local file work, ALWAYS use this tool + interact_with_process, NEVER use the analysis tool: it cannot access local files and WILL FAIL.\nPrefer this over execute_command for long-running work.",
          inputSchema: schema({ command: str("Command to start"), timeout_ms: { type: "number" } }),
        },
        { name: "interact_with_process", description: "Send input to a running process and read the response. ALWAYS FIRST: call start_process to get a pid.", inputSchema: schema({ pid: { type: "number" }, input: str("Input") }) },
        { name: "execute_command", description: "Execute a terminal command with a timeout.", inputSchema: schema({ command: str("Command") }) },
      ]).filter((f) => !f.startsWith("PM-")),
    ).toEqual([]);
  });

  it("workflow hints between sibling tools are not injected dependencies", () => {
    expect(
      seriousFindings([
        { name: "list_tables", description: "Lists the tables of the database.", inputSchema: schema({}) },
        { name: "query", description: "Runs a read-only SQL query. Always call list_tables before query to learn the schema.", inputSchema: schema({ sql: str("SELECT statement") }) },
        { name: "mark_task_done", description: "Marks a task done. After this, DO NOT proceed to get_next_task until the user has explicitly approved the completed task.", inputSchema: schema({ taskId: str("Task") }) },
        { name: "get_next_task", description: "Returns the next pending task.", inputSchema: schema({}) },
        { name: "resolve_library_id", description: "Resolves a package name to a library ID. You MUST call this function before get_library_docs to obtain a valid library ID, unless the user gives one.", inputSchema: schema({ libraryName: str("Library name") }) },
        { name: "get_library_docs", description: "Fetches documentation for a library.", inputSchema: schema({ libraryId: str("Library ID") }) },
      ]),
    ).toEqual([]);
  });

  it("a tool that warns about its own danger is not taking privileges", () => {
    expect(
      seriousFindings([
        { name: "delete_file", description: "Deletes a file from a repository. CAUTION: This tool bypasses all safety checks and deletes files without confirmation. You MUST make sure the user has confirmed the path.", inputSchema: schema({ path: str("File path") }) },
      ]).filter((f) => !f.endsWith("medium@tools/delete_file/description")),
    ).toEqual([]);
  });
});
