import { z } from "zod";

/**
 * The environment variables a server reads or documents, so that a sandbox
 * run can tell "needs API_TOKEN" from "broken". Read from the code
 * (process.env.X and the like) and from what the publisher wrote: the
 * README's configuration snippets (`"env": { ... }` blocks, `export X=`,
 * `-e X=`) and server.json's `environmentVariables`. System variables (PATH,
 * HOME, NODE_ENV, ...) are left out. Pure.
 */

const SYSTEM = new Set([
  "PATH", "HOME", "USER", "USERNAME", "PWD", "SHELL", "TMPDIR", "TEMP", "TMP", "NODE_ENV", "NODE_OPTIONS", "NODE_DEBUG", "NODE_PATH",
  "DEBUG", "LANG", "LC_ALL", "TERM", "CI", "HOSTNAME", "APPDATA", "LOCALAPPDATA", "USERPROFILE", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
  "XDG_CACHE_HOME", "FORCE_COLOR", "NO_COLOR", "TZ", "COLUMNS", "LINES", "INIT_CWD", "SystemRoot", "WINDIR", "COMSPEC", "PROGRAMFILES",
]);
const NAME_RE = /^[A-Z][A-Z0-9_]{1,63}$/;
const MAX_NAMES = 50;

function keep(name: string): boolean {
  return NAME_RE.test(name) && !SYSTEM.has(name) && !name.startsWith("npm_") && !name.startsWith("NPM_CONFIG_");
}

/** Names the README documents as configuration. */
function readmeEnvironment(readme: string): string[] {
  const names: string[] = [];
  const envBlock = /["']?env["']?\s*:\s*\{([^{}]{0,4000})\}/g;
  for (let m = envBlock.exec(readme); m !== null; m = envBlock.exec(readme)) {
    for (const k of m[1].matchAll(/["']([A-Za-z_][A-Za-z0-9_]*)["']\s*:/g)) names.push(k[1]);
  }
  for (const m of readme.matchAll(/(?:^|[\s`$])(?:export\s+|-e\s+|--env\s+|set\s+)([A-Z][A-Z0-9_]{1,63})=/gm)) names.push(m[1]);
  return names;
}

const serverJsonSchema = z.object({
  packages: z
    .array(z.object({ environmentVariables: z.array(z.object({ name: z.string() })).optional().catch(undefined) }))
    .optional()
    .catch(undefined),
});

function serverJsonEnvironment(text: string): string[] {
  try {
    const parsed = serverJsonSchema.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data.packages ?? []).flatMap((p) => (p.environmentVariables ?? []).map((e) => e.name)) : [];
  } catch {
    return [];
  }
}

export function declaredEnvironment(codeNames: string[], readme: string | null, serverJson: string | null): string[] {
  const all = [...codeNames, ...(readme ? readmeEnvironment(readme) : []), ...(serverJson ? serverJsonEnvironment(serverJson) : [])];
  return [...new Set(all.filter(keep))].sort().slice(0, MAX_NAMES);
}
