import { lstatSync, readlinkSync } from "node:fs";

/**
 * The bubblewrap command line of one sandboxed run (docs/package-assessment.md#the-sandbox). Pure: the host
 * facts it needs (where /lib points, which uid to drop to) come in as
 * arguments, so the argv can be read and tested as data.
 *
 * What the server gets:
 * - no network: `--unshare-all` gives it a network namespace of its own with
 *   only a loopback, and nothing listens there;
 * - its own pid, ipc, uts, cgroup and user namespaces; `--die-with-parent`
 *   and the pid namespace end the whole tree when the sandbox's init dies;
 *   `--new-session` keeps it off our terminal;
 * - read-only: /usr (and /bin, /lib, /lib64, /sbin as the host has them),
 *   the host's node binary, the package at /pkg, the monitor; nothing of the
 *   registry (repository, data directory, /root, /home, /etc, /var);
 * - writable: only a private, size-capped tmpfs at /tmp. HOME is an empty
 *   read-only directory, so that writing a dotfile (~/.bashrc, ~/.npmrc) is
 *   refused and recorded rather than silently absorbed;
 * - an environment of PATH, HOME, TMPDIR (and the cache and .NET extraction
 *   directories under it), NODE_ENV, the monitor preload, a
 *   placeholder for each secret the package declares and the values its
 *   registry entry gives its variables, nothing of ours;
 * - rlimits set by prlimit inside the sandbox: data segment (memory),
 *   processes, CPU seconds, file size, open files.
 */

export const SANDBOX_PACKAGE_DIR = "/pkg";
const SANDBOX_HOME = "/home/sandbox";
const SANDBOX_BIN_DIR = "/sandbox/bin";
const SANDBOX_MONITOR_PATH = "/sandbox/monitor.cjs";
/** The fd the monitor writes its events to (a pipe the host reads), and the fd bwrap reads the monitor's source from. */
export const MONITOR_EVENTS_FD = 3;
export const MONITOR_SOURCE_FD = 4;
/** What a declared environment variable is set to: enough for "is it set?", useless as a credential. */
export const PLACEHOLDER_VALUE = "mcp-trust-registry-placeholder";
/** The uid a root host drops to before bwrap: RLIMIT_NPROC never binds uid 0, so the fork limit needs another uid. */
export const UNPRIVILEGED_UID = 65534;

export interface SandboxResourceLimits {
  /** Wall clock of the whole run, start to dead tree. */
  deadlineMs: number;
  /** RLIMIT_DATA: private writable memory of each process (heap, buffers). */
  memoryBytes: number;
  /** RLIMIT_NPROC: processes and threads of the sandbox's user (Node itself uses about a dozen threads). */
  processes: number;
  cpuSeconds: number;
  /** RLIMIT_FSIZE: largest file the server may write. */
  fileSizeBytes: number;
  /** Size of the private /tmp (tmpfs is memory the data limit does not count). */
  tmpBytes: number;
  openFiles: number;
}

export const DEFAULT_SANDBOX_LIMITS: Readonly<SandboxResourceLimits> = Object.freeze({
  deadlineMs: 30_000,
  memoryBytes: 1024 * 1024 * 1024,
  processes: 128,
  cpuSeconds: 30,
  fileSizeBytes: 16 * 1024 * 1024,
  tmpBytes: 64 * 1024 * 1024,
  // Bundlers' output and large dependency trees open thousands of files at start; 256 failed real servers with EMFILE.
  openFiles: 4096,
});

export interface ReadOnlyBind {
  source: string;
  target: string;
}

/** A top-level system directory as the host has it: a real directory, or a symlink (merged /usr). */
export interface SystemDir {
  path: string;
  symlinkTo: string | null;
}

export interface BubblewrapPlan {
  packageDir: string;
  /** The server's argv inside the sandbox; "node" is the host's node binary. */
  command: string[];
  nodeBinary: string;
  declaredEnvironment: string[];
  /** Values the registry entry gives its variables (launch-arguments.ts); they win over placeholders. */
  entryEnvironment: Record<string, string>;
  limits: SandboxResourceLimits;
  systemDirs: SystemDir[];
  extraReadOnlyBinds: ReadOnlyBind[];
  /** Host uid to become before bwrap (when we run as root), or null to stay who we are. */
  dropToUid: number | null;
}

const SYSTEM_DIRS = ["/bin", "/lib", "/lib64", "/sbin"];
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
/** Declared names we never set: ours, and those that change how the loader or Node start (a package could declare NODE_OPTIONS to drop the monitor). */
const RESERVED_ENV = /^(?:PATH|HOME|TMPDIR|XDG_CACHE_HOME|DOTNET_BUNDLE_EXTRACT_BASE_DIR|LD_.*|NODE_.*)$/;
const MAX_DECLARED_ENV = 64;

/** How /bin, /lib, /lib64 and /sbin look on this host; missing ones are left out. */
export function hostSystemDirs(): SystemDir[] {
  return SYSTEM_DIRS.flatMap((path): SystemDir[] => {
    try {
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) return [{ path, symlinkTo: readlinkSync(path) }];
      return stat.isDirectory() ? [{ path, symlinkTo: null }] : [];
    } catch {
      return [];
    }
  });
}

