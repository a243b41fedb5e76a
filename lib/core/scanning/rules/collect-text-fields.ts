import type { Discovery } from "../scan-outcome";

/**
 * Every piece of text a server exposes to the model, with where it came from.
 * Poison hides wherever a model reads: a parameter's default, an enum value,
 * a nested property three levels down, a resource name. The walk is bounded
 * (depth and count) so a hostile schema cannot stall the scan.
 */
type FieldKind =
  | "name"
  | "title"
  | "description"
  | "instructions"
  | "param-name"
  | "param-text"
  | "value"
  | "uri"
  | "annotation";

type FieldOwner = "tool" | "resource" | "template" | "prompt" | "server";

export interface TextField {
  location: string;
  kind: FieldKind;
  owner: FieldOwner;
  /** Name of the tool, prompt or resource the field belongs to (the URI for resources). */
  ownerName: string;
  text: string;
  /** The schema property (or prompt argument) the field belongs to. */
  paramName?: string;
  /** Set on the description of a boolean schema: its sentences say what the flag switches on, not what the reader must do. */
  describesFlag?: boolean;
}

const MAX_SCHEMA_DEPTH = 8;
const MAX_FIELDS_PER_TOOL = 600;
const MAX_ENUM_VALUES = 100;

/** Flattens a Discovery into text fields, in a stable order. */
export function collectTextFields(discovery: Discovery): TextField[] {
  const fields: TextField[] = [];
  const push = (f: TextField) => {
    if (f.text.length > 0) fields.push(f);
  };
  // Fields are built with all their properties written out, not spread from an owner object: the rule
  // engine builds tens of thousands of them a second, V8 copies a spread object on a slow path, and
  // fields of one shape (paramName always present, undefined when there is none) keep every rule's
  // property reads monomorphic. No rule tells a missing paramName from an undefined one.
  const field = (owner: TextField["owner"], ownerName: string, location: string, kind: TextField["kind"], text: string, paramName?: string, describesFlag = false): TextField => ({
    location,
    kind,
    owner,
    ownerName,
    text,
    paramName,
    describesFlag,
  });

  if (discovery.instructions) {
    push({ location: "instructions", kind: "instructions", owner: "server", ownerName: "server", text: discovery.instructions });
  }
  if (discovery.serverInfo) {
    push({ location: "serverInfo/name", kind: "name", owner: "server", ownerName: "server", text: discovery.serverInfo.name });
    if (discovery.serverInfo.title) {
      push({ location: "serverInfo/title", kind: "title", owner: "server", ownerName: "server", text: discovery.serverInfo.title });
    }
  }

  for (const tool of discovery.tools) {
    const base = `tools/${tool.name}`;
    push(field("tool", tool.name, `${base}/name`, "name", tool.name));
    if (tool.title) push(field("tool", tool.name, `${base}/title`, "title", tool.title));
    if (tool.description) push(field("tool", tool.name, `${base}/description`, "description", tool.description));
    if (tool.annotations) {
      for (const [key, value] of Object.entries(tool.annotations)) {
        if (typeof value === "string") push(field("tool", tool.name, `${base}/annotations/${key}`, "annotation", value));
      }
    }
    const budget = { left: MAX_FIELDS_PER_TOOL };
    walkSchema(tool.inputSchema, `${base}/inputSchema`, undefined, 0, budget, (location, kind, text, paramName, describesFlag) => push(field("tool", tool.name, location, kind, text, paramName, describesFlag)));
  }

  for (const resource of discovery.resources) {
    const base = `resources/${resource.uri}`;
    push(field("resource", resource.uri, base, "uri", resource.uri));
    if (resource.name) push(field("resource", resource.uri, `${base}/name`, "name", resource.name));
    if (resource.description) push(field("resource", resource.uri, `${base}/description`, "description", resource.description));
  }

  for (const template of discovery.resourceTemplates) {
    const base = `resourceTemplates/${template.uriTemplate}`;
    push(field("template", template.uriTemplate, base, "uri", template.uriTemplate));
    if (template.name) push(field("template", template.uriTemplate, `${base}/name`, "name", template.name));
    if (template.description) push(field("template", template.uriTemplate, `${base}/description`, "description", template.description));
  }

  for (const prompt of discovery.prompts) {
    const base = `prompts/${prompt.name}`;
    push(field("prompt", prompt.name, `${base}/name`, "name", prompt.name));
    if (prompt.description) push(field("prompt", prompt.name, `${base}/description`, "description", prompt.description));
    for (const arg of prompt.arguments ?? []) {
      push(field("prompt", prompt.name, `${base}/arguments/${arg.name}`, "param-name", arg.name, arg.name));
      if (arg.description) {
        push(field("prompt", prompt.name, `${base}/arguments/${arg.name}/description`, "param-text", arg.description, arg.name));
      }
    }
  }
  return fields;
}

