import { spawn } from "node:child_process";
import { lstat, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Finding } from "../../findings";
import { dependenciesWithInstallScripts } from "./dependency-scripts";
import type { NpmManifest } from "./manifest";
import { packageFinding } from "./package-rules";

/**
 * Installs a fetched package's production dependencies so that the sandbox
 * can run it, without running any of their code on the host
 * (docs/package-assessment.md#installing-dependencies-install-dependenciests):
 * `npm install --omit=dev --ignore-scripts` in the package directory, from
 * the configured registry only, with a throwaway HOME, cache and npmrc (the
 * host's tokens and settings are not visible), a minimal environment, a
 * deadline that kills the whole process group, and a cap on installed bytes.
 *
 * Before it runs, files in the package that would steer npm are removed:
 * .npmrc (registry, script-shell, node-options), npm-shrinkwrap.json and
 * package-lock.json (their `resolved` URLs could name any host). A dependency
 * given as git, URL or file specifier is not installed at all: it would
 * leave the registry.
 *
 * The package is installed as `npx` installs it, as a dependency and not as
 * the root of a project: npm resolves a root's devDependencies (with
 * --omit=dev it only skips writing them), ignores nobody's `overrides` but
 * the root's, and fails on peer conflicts that it only warns about below
 * the root. So package.json loses devDependencies, workspaces and overrides
 * while npm runs (it is put back after), and a peer conflict is retried
 * with npm's override of it (--force), which is what a user's npx gets.
 */

export interface InstallOptions {
  registryUrl: string;
  deadlineMs?: number;
  maxInstalledBytes?: number;
  /** The npm executable (default "npm" from PATH). */
  npmCommand?: string;
  /** An npm cache to share between installs (content-addressed, so safe to share); default a throwaway one. */
  cacheDir?: string;
  tempRoot?: string;
}

export interface InstallResult {
  ok: boolean;
  failure: string | null;
  installedBytes: number;
  /** name@version of each installed dependency that declares install scripts or a binding.gyp (none of them ran). */
  dependenciesWithInstallScripts: string[];
  findings: Finding[];
  /** The end of npm's output, for diagnosis. */
  outputTail: string;
}

const INSTALL_DEFAULTS = { deadlineMs: 180_000, maxInstalledBytes: 300 * 1024 * 1024 } as const;

const STEERING_FILES = [".npmrc", "package-lock.json", ".yarnrc", ".yarnrc.yml", ".pnpmfile.cjs"];
const SHRINKWRAP = "npm-shrinkwrap.json";

/**
 * npm installs a published package's npm-shrinkwrap.json as the exact tree
 * its users get, so it is kept: without it we would assess other dependency
 * versions than `npx` runs. What could steer npm elsewhere is taken out:
 * every `resolved` URL (npm then fetches the pinned version and checks its
 * integrity from the configured registry) and every entry whose version is
 * not a registry version (git, file, URL). An unreadable one is removed.
 */
export async function sanitizeShrinkwrap(dir: string): Promise<boolean> {
  const file = path.join(dir, SHRINKWRAP);
  const text = await readFile(file, "utf8").catch(() => null);
  if (text === null) return false;
  let lock: unknown;
  try {
    lock = JSON.parse(text);
  } catch {
    await rm(file, { force: true });
    return false;
  }
  const clean = (entries: unknown) => {
    if (entries === null || typeof entries !== "object") return;
    for (const [key, entry] of Object.entries(entries as Record<string, unknown>)) {
      if (entry === null || typeof entry !== "object") continue;
      const record = entry as Record<string, unknown>;
      if (typeof record.version === "string" && NON_REGISTRY_SPEC.test(record.version)) {
        delete (entries as Record<string, unknown>)[key];
        continue;
      }
      delete record.resolved;
      // lockfileVersion 1 nests dependencies.
      clean(record.dependencies);
    }
  };
  const root = lock as Record<string, unknown>;
  clean(root.packages);
  clean(root.dependencies);
  await writeFile(file, JSON.stringify(lock));
  return true;
}
const NON_REGISTRY_SPEC = /^(?:git\+|git:|github:|gitlab:|bitbucket:|gist:|https?:|file:|link:|workspace:|portal:|\.|\/|~)|^[^@\s/]+\/[^\s]+$|\.(?:tgz|tar\.gz)$/i;

