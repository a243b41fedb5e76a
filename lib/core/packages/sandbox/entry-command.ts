import { posix } from "node:path";
import { SANDBOX_PACKAGE_DIR } from "./bubblewrap";

/**
 * Which file of a package is its MCP server, as the argv inside the sandbox.
 * What `npx <package>` runs: the package's `bin` when it has one (the only
 * one, or the one named like the package), else its `main`. Always run with
 * the host's node (mounted in the sandbox), never through the file's own
 * shebang. A path that leaves the package is no entry.
 */

export interface EntryManifest {
  name?: unknown;
  bin?: unknown;
  main?: unknown;
}

function insidePackage(file: unknown): string | null {
  if (typeof file !== "string" || file.trim() === "" || file.includes("\0")) return null;
  const resolved = posix.normalize(posix.join(SANDBOX_PACKAGE_DIR, file));
  return resolved.startsWith(`${SANDBOX_PACKAGE_DIR}/`) ? resolved : null;
}

function pickBin(name: unknown, bin: unknown): unknown {
  if (typeof bin === "string") return bin;
  if (bin === null || typeof bin !== "object" || Array.isArray(bin)) return null;
  const entries = Object.entries(bin as Record<string, unknown>);
  if (entries.length === 1) return entries[0]![1];
  // "@scope/name" installs its bin as "name" when they match.
  const plain = typeof name === "string" ? name.replace(/^@[^/]+\//, "") : null;
  return entries.find(([key]) => key === plain)?.[1] ?? null;
}

/** ["node", "/pkg/<file>"], or null when the manifest names nothing runnable. */
export function resolveEntryCommand(manifest: EntryManifest): string[] | null {
  const file = insidePackage(pickBin(manifest.name, manifest.bin)) ?? insidePackage(manifest.main);
  return file ? ["node", file] : null;
}