type EmitField = (location: string, kind: TextField["kind"], text: string, paramName: string | undefined, describesFlag: boolean) => void;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function valueText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    const strings = value.slice(0, MAX_ENUM_VALUES).filter((v): v is string => typeof v === "string");
    return strings.length > 0 ? strings.join("\n") : null;
  }
  return null;
}

const SUBSCHEMA_ARRAYS = ["anyOf", "oneOf", "allOf", "prefixItems"] as const;
const SUBSCHEMA_SINGLE = ["items", "additionalProperties", "not", "if", "then", "else", "contains"] as const;
const SUBSCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions"] as const;

/** Emits one text-valued key of a schema node (while the budget lasts). */
function schemaText(
  schema: Record<string, unknown>,
  key: string,
  kind: "param-text" | "value",
  path: string,
  paramName: string | undefined,
  describesFlag: boolean,
  budget: { left: number },
  emit: EmitField,
): void {
  const value = valueText(schema[key]);
  if (value !== null && budget.left-- > 0) emit(`${path}/${key}`, kind, value, paramName, describesFlag && kind === "param-text");
}

/**
 * Recursive over a JSON Schema: property names, descriptions, titles,
 * defaults, enums, examples and consts, through nested objects, arrays and
 * combinators. `paramName` is the top-level property a field sits under.
 */
function walkSchema(
  schema: unknown,
  path: string,
  paramName: string | undefined,
  depth: number,
  budget: { left: number },
  emit: EmitField,
): void {
  if (!isRecord(schema) || depth > MAX_SCHEMA_DEPTH || budget.left <= 0) return;
  const describesFlag = schema.type === "boolean";
  // A module-level helper rather than a closure per schema node: under tsx (keepNames) every named
  // closure costs a defineProperty of its name, and this runs for every node of every schema.
  schemaText(schema, "description", "param-text", path, paramName, describesFlag, budget, emit);
  schemaText(schema, "title", "param-text", path, paramName, describesFlag, budget, emit);
  // JSON Schema's $comment is for schema authors, but clients pass the whole schema to the model: it is read like a description.
  schemaText(schema, "$comment", "param-text", path, paramName, describesFlag, budget, emit);
  schemaText(schema, "default", "value", path, paramName, describesFlag, budget, emit);
  schemaText(schema, "enum", "value", path, paramName, describesFlag, budget, emit);
  schemaText(schema, "examples", "value", path, paramName, describesFlag, budget, emit);
  schemaText(schema, "const", "value", path, paramName, describesFlag, budget, emit);

  for (const key of SUBSCHEMA_MAPS) {
    const map = schema[key];
    if (!isRecord(map)) continue;
    for (const [name, sub] of Object.entries(map)) {
      if (budget.left-- <= 0) return;
      const childParam = depth === 0 && key === "properties" ? name : paramName;
      const childPath = `${path}/${key}/${name}`;
      if (key === "properties") emit(childPath, "param-name", name, childParam, false);
      walkSchema(sub, childPath, childParam, depth + 1, budget, emit);
    }
  }
  for (const key of SUBSCHEMA_SINGLE) {
    if (isRecord(schema[key])) walkSchema(schema[key], `${path}/${key}`, paramName, depth + 1, budget, emit);
  }
  for (const key of SUBSCHEMA_ARRAYS) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    list.slice(0, 20).forEach((sub, i) => walkSchema(sub, `${path}/${key}/${i}`, paramName, depth + 1, budget, emit));
  }
}