/** Dependencies that would not come from the registry (npm: aliases do). Pure. */
export function nonRegistryDependencies(manifest: NpmManifest): { name: string; spec: string }[] {
  const all = { ...(manifest.optionalDependencies ?? {}), ...(manifest.dependencies ?? {}) };
  return Object.entries(all)
    .filter(([, spec]) => {
      const target = spec.startsWith("npm:") ? spec.slice(4).replace(/^(@?[^@]+)@?/, "") : spec;
      return NON_REGISTRY_SPEC.test(spec.startsWith("npm:") ? target : spec.trim());
    })
    .map(([name, spec]) => ({ name, spec }));
}

/** Bytes under `dir`, not following links. */
async function directoryBytes(dir: string, stopAbove = Number.POSITIVE_INFINITY): Promise<number> {
  let total = 0;
  const stack = [dir];
  while (stack.length > 0 && total <= stopAbove) {
    const current = stack.pop() as string;
    for (const entry of await readdir(current, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (entry.isFile()) total += (await lstat(full).catch(() => ({ size: 0 }))).size;
    }
  }
  return total;
}

function tail(text: string, max = 2000): string {
  return text.length > max ? text.slice(-max) : text;
}

interface RunResult {
  code: number | null;
  timedOut: boolean;
  output: string;
}

/** Settings that only say how this host reaches the registry (TLS trust, proxies): kept, since npm runs here, not in the sandbox. */
const HOST_NETWORK_SETTINGS = ["NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE", "SSL_CERT_DIR", "HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy"];

function hostTrustAndProxy(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of HOST_NETWORK_SETTINGS) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  // npm reads its own CA file, not Node's: the throwaway config must trust what the host trusts (a TLS-inspecting proxy's CA, say).
  const cafile = process.env.npm_config_cafile || process.env.NODE_EXTRA_CA_CERTS;
  if (cafile) env.npm_config_cafile = cafile;
  return env;
}

function runNpm(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, deadlineMs: number): Promise<RunResult> {
  return new Promise((resolve) => {
    // Own process group, so that a timeout kills npm and everything it started.
    const child = spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (chunk: Buffer) => {
      output = tail(output + chunk.toString("utf8"), 8000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    let timedOut = false;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, deadlineMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ code: null, timedOut, output: `${output}\n${error.message}` });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      killGroup();
      resolve({ code, timedOut, output });
    });
  });
}

async function removeSteeringFiles(dir: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const name of STEERING_FILES) {
    const file = path.join(dir, name);
    const present = await lstat(file).then(
      () => true,
      () => false,
    );
    if (!present) continue;
    if (name === ".npmrc") findings.push(packageFinding("PKG-SHIPPED-NPMRC", "medium", ".npmrc:1", "The package ships an .npmrc, which would configure npm when installing from its directory; it was removed before installing.", ".npmrc"));
    await rm(file, { force: true, recursive: true });
  }
  return findings;
}

/** What npm reads of a dependency's package.json: the root-only fields dropped. Pure. */
function dependencyManifestText(text: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (json === null || typeof json !== "object" || Array.isArray(json)) return null;
  const { devDependencies: _dev, workspaces: _workspaces, overrides: _overrides, ...rest } = json as Record<string, unknown>;
  return JSON.stringify(rest, null, 2);
}

/** Runs `install` with package.json as npm reads a dependency's, and puts the published file back whatever happens. */
async function withDependencyManifest<T>(dir: string, install: () => Promise<T>): Promise<T> {
  const file = path.join(dir, "package.json");
  const published = await readFile(file, "utf8").catch(() => null);
  const asDependency = published === null ? null : dependencyManifestText(published);
  if (published === null || asDependency === null) return install();
  await writeFile(file, asDependency);
  try {
    return await install();
  } finally {
    await writeFile(file, published);
  }
}

