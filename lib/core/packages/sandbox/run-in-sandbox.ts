import { spawn, type ChildProcess } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { discoverOverTransport } from "../../scanning/mcp-session";
import { resolveScanLimits, ScanDeadlineError, type ScanLimits } from "../../scanning/scan-limits";
import type { Discovery } from "../../scanning/scan-outcome";
import { keepText } from "../../scanning/untrusted-text";
import type { SandboxObservations, SandboxRunResult } from "../package-evidence";
import {
  bubblewrapArgv,
  DEFAULT_SANDBOX_LIMITS,
  hostSystemDirs,
  MONITOR_EVENTS_FD,
  MONITOR_SOURCE_FD,
  UNPRIVILEGED_UID,
  type ReadOnlyBind,
  type SandboxResourceLimits,
} from "./bubblewrap";
import { ChildProcessTransport } from "./child-transport";
import { MONITOR_SOURCE } from "./monitor-source";
import { seemsToNeedCredentials } from "./needs-credentials";
import { parseMonitorEvents } from "./observations";
import { childrenOf, waitUntilGone, watchTree } from "./process-tree";
import { describeExit, exitStopReason } from "./stop-reason";

export { resolveEntryCommand } from "./entry-command";

/** How a failure of the sandbox itself (not of the server in it) begins: the caller records no verdict for it. */
export const SANDBOX_DID_NOT_START = "the sandbox could not start";

/**
 * Runs a package's MCP server in the sandbox (bubblewrap.ts) and introspects
 * it over stdio exactly as a remote server is (mcp-session.ts: handshake and
 * listings, never a tool call). Whatever the server does — hang, crash, fork
 * without end, eat memory, write garbage or floods to stdout — the run ends
 * in a result within its deadline, never a throw, and the process tree is
 * dead before the result is returned.
 */

export interface SandboxRunOptions {
  /** The unpacked package on the host; mounted read-only at /pkg. Must be readable by the sandbox's uid. */
  packageDir: string;
  /** The argv inside the sandbox, e.g. ["node", "/pkg/dist/index.js"] (resolveEntryCommand). */
  command: string[];
  /** Variables the package says it needs; each is set to a placeholder. */
  declaredEnvironment?: string[];
  /** Values the registry entry gives its variables (launch-arguments.ts). */
  entryEnvironment?: Record<string, string>;
  limits?: Partial<SandboxResourceLimits>;
  /** Request timeouts and listing caps of the MCP session (its deadline is the run's). */
  scanLimits?: Partial<ScanLimits>;
  /** More read-only mounts (tests mount the repository's node_modules as the package's). */
  extraReadOnlyBinds?: ReadOnlyBind[];
}

const MAX_STDERR_BYTES = 16 * 1024;
const MAX_STDERR_CHARS = 4000;
const MAX_MONITOR_BYTES = 1024 * 1024;
/** Part of the deadline kept for killing the tree and reading what it left. */
const MAX_KILL_RESERVE_MS = 1000;
const INIT_KILL_WAIT_MS = 300;
/** The sandbox itself failing to start writes lines like "bwrap: Can't find source path /x: Permission denied". */
const SANDBOX_TOOL_ERROR = /^(?:bwrap|setpriv|prlimit): .+$/m;

/** Collects at most `maxBytes` of a stream, keeping the head or the tail, and keeps draining past it. */
function collect(stream: Readable | null | undefined, maxBytes: number, keep: "head" | "tail"): () => string {
  let chunks: Buffer[] = [];
  let size = 0;
  stream?.on("data", (chunk: Buffer) => {
    if (keep === "head" && size >= maxBytes) return;
    chunks.push(chunk);
    size += chunk.length;
    if (keep === "tail" && size > 2 * maxBytes) {
      chunks = [Buffer.concat(chunks).subarray(-maxBytes)];
      size = chunks[0]!.length;
    }
  });
  stream?.on("error", () => undefined);
  return () => {
    const all = Buffer.concat(chunks);
    return (keep === "head" ? all.subarray(0, maxBytes) : all.subarray(-maxBytes)).toString("utf8");
  };
}

function startSandbox(options: SandboxRunOptions, limits: SandboxResourceLimits): ChildProcess {
  const argv = bubblewrapArgv({
    packageDir: options.packageDir,
    command: options.command,
    nodeBinary: process.execPath,
    declaredEnvironment: options.declaredEnvironment ?? [],
    entryEnvironment: options.entryEnvironment ?? {},
    limits,
    systemDirs: hostSystemDirs(),
    extraReadOnlyBinds: options.extraReadOnlyBinds ?? [],
    dropToUid: process.getuid?.() === 0 ? UNPRIVILEGED_UID : null,
  });
  // detached: its own process group, so one kill reaches bwrap; bwrap's pid namespace and
  // --die-with-parent take every process of the sandbox with it.
  const child = spawn(argv[0]!, argv.slice(1), {
    stdio: ["pipe", "pipe", "pipe", "pipe", "pipe"],
    detached: true,
    // Only what finds setpriv and bwrap; bwrap --clearenv gives the server none of it.
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", NODE_ENV: process.env.NODE_ENV },
  });
  const source = child.stdio[MONITOR_SOURCE_FD] as Writable | null;
  source?.on("error", () => undefined);
  source?.end(MONITOR_SOURCE);
  return child;
}

