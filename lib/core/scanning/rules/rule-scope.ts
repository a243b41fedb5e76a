import type { Discovery } from "../scan-outcome";

/**
 * What a text rule may need to know about the rest of the server: the names
 * of its tools (to tell "another tool" from "this tool") and each tool's
 * parameters (to see that a description routes data into one of them).
 */
export interface RuleScope {
  /** Lower-cased tool names of this server. */
  toolNames: ReadonlySet<string>;
  /** Lower-cased parameter names by lower-cased tool name. */
  paramsByTool: ReadonlyMap<string, ReadonlySet<string>>;
  /** Every lower-cased parameter name of the server, whichever tool has it. */
  parameterNames: ReadonlySet<string>;
  /** Lower-cased name and description of each tool: what the tool says it is for. */
  purposeByTool: ReadonlyMap<string, string>;
  /**
   * Lower-cased name, title and first sentence of each tool: its job as it
   * states it up front, before any later text can claim more (injected text
   * must not widen the purpose it is judged against).
   */
  summaryByTool: ReadonlyMap<string, string>;
  /** Lower-cased parameter names declared true/false wherever they appear: a flag can carry no file's contents. */
  flagParameters: ReadonlySet<string>;
  /**
   * Lower-cased parameter names that can hold no free text wherever they appear: flags, numbers, and strings (or lists
   * of them) limited to an enum. Nothing private can be routed into one.
   */
  closedParameters: ReadonlySet<string>;
  /** Lower-cased string values of every parameter's enum ("start_auth" of auth's action): values to pass, not tools. */
  enumValues: ReadonlySet<string>;
  /** Distinctive words of the server's own name ("snyk" of "snyk-mcp"): what its own packages are called. */
  serverWords: ReadonlySet<string>;
}

/**
 * Whether the host of `address` (a URL, or a host written without a scheme, possibly followed by a path or CJK
 * punctuation) carries a distinctive word of the server's own name, five letters or more: "mcp.accesslint.com" for
 * accesslint-mcp, "<envId>.tcloudbaseapp.com" for cloudbase-mcp. The publisher's own service, by its name.
 */
export function hostNamedForServer(address: string, serverWords: ReadonlySet<string>): boolean {
  const host = address.replace(/^[a-z]+:\/\//, "").split(/[/?#\s,)'"`，。、）]/)[0];
  for (const word of serverWords) if (word.length >= 5 && host.includes(word)) return true;
  return false;
}

/** Words every server name may hold, which name no product. */
const GENERIC_NAME_WORDS = new Set(["mcp", "server", "servers", "tool", "tools", "api", "service", "client", "manager", "plugin", "bridge", "connector", "integration", "official", "local", "remote"]);

function serverWordsOf(name: string): Set<string> {
  return new Set(name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 3 && !GENERIC_NAME_WORDS.has(w)));
}

/** The first sentence of a description (or its first 300 characters). */
function firstSentence(description: string): string {
  const end = description.search(/[.!?](?:\s|$)|\n/);
  return (end < 0 ? description : description.slice(0, end)).slice(0, 300);
}

type PropertySchema = { type?: unknown; enum?: unknown; items?: unknown } | null | undefined;

/** A flag, a number, or a string (or a list of strings) limited to an enum: no text of the model's choosing fits in it. */
function holdsNoFreeText(property: PropertySchema): boolean {
  if (!property || typeof property !== "object") return false;
  if (property.type === "boolean" || property.type === "number" || property.type === "integer") return true;
  if (Array.isArray(property.enum) && property.enum.length > 0) return true;
  return property.type === "array" && holdsNoFreeText(property.items as PropertySchema);
}

/** Built once per scan. */
export function buildRuleScope(discovery: Discovery): RuleScope {
  const toolNames = new Set<string>();
  const paramsByTool = new Map<string, Set<string>>();
  const purposeByTool = new Map<string, string>();
  const summaryByTool = new Map<string, string>();
  const parameterNames = new Set<string>();
  const flags = new Set<string>();
  const notFlags = new Set<string>();
  const closed = new Set<string>();
  const open = new Set<string>();
  const enumValues = new Set<string>();
  for (const tool of discovery.tools) {
    const name = tool.name.toLowerCase();
    toolNames.add(name);
    const schema = tool.inputSchema as { properties?: unknown } | null;
    const props = schema && typeof schema === "object" && schema.properties && typeof schema.properties === "object" ? Object.keys(schema.properties) : [];
    const params = props.map((p) => p.toLowerCase());
    paramsByTool.set(name, new Set(params));
    for (const p of params) parameterNames.add(p);
    const properties = (schema?.properties ?? {}) as Record<string, { type?: unknown } | null>;
    for (const key of props) {
      (properties[key]?.type === "boolean" ? flags : notFlags).add(key.toLowerCase());
      (holdsNoFreeText(properties[key]) ? closed : open).add(key.toLowerCase());
      const values = (properties[key] as { enum?: unknown } | null)?.enum;
      if (Array.isArray(values)) for (const v of values) if (typeof v === "string") enumValues.add(v.toLowerCase());
    }
    purposeByTool.set(name, `${tool.name.replace(/[_-]/g, " ")} ${tool.title ?? ""} ${(tool.description ?? "").slice(0, 2000)}`.toLowerCase());
    summaryByTool.set(name, `${tool.name.replace(/[_-]/g, " ")} ${tool.title ?? ""} ${firstSentence(tool.description ?? "")}`.toLowerCase());
  }
  const flagParameters = new Set([...flags].filter((p) => !notFlags.has(p)));
  const closedParameters = new Set([...closed].filter((p) => !open.has(p)));
  return { toolNames, paramsByTool, parameterNames, purposeByTool, summaryByTool, flagParameters, closedParameters, enumValues, serverWords: serverWordsOf(discovery.serverInfo?.name ?? "") };
}
