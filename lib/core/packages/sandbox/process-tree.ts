import { readdirSync, readFileSync } from "node:fs";

/**
 * The sandbox's processes as the host sees them, through /proc: for the
 * peak memory of a run (the sum of each live process's VmHWM, its own peak
 * resident set, sampled; a cgroup is not available everywhere) and to make
 * sure the tree is gone before a run reports.
 */

const MAX_PROCESSES = 4096;

/** Live children of `pid` (host pids). */
export function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8")
        .split(" ")
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

/** `root` and its descendants that are alive now (host pids). */
export function processTree(root: number): number[] {
  const seen: number[] = [];
  const queue = [root];
  while (queue.length > 0 && seen.length < MAX_PROCESSES) {
    const pid = queue.shift()!;
    if (!isAlive(pid)) continue;
    seen.push(pid);
    queue.push(...childrenOf(pid));
  }
  return seen;
}

/** Alive and not a zombie: a zombie holds no memory and runs nothing. */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/**
 * From one read of /proc/<pid>/status: its threads (RLIMIT_NPROC counts every
 * task, and a Node process has about seven) and its peak resident set.
 */
function processStatus(pid: number): { tasks: number; peakResidentBytes: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const threads = /^Threads:\s+(\d+)$/m.exec(status);
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(status);
    return { tasks: threads ? Number(threads[1]) : 1, peakResidentBytes: hwm ? Number(hwm[1]) * 1024 : 0 };
  } catch {
    return { tasks: 0, peakResidentBytes: 0 };
  }
}

export interface TreeWatch {
  /** Stops sampling; the largest sum seen, null when no sample found a process. */
  stop(): number | null;
  /** The most tasks (processes and their threads, what the process limit counts) one sample saw in the tree, bwrap and its init included. */
  peakProcesses(): number;
  /** Every pid the samples saw, to check after the kill. */
  seen(): Set<number>;
}

export function watchTree(root: number, intervalMs = 50): TreeWatch {
  let peak: number | null = null;
  let peakProcesses = 0;
  const seen = new Set<number>();
  const sample = () => {
    const pids = processTree(root);
    if (pids.length === 0) return;
    let tasks = 0;
    let resident = 0;
    for (const pid of pids) {
      seen.add(pid);
      const status = processStatus(pid);
      tasks += status.tasks;
      resident += status.peakResidentBytes;
    }
    peakProcesses = Math.max(peakProcesses, tasks);
    peak = Math.max(peak ?? 0, resident);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
    seen: () => seen,
    peakProcesses: () => peakProcesses,
  };
}

/** Waits until none of `pids` is alive, at most `timeoutMs`; true when they are all gone. */
export async function waitUntilGone(pids: Iterable<number>, timeoutMs: number): Promise<boolean> {
  const list = [...pids];
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (!list.some(isAlive)) return true;
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
