import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Which npm registry a package assessment fetches from: NPM_REGISTRY_URL, else
 * the registry npm itself is configured with (npm_config_registry, then the
 * project and user .npmrc `registry=` line), else the public registry. Read
 * without spawning npm: start-up must stay fast and npm may not be on PATH.
 */
export const DEFAULT_NPM_REGISTRY = "https://registry.npmjs.org/";

export interface RegistrySources {
  env: Record<string, string | undefined>;
  /** Contents of .npmrc files in precedence order (project first, then user); missing files are left out. */
  npmrcs: string[];
}

/** The `registry=` value of one .npmrc, or null. npm reads the last assignment; `${VAR}` is expanded. */
export function registryFromNpmrc(text: string, env: Record<string, string | undefined>): string | null {
  let found: string | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith("#") || line.startsWith(";")) continue;
    const m = /^registry\s*=\s*(.+)$/.exec(line);
    if (!m) continue;
    let value = m[1].trim().replace(/^(["'])(.*)\1$/, "$2");
    value = value.replace(/\$\{([^}]+)\}/g, (_, name: string) => env[name] ?? "");
    found = value;
  }
  return found;
}

/** An http(s) URL with a trailing slash, or null when the value is not one. */
export function normalizeRegistryUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  url.search = "";
  url.hash = "";
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return url.toString();
}

/** Pure: the registry URL from the given environment and .npmrc texts. */
export function resolveRegistryUrl(sources: RegistrySources): string {
  const candidates = [sources.env.NPM_REGISTRY_URL, sources.env.npm_config_registry ?? sources.env.NPM_CONFIG_REGISTRY];
  for (const rc of sources.npmrcs) candidates.push(registryFromNpmrc(rc, sources.env) ?? undefined);
  for (const c of candidates) {
    if (!c) continue;
    const url = normalizeRegistryUrl(c);
    if (url) return url;
  }
  return DEFAULT_NPM_REGISTRY;
}

function readIfPresent(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** The configured registry URL for this process (see above). */
export function npmRegistryUrl(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): string {
  const userrc = env.npm_config_userconfig ?? path.join(env.HOME ?? os.homedir(), ".npmrc");
  const npmrcs = [readIfPresent(path.join(cwd, ".npmrc")), readIfPresent(userrc)].filter((t): t is string => t !== null);
  return resolveRegistryUrl({ env, npmrcs });
}
