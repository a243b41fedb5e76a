import { constants } from "node:os";
import type { SandboxResourceLimits } from "./bubblewrap";

/**
 * Why a sandboxed server ended before we ended it, in words. bwrap exits
 * with its command's status, or 128 + the signal that killed it; the limit
 * that was hit is told by the signal (CPU, file size) or, for memory and
 * processes whose failures are ordinary errors, by what the server wrote to
 * stderr as it died.
 */

const MEMORY_TEXT = /out of memory|allocation failed|cannot allocate memory|\bENOMEM\b/i;
const PROCESS_TEXT = /\bEAGAIN\b|resource temporarily unavailable|cannot fork/i;

function signalName(number: number): string | null {
  return Object.entries(constants.signals).find(([, value]) => value === number)?.[0] ?? null;
}

function mib(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MiB`;
}

/** How the process ended: "exit code 1", "signal SIGABRT". */
export function describeExit(exitCode: number | null, signal: string | null): string {
  if (signal) return `signal ${signal}`;
  if (exitCode !== null && exitCode > 128) return `signal ${signalName(exitCode - 128) ?? exitCode - 128}`;
  return `exit code ${exitCode ?? "unknown"}`;
}

/** The limit a server that exited on its own most likely hit, or null when it just exited. */
function limitHit(exitCode: number | null, stderr: string, limits: SandboxResourceLimits): string | null {
  const signal = exitCode !== null && exitCode > 128 ? signalName(exitCode - 128) : null;
  if (signal === "SIGXCPU") return `CPU limit (${limits.cpuSeconds} s) reached`;
  if (signal === "SIGXFSZ") return `file size limit (${mib(limits.fileSizeBytes)}) reached`;
  if (exitCode !== 0 && MEMORY_TEXT.test(stderr)) return `memory limit (${mib(limits.memoryBytes)}) reached`;
  if (exitCode !== 0 && PROCESS_TEXT.test(stderr)) return `process limit (${limits.processes}) reached`;
  return null;
}

/** The stopReason of a server that ended by itself. */
export function exitStopReason(exitCode: number | null, signal: string | null, stderr: string, limits: SandboxResourceLimits): string {
  const how = describeExit(exitCode, signal);
  const limit = limitHit(exitCode, stderr, limits);
  return limit ? `${limit}; the server ended with ${how}` : `the server exited (${how})`;
}