const PEER_CONFLICT = /\bERESOLVE\b/;

export async function installNpmDependencies(dir: string, manifest: NpmManifest, options: InstallOptions): Promise<InstallResult> {
  const deadlineMs = options.deadlineMs ?? INSTALL_DEFAULTS.deadlineMs;
  const maxBytes = options.maxInstalledBytes ?? INSTALL_DEFAULTS.maxInstalledBytes;
  const findings = await removeSteeringFiles(dir);
  const hasShrinkwrap = await sanitizeShrinkwrap(dir);
  const result = async (ok: boolean, failure: string | null, outputTail = ""): Promise<InstallResult> => {
    const scripts = await dependenciesWithInstallScripts(dir);
    const installedBytes = await directoryBytes(path.join(dir, "node_modules"));
    return { ok, failure, installedBytes, dependenciesWithInstallScripts: scripts.map((s) => s.id), findings, outputTail };
  };

  const foreign = nonRegistryDependencies(manifest);
  if (foreign.length > 0) {
    const list = foreign.map((d) => `${d.name}: ${d.spec}`).join(", ");
    findings.push(packageFinding("PKG-NON-REGISTRY-DEPENDENCY", "medium", "package.json:dependencies", "Dependencies given as git, URL or file specifiers; they were not installed.", list));
    return result(false, `dependencies outside the registry were not installed: ${list.slice(0, 300)}`);
  }
  const wanted = Object.keys({ ...(manifest.dependencies ?? {}), ...(manifest.optionalDependencies ?? {}) });
  if (wanted.length === 0) return result(true, null);

  const home = await mkdtemp(path.join(options.tempRoot ?? os.tmpdir(), "mcp-npm-home-"));
  try {
    const userconfig = path.join(home, ".npmrc");
    const globalconfig = path.join(home, "global-npmrc");
    await writeFile(userconfig, "");
    await writeFile(globalconfig, "");
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: "production",
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: home,
      TMPDIR: home,
      npm_config_cache: options.cacheDir ?? path.join(home, "cache"),
      npm_config_userconfig: userconfig,
      npm_config_globalconfig: globalconfig,
      npm_config_update_notifier: "false",
      npm_config_loglevel: "warn",
      ...hostTrustAndProxy(),
    };
    const args = [
      "install",
      "--omit=dev",
      "--ignore-scripts",
      "--no-audit",
      "--no-fund",
      // Without a lock file npm must not write one; with a shrinkwrap it must read it (package-lock=false ignores it too).
      ...(hasShrinkwrap ? [] : ["--no-package-lock"]),
      "--no-save",
      "--registry",
      options.registryUrl,
    ];
    const started = Date.now();
    const run = await withDependencyManifest(dir, async () => {
      const first = await runNpm(options.npmCommand ?? "npm", args, dir, env, deadlineMs);
      if (first.code === 0 || first.timedOut || !PEER_CONFLICT.test(first.output)) return first;
      findings.push(
        packageFinding(
          "PKG-PEER-CONFLICT",
          "info",
          "package.json:dependencies",
          "npm reported conflicting peer dependencies; they were installed with npm's override, as npx installs them for a user.",
          tail(first.output.split("\n").filter((line) => /ERESOLVE|Found:|Could not resolve/.test(line)).join("\n"), 500),
        ),
      );
      return runNpm(options.npmCommand ?? "npm", [...args, "--force"], dir, env, Math.max(1, deadlineMs - (Date.now() - started)));
    });
    if (run.timedOut) return await result(false, `npm install did not finish within ${deadlineMs} ms`, tail(run.output));
    if (run.code !== 0) return await result(false, `npm install failed (exit ${run.code ?? "signal"})`, tail(run.output));
    const installed = await directoryBytes(path.join(dir, "node_modules"), maxBytes);
    if (installed > maxBytes) {
      await rm(path.join(dir, "node_modules"), { recursive: true, force: true });
      return await result(false, `installed dependencies exceed the cap of ${maxBytes} bytes`, tail(run.output));
    }
    return await result(true, null, tail(run.output));
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
