import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { z } from "zod";

/**
 * The detection corpus: a JSON array of server definitions, each labelled
 * malicious or benign. Validated with zod; a file that does not fit is
 * refused with a CorpusError naming the file, the entry and the field, never
 * with a stack trace. Keys the schema does not know are kept (tools are
 * served verbatim) or ignored (source, note, ...).
 */

/** A bad corpus file or bad selection: the user's to fix (exit 2). */
export class CorpusError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CorpusError";
  }
}

const jsonObject = z.record(z.string(), z.unknown());

const toolSchema = z.looseObject({
  name: z.string().min(1, "must be a non-empty string"),
  description: z.string().optional(),
  inputSchema: jsonObject.optional(),
  annotations: jsonObject.optional(),
});

const resourceSchema = z.looseObject({
  uri: z.string().min(1, "must be a non-empty string"),
  name: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});

const promptSchema = z.looseObject({
  name: z.string().min(1, "must be a non-empty string"),
  description: z.string().optional(),
  arguments: z.array(z.looseObject({ name: z.string().min(1), description: z.string().optional(), required: z.boolean().optional() })).optional(),
});

const definitionSchema = z
  .looseObject({
    id: z.string().min(1, "must be a non-empty string"),
    verdict: z.enum(["malicious", "benign"]),
    attack: z.string().optional(),
    serverName: z.string().min(1).optional(),
    tools: z.array(toolSchema),
    instructions: z.string().nullable().optional(),
    resources: z.array(resourceSchema).optional(),
    prompts: z.array(promptSchema).optional(),
    rugPull: z.boolean().optional(),
    toolsAfter: z.array(toolSchema).optional(),
  })
  .superRefine((def, ctx) => {
    if (def.rugPull && !def.toolsAfter) ctx.addIssue({ code: "custom", path: ["toolsAfter"], message: "is required when rugPull is true" });
  });

export type CorpusTool = z.infer<typeof toolSchema>;
type CorpusResource = z.infer<typeof resourceSchema>;
type CorpusPrompt = z.infer<typeof promptSchema>;

export interface CorpusDefinition {
  id: string;
  verdict: "malicious" | "benign";
  /** Attack category; null for benign definitions (and malicious ones that name none). */
  attack: string | null;
  /** serverInfo.name (the id when the definition names none). */
  serverName: string;
  tools: CorpusTool[];
  instructions: string | null;
  resources: CorpusResource[];
  prompts: CorpusPrompt[];
  /** The tools of the second listing, for rug-pull definitions; null otherwise. */
  toolsAfter: CorpusTool[] | null;
  /** The file the definition came from. */
  file: string;
}

const MAX_REPORTED_ISSUES = 10;

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("").replace(/^\./, "") : "(entry)";
  return `${where}: ${issue.message}`;
}

function toDefinition(parsed: z.infer<typeof definitionSchema>, file: string): CorpusDefinition {
  return {
    id: parsed.id,
    verdict: parsed.verdict,
    attack: parsed.verdict === "malicious" ? (parsed.attack ?? null) : null,
    serverName: parsed.serverName ?? parsed.id,
    tools: parsed.tools,
    instructions: parsed.instructions ?? null,
    resources: parsed.resources ?? [],
    prompts: parsed.prompts ?? [],
    toolsAfter: parsed.rugPull ? (parsed.toolsAfter ?? []) : null,
    file,
  };
}

/** Validates the parsed JSON of one corpus file; `file` only names it in messages. */
export function parseCorpus(data: unknown, file: string): CorpusDefinition[] {
  const name = file;
  if (!Array.isArray(data)) throw new CorpusError(`${name}: a corpus file must hold a JSON array of server definitions.`);
  const problems: string[] = [];
  const definitions: CorpusDefinition[] = [];
  const seen = new Map<string, number>();
  data.forEach((entry, index) => {
    const rawId = entry !== null && typeof entry === "object" && typeof (entry as { id?: unknown }).id === "string" ? (entry as { id: string }).id : null;
    const label = rawId ? `entry ${index} (id "${rawId}")` : `entry ${index}`;
    const result = definitionSchema.safeParse(entry);
    if (!result.success) {
      problems.push(`${label}: ${result.error.issues.slice(0, 3).map(describeIssue).join("; ")}`);
      return;
    }
    const earlier = seen.get(result.data.id);
    if (earlier !== undefined) {
      problems.push(`${label}: id "${result.data.id}" is also used by entry ${earlier}`);
      return;
    }
    seen.set(result.data.id, index);
    definitions.push(toDefinition(result.data, file));
  });
  if (problems.length > 0) {
    const shown = problems.slice(0, MAX_REPORTED_ISSUES);
    const more = problems.length > shown.length ? `\n  ... and ${problems.length - shown.length} more` : "";
    throw new CorpusError(`${name}: ${problems.length} invalid ${problems.length === 1 ? "entry" : "entries"}:\n  ${shown.join("\n  ")}${more}`);
  }
  return definitions;
}

/** Reads and validates corpus files; ids must be unique across all of them. */
export async function loadCorpusFiles(files: readonly string[]): Promise<CorpusDefinition[]> {
  const all: CorpusDefinition[] = [];
  const owner = new Map<string, string>();
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new CorpusError(`${file}: cannot read the file (${code ?? (error as Error).message}).`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new CorpusError(`${file}: not valid JSON (${(error as Error).message}).`);
    }
    for (const def of parseCorpus(data, file)) {
      const other = owner.get(def.id);
      if (other !== undefined) throw new CorpusError(`${file}: id "${def.id}" is already defined in ${other}.`);
      owner.set(def.id, file);
      all.push(def);
    }
  }
  return all;
}

export type Split = "dev" | "check";

/** Server names whose definitions always belong to the check split. */
const CHECK_SERVER_NAMES = new Set(["google_search", "yahoo_finance", "playwright"]);

/** Deterministic split: some server names are held out as a whole; the rest by the parity of sha256(id)'s first byte. */
export function splitOf(def: Pick<CorpusDefinition, "id" | "serverName">): Split {
  if (CHECK_SERVER_NAMES.has(def.serverName.toLowerCase())) return "check";
  return createHash("sha256").update(def.id).digest()[0] % 2 === 1 ? "check" : "dev";
}

export interface Selection {
  split?: Split;
  /** Keep definitions whose id or serverName contains one of these (case-insensitive). */
  only?: readonly string[];
  /** Drop definitions whose id or serverName contains one of these (case-insensitive). */
  exclude?: readonly string[];
}

function matchesAny(def: CorpusDefinition, needles: readonly string[]): boolean {
  const id = def.id.toLowerCase();
  const name = def.serverName.toLowerCase();
  return needles.some((n) => id.includes(n.toLowerCase()) || name.includes(n.toLowerCase()));
}

export function selectDefinitions(defs: readonly CorpusDefinition[], selection: Selection): CorpusDefinition[] {
  const only = (selection.only ?? []).filter((s) => s.length > 0);
  const exclude = (selection.exclude ?? []).filter((s) => s.length > 0);
  return defs.filter(
    (def) =>
      (!selection.split || splitOf(def) === selection.split) && (only.length === 0 || matchesAny(def, only)) && !(exclude.length > 0 && matchesAny(def, exclude)),
  );
}
