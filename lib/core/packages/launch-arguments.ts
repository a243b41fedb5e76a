import { z } from "zod";
import { PLACEHOLDER_VALUE } from "./sandbox/bubblewrap";

/**
 * How the registry entry says to start a package (docs/package-assessment.md,
 * "Starting the server as its entry says"): the `packageArguments` after the
 * entry file and the `environmentVariables`, as an MCP client installing from
 * the registry would fill them in. Many servers refuse to start without them
 * (the filesystem server needs a directory, a database server its URL), so a
 * sandbox run without them lists nothing. Pure.
 *
 * What a user would type is not known, so each input gets, in order: the
 * value the entry fixes, its default, its first choice, the example the
 * entry shows as its `placeholder`, then a stand-in by format. A secret gets
 * only its example (so that a format check such as "sk_*" passes) or our
 * placeholder, never the value or default the entry wrote, where a real
 * credential published by mistake would sit. A file path gets the
 * sandbox's own writable /tmp, a number 1, a boolean true, any other string
 * our placeholder. Optional inputs with nothing fixed are left out, as a
 * user leaves them. `runtimeArguments` are left out on purpose: they are
 * the runtime's (npx's `-y`, node's flags), and the sandbox runs the entry
 * file with our node and our flags.
 */

/** Where a file-path input points inside the sandbox: its only writable directory. */
export const SANDBOX_FILEPATH = "/tmp";
const MAX_ARGUMENTS = 32;
const MAX_VALUE_CHARS = 1000;
const MAX_VARIABLES = 64;

const inputFields = {
  value: z.string().optional().catch(undefined),
  default: z.string().optional().catch(undefined),
  choices: z.array(z.string()).optional().catch(undefined),
  placeholder: z.string().optional().catch(undefined),
  format: z.string().optional().catch(undefined),
  isSecret: z.boolean().optional().catch(undefined),
  isRequired: z.boolean().optional().catch(undefined),
};
const input = z.object(inputFields);
type Input = z.infer<typeof input>;
const withVariables = z.object({ ...inputFields, variables: z.record(z.string(), input).optional().catch(undefined) });
type InputWithVariables = z.infer<typeof withVariables>;

const argument = withVariables.extend({ type: z.string(), name: z.string().optional().catch(undefined) });
const variable = withVariables.extend({ name: z.string() });
const launchPackage = z.object({
  identifier: z.string(),
  registryType: z.string().optional().catch(undefined),
  packageArguments: z.array(z.unknown()).optional().catch(undefined),
  environmentVariables: z.array(z.unknown()).optional().catch(undefined),
});

export interface PackageLaunch {
  /** Appended to the entry command, in the entry's order. */
  arguments: string[];
  /** Variable name → value; the sandbox decides which names it lets through. */
  environment: Record<string, string>;
}

export const NO_LAUNCH: Readonly<PackageLaunch> = Object.freeze({ arguments: [], environment: {} });

function standIn(field: Input): string {
  // A secret's example (`sk_test_...`) passes a server's format check; its value or default is never used.
  if (field.isSecret) return field.placeholder ?? PLACEHOLDER_VALUE;
  const fixed = field.value ?? field.default ?? field.choices?.[0] ?? field.placeholder;
  if (fixed !== undefined) return fixed;
  switch (field.format) {
    case "filepath":
      return SANDBOX_FILEPATH;
    case "number":
      return "1";
    case "boolean":
      return "true";
    default:
      return PLACEHOLDER_VALUE;
  }
}

/** A value with its `{name}` variables filled in; a secret's fixed value is never trusted to be a dummy, so it is replaced too. */
function fill(field: InputWithVariables): string {
  const own = field.isSecret ? standIn(field) : (field.value ?? field.default ?? field.choices?.[0] ?? field.placeholder);
  if (own === undefined) return standIn(field);
  const variables = field.variables ?? {};
  return own.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    const v = Object.hasOwn(variables, name) ? variables[name] : undefined;
    return v ? standIn(v) : whole;
  });
}

/** argv and environment strings cannot hold NUL (spawn refuses them). */
function bounded(value: string): string {
  return value.replaceAll("\0", "").slice(0, MAX_VALUE_CHARS);
}

function argumentsOf(raw: unknown[]): string[] {
  const out: string[] = [];
  for (const item of raw) {
    const parsed = argument.safeParse(item);
    if (!parsed.success) continue;
    const arg = parsed.data;
    if (arg.type === "positional") {
      // A positional argument is part of the command line whether or not it says it is required.
      out.push(bounded(fill(arg)));
    } else if (arg.type === "named" && arg.name && /^-{1,2}[A-Za-z0-9][\w.-]*$/.test(arg.name)) {
      const hasValue = arg.value !== undefined || arg.default !== undefined || arg.choices !== undefined;
      // An optional flag with nothing to give is what a user leaves out.
      if (!hasValue && !arg.isRequired) continue;
      if (!hasValue && arg.format === "boolean") out.push(arg.name);
      else out.push(arg.name, bounded(fill(arg)));
    }
    if (out.length >= MAX_ARGUMENTS) break;
  }
  return out.slice(0, MAX_ARGUMENTS);
}

function environmentOf(raw: unknown[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of raw.slice(0, MAX_VARIABLES)) {
    const parsed = variable.safeParse(item);
    if (!parsed.success) continue;
    const v = parsed.data;
    const hasValue = v.value !== undefined || v.default !== undefined || v.choices !== undefined;
    // Optional and with nothing to give: a user leaves it unset, and so do we (a stand-in URL or path crashes servers that would start without it).
    if (!hasValue && !v.isRequired && !v.isSecret) continue;
    out[v.name] = bounded(fill(v));
  }
  return out;
}

/**
 * The launch of the package `identifier` as the server.json names it, or
 * NO_LAUNCH when the entry names no such package or says nothing about it.
 */
export function launchFromServerJson(serverJson: unknown, identifier: string): PackageLaunch {
  const packages = z.object({ packages: z.array(z.unknown()).optional().catch(undefined) }).safeParse(serverJson);
  if (!packages.success) return NO_LAUNCH;
  for (const item of packages.data.packages ?? []) {
    const pkg = launchPackage.safeParse(item);
    if (!pkg.success || pkg.data.identifier !== identifier || (pkg.data.registryType ?? "npm") !== "npm") continue;
    return { arguments: argumentsOf(pkg.data.packageArguments ?? []), environment: environmentOf(pkg.data.environmentVariables ?? []) };
  }
  return NO_LAUNCH;
}