/**
 * Names that hold a secret. Only these get the placeholder: a server that
 * checks its token is present then lists its tools, while a placeholder in a
 * URL, a proxy or a display variable (HTTPS_PROXY, API_URL, DISPLAY) made real
 * servers crash on start.
 */
const SECRET_ENV = /(?:^|_)(?:KEY|APIKEY|TOKEN|SECRET|PASSWORD|PASSWD|PASS|PAT|CREDENTIALS?|AUTH)(?:_|$)|(?:API_?KEY|TOKEN|SECRET)$/i;
/** Account, team or workspace ids go with a token ("SLACK_BOT_TOKEN and SLACK_TEAM_ID"). */
const IDENTIFIER_ENV = /_(?:ID|ACCOUNT|ORG|ORGANIZATION|TEAM|WORKSPACE|PROJECT|TENANT)$/i;
/** Where to connect or what to read: a placeholder there is an invalid URL or path, and real servers crashed on it. */
const LOCATION_ENV = /(?:URL|URI|HOST|ENDPOINT|ISSUER|DOMAIN|PATH|DIR|FILE|PORT|PROXY)$/i;

/** The environment variables a package declares that we set to the placeholder: valid, not ours or the loader's, secrets and account ids, never locations. */
export function placeholderEnvironment(declared: string[]): string[] {
  const names = new Set(declared.filter((name) => ENV_NAME.test(name) && !RESERVED_ENV.test(name) && (SECRET_ENV.test(name) || IDENTIFIER_ENV.test(name)) && !LOCATION_ENV.test(name)));
  return [...names].slice(0, MAX_DECLARED_ENV);
}

/** Placeholders for declared secrets, then the entry's own values; never a name of ours or the loader's. */
function sandboxEnvironment(declared: string[], entry: Record<string, string>): [string, string][] {
  const values = new Map<string, string>(placeholderEnvironment(declared).map((name) => [name, PLACEHOLDER_VALUE]));
  for (const [name, value] of Object.entries(entry).slice(0, MAX_DECLARED_ENV)) {
    if (ENV_NAME.test(name) && !RESERVED_ENV.test(name)) values.set(name, value);
  }
  return [...values];
}

function systemMounts(dirs: SystemDir[]): string[] {
  return dirs.flatMap((dir) => (dir.symlinkTo === null ? ["--ro-bind", dir.path, dir.path] : ["--symlink", dir.symlinkTo, dir.path]));
}

function rlimits(limits: SandboxResourceLimits): string[] {
  return [
    "prlimit",
    `--data=${limits.memoryBytes}`,
    `--nproc=${limits.processes}`,
    `--cpu=${limits.cpuSeconds}`,
    `--fsize=${limits.fileSizeBytes}`,
    `--nofile=${limits.openFiles}`,
    "--",
  ];
}

/** The full argv to spawn (setpriv when dropping root, then bwrap), with the monitor source expected on fd MONITOR_SOURCE_FD. */
export function bubblewrapArgv(plan: BubblewrapPlan): string[] {
  const drop = plan.dropToUid === null ? [] : ["setpriv", `--reuid=${plan.dropToUid}`, `--regid=${plan.dropToUid}`, "--clear-groups", "--"];
  const env: [string, string][] = [
    ["PATH", `${SANDBOX_BIN_DIR}:/usr/bin:/bin`],
    ["HOME", SANDBOX_HOME],
    ["TMPDIR", "/tmp"],
    // Caches are disposable, and self-extracting runtimes (.NET single-file bundles) need a writable place before they start.
    ["XDG_CACHE_HOME", "/tmp/.cache"],
    ["DOTNET_BUNDLE_EXTRACT_BASE_DIR", "/tmp"],
    ["NODE_ENV", "production"],
    ["NODE_OPTIONS", `--require ${SANDBOX_MONITOR_PATH}`],
    ...sandboxEnvironment(plan.declaredEnvironment, plan.entryEnvironment),
  ];
  return [
    ...drop,
    "bwrap",
    "--unshare-all",
    "--die-with-parent",
    "--new-session",
    "--cap-drop",
    "ALL",
    "--hostname",
    "sandbox",
    "--ro-bind",
    "/usr",
    "/usr",
    ...systemMounts(plan.systemDirs),
    "--ro-bind",
    plan.nodeBinary,
    `${SANDBOX_BIN_DIR}/node`,
    "--ro-bind-data",
    String(MONITOR_SOURCE_FD),
    SANDBOX_MONITOR_PATH,
    "--ro-bind",
    plan.packageDir,
    SANDBOX_PACKAGE_DIR,
    ...plan.extraReadOnlyBinds.flatMap((bind) => ["--ro-bind", bind.source, bind.target]),
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--size",
    String(plan.limits.tmpBytes),
    "--tmpfs",
    "/tmp",
    "--dir",
    SANDBOX_HOME,
    // The root is bwrap's own tmpfs: read-only, nothing outside /tmp takes a write.
    "--remount-ro",
    "/",
    "--chdir",
    SANDBOX_PACKAGE_DIR,
    "--clearenv",
    ...env.flatMap(([name, value]) => ["--setenv", name, value]),
    "--",
    ...rlimits(plan.limits),
    ...plan.command,
  ];
}