/**
 * Ends the sandbox: SIGKILL to its init (the child of our bwrap) ends its pid
 * namespace, so every process in it, and bwrap reaps it and exits. Killing
 * bwrap first would also end the tree (--die-with-parent) but leave the init
 * to whoever adopts orphans. bwrap's process group is killed after, in case
 * it never got as far as starting an init.
 */
async function endSandbox(child: ChildProcess, closed: Promise<void>, waitMs: number): Promise<void> {
  if (child.pid === undefined) return;
  const kill = (pid: number) => {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  childrenOf(child.pid).forEach(kill);
  await Promise.race([closed, sleep(Math.min(INIT_KILL_WAIT_MS, waitMs))]);
  kill(-child.pid);
  await Promise.race([closed, sleep(waitMs)]);
}

/** A wait that does not keep the process alive once nothing else does. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());
}

function toolsMissing(discovery: Discovery | null): boolean {
  return discovery === null || (discovery.tools.length === 0 && discovery.listingProblems.some((p) => p.listing === "tools"));
}

interface ProcessEnd {
  code: number | null;
  signal: string | null;
}

export async function runInSandbox(options: SandboxRunOptions): Promise<SandboxRunResult> {
  const limits: SandboxResourceLimits = { ...DEFAULT_SANDBOX_LIMITS, ...options.limits };
  const reserveMs = Math.min(MAX_KILL_RESERVE_MS, Math.floor(limits.deadlineMs / 4));
  const scanLimits = resolveScanLimits({ ...options.scanLimits, deadlineMs: limits.deadlineMs - reserveMs });
  const started = Date.now();
  const remainingMs = () => started + limits.deadlineMs - Date.now();

  const child = startSandbox(options, limits);
  const state: { end: ProcessEnd | null; spawnError: Error | null } = { end: null, spawnError: null };
  const closed = new Promise<void>((resolve) => {
    child.once("close", () => resolve());
    child.once("error", (error) => {
      state.spawnError = error;
      resolve();
    });
  });
  child.once("exit", (code, signal) => (state.end = { code, signal }));
  const stderr = collect(child.stderr, MAX_STDERR_BYTES, "tail");
  const monitor = collect(child.stdio[MONITOR_EVENTS_FD] as Readable | null, MAX_MONITOR_BYTES, "head");
  const watch = child.pid === undefined ? null : watchTree(child.pid);
  const transport = new ChildProcessTransport(child, scanLimits.maxResponseBytes, scanLimits.maxEventStreamBytes);

  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new ScanDeadlineError(limits.deadlineMs)), scanLimits.deadlineMs);
  const session =
    child.pid === undefined ? null : await discoverOverTransport(transport, { limits: scanLimits, signal: deadline.signal, transportName: "stdio" });
  clearTimeout(timer);

  // How the server ended on its own, if it did, is settled here; from now on we end it.
  const ownEnd = state.end;
  await endSandbox(child, closed, remainingMs());
  const peakMemoryBytes = watch?.stop() ?? null;
  if (watch) await waitUntilGone(watch.seen(), Math.max(50, remainingMs()));

  const stderrText = stderr();
  const monitored = parseMonitorEvents(monitor());
  const discovery = session?.ok ? session.discovery : null;
  const handshakeFailure = session && !session.ok ? session.failure : null;

  let stopReason: string | null = null;
  if (transport.overflow) stopReason = `output limit: ${transport.overflow}`;
  else if (deadline.signal.aborted) stopReason = `deadline: the run was stopped after ${limits.deadlineMs} ms`;
  else if (ownEnd) stopReason = exitStopReason(ownEnd.code, ownEnd.signal, stderrText, limits);
  else if (handshakeFailure) stopReason = "stopped without an MCP handshake";

  let failure: string | null = null;
  const sandboxError = SANDBOX_TOOL_ERROR.exec(stderrText)?.[0];
  if (state.spawnError || child.pid === undefined) failure = `${SANDBOX_DID_NOT_START}: ${state.spawnError?.message ?? "no process"}`;
  else if (handshakeFailure !== null) {
    // bwrap's own complaint wins even when the write to its closed stdin (EPIPE) failed the handshake before its exit was seen.
    if (sandboxError) failure = `${SANDBOX_DID_NOT_START}: ${sandboxError}`;
    else if (ownEnd) failure = `the server ended before the MCP handshake (${describeExit(ownEnd.code, ownEnd.signal)})`;
    else if (transport.overflow) failure = `MCP handshake failed: ${transport.overflow}`;
    else failure = handshakeFailure;
    if (transport.garbageLines > 0) failure += `; ${transport.garbageLines} stdout line(s) were not JSON-RPC`;
  }
  failure = failure === null ? null : keepText(failure, MAX_STDERR_CHARS).text;

  const observations: SandboxObservations = { ...monitored, stopReason, peakMemoryBytes, peakProcesses: watch?.peakProcesses() ?? 0, processLimit: limits.processes };
  const stderrTail = keepText(stderrText.slice(-MAX_STDERR_CHARS), MAX_STDERR_CHARS).text;
  const neededNetworkOrCredentials =
    toolsMissing(discovery) &&
    (monitored.refusedConnections.length > 0 || seemsToNeedCredentials(`${stderrTail}\n${failure ?? ""}`, options.declaredEnvironment ?? []));
  return { discovery, failure, observations, neededNetworkOrCredentials, stderrTail };
}
