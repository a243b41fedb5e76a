import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parseManifest } from "./manifest";

/**
 * Which installed dependencies would run code at install time: a preinstall,
 * install or postinstall script, or a binding.gyp / `gypfile` (npm then runs
 * `node-gyp rebuild` itself). Read from node_modules after an install made
 * with --ignore-scripts, so none of them ran.
 */

const INSTALL_HOOKS = ["preinstall", "install", "postinstall"] as const;

export interface DependencyWithScripts {
  /** name@version */
  id: string;
  /** The hook commands, or "node-gyp rebuild (binding.gyp)". */
  commands: string[];
}

const MAX_PACKAGES = 5000;

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Every package directory under a node_modules (scoped ones included, nested node_modules too), symlinks skipped. */
async function installedPackageDirs(nodeModules: string, out: string[] = [], depth = 0): Promise<string[]> {
  if (depth > 12 || out.length >= MAX_PACKAGES) return out;
  const entries = await readdir(nodeModules, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    const full = path.join(nodeModules, entry.name);
    const dirs = entry.name.startsWith("@")
      ? (await readdir(full, { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory()).map((e) => path.join(full, e.name))
      : [full];
    for (const dir of dirs) {
      if (out.length >= MAX_PACKAGES) return out;
      out.push(dir);
      await installedPackageDirs(path.join(dir, "node_modules"), out, depth + 1);
    }
  }
  return out;
}

export async function dependenciesWithInstallScripts(packageDir: string): Promise<DependencyWithScripts[]> {
  const found: DependencyWithScripts[] = [];
  for (const dir of await installedPackageDirs(path.join(packageDir, "node_modules"))) {
    const text = await readFile(path.join(dir, "package.json"), "utf8").catch(() => null);
    if (text === null) continue;
    const manifest = parseManifest(text);
    const scripts = manifest.scripts ?? {};
    const commands = INSTALL_HOOKS.filter((h) => typeof scripts[h] === "string" && scripts[h].trim() !== "").map((h) => `${h}: ${scripts[h]}`);
    if (commands.length === 0 && (manifest.gypfile === true || (await exists(path.join(dir, "binding.gyp"))))) commands.push("node-gyp rebuild (binding.gyp)");
    if (commands.length > 0) found.push({ id: `${manifest.name ?? path.basename(dir)}@${manifest.version ?? "?"}`, commands });
  }
  return found.sort((a, b) => a.id.localeCompare(b.id));
}
