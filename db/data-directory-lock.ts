import { linkSync, mkdirSync, readFileSync, realpathSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * One process at a time may have an embedded (PGlite) data directory open:
 * PGlite keeps the database in the memory of the process that opened it, so
 * a second writer corrupts the files and a second reader sees stale data
 * (an API key created by a CLI stays unknown to the running app).
 *
 * The lock is a file beside the directory (`<dir>.lock`, not inside it:
 * PGlite initialises a directory it finds without PG_VERSION) holding the
 * owner's pid. It belongs to the process, not to a handle: `npm start`
 * migrates on one handle, closes it, and the Next app in the same process
 * opens another, so the lock is counted per process and the file goes when
 * the count reaches zero or the process exits. A file whose pid is no
 * longer alive was left by a crash and is taken over.
 */
export class DataDirectoryInUseError extends Error {
  constructor(dataDir: string, pid: number, command: string) {
    super(
      `The embedded database at ${dataDir} is in use by another process (pid ${pid}${command ? `, ${command}` : ""}). ` +
        "Stop it first, or point DATABASE_URL at PostgreSQL to run commands beside the app.",
    );
    this.name = "DataDirectoryInUseError";
  }
}

// On globalThis: Next loads its own copy of this module beside the start script's, and both must count one lock.
const globalKey = Symbol.for("mcp-trust-registry.data-directory-locks");
type GlobalWithLocks = typeof globalThis & { [globalKey]?: Map<string, number> };

function heldLocks(): Map<string, number> {
  const g = globalThis as GlobalWithLocks;
  if (!g[globalKey]) {
    g[globalKey] = new Map();
    // A process that exits without closing its handles still leaves no lock behind (a kill -9 does: see takeOver).
    process.once("exit", () => {
      for (const lockPath of g[globalKey]!.keys()) removeIfOurs(lockPath);
    });
  }
  return g[globalKey]!;
}

/** What the lock file says: the pid, then the command, for the message a second process prints. */
function lockContent(): string {
  const script = process.argv[1] ? path.relative(process.cwd(), process.argv[1]) : "";
  return `${process.pid}\n${script}\n`;
}

function readLock(lockPath: string): { raw: string; pid: number; command: string } | null {
  try {
    const raw = readFileSync(lockPath, "utf8");
    const [pid, command = ""] = raw.split("\n");
    return { raw, pid: Number(pid), command: command.trim() };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  // 0 and negative pids address process groups, not a process.
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Creates the lock file with its content in one step (link fails if it exists), so nobody ever reads it half-written. */
function tryCreate(lockPath: string): boolean {
  const draft = `${lockPath}.${process.pid}.tmp`;
  writeFileSync(draft, lockContent());
  try {
    linkSync(draft, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

/**
 * Removes a lock left by a dead process. Two processes may find the same
 * stale lock; the rename moves exactly one file, and the content check
 * tells whether it was still the stale one or already the other's new lock,
 * which is put back.
 */
function takeOver(lockPath: string, staleContent: string): void {
  const aside = `${lockPath}.${process.pid}.stale`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  try {
    if (readFileSync(aside, "utf8") !== staleContent) linkSync(aside, lockPath);
  } catch (error) {
    // EEXIST: a third process took the free name in that instant; its lock stands.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(aside);
  }
}

function removeIfOurs(lockPath: string): void {
  if (readLock(lockPath)?.pid !== process.pid) return;
  try {
    unlinkSync(lockPath);
  } catch {
    // Already gone: nothing to release.
  }
}

function acquire(lockPath: string, dataDir: string): void {
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(lockPath)) return;
    const holder = readLock(lockPath);
    if (!holder) continue;
    // Ours already, or left by an earlier process that had our pid (a container's pid 1 after a restart).
    if (holder.pid === process.pid) return;
    if (isAlive(holder.pid)) throw new DataDirectoryInUseError(dataDir, holder.pid, holder.command);
    takeOver(lockPath, holder.raw);
  }
  throw new Error(`Could not take the lock ${lockPath}: other processes keep taking it.`);
}

/**
 * Takes (or counts once more) this process's lock on a PGlite data
 * directory and returns its release; releasing twice is harmless. Throws
 * DataDirectoryInUseError when a live process holds it. memory:// needs no lock.
 */
export function lockDataDirectory(dataDir: string): () => void {
  if (dataDir.startsWith("memory://")) return () => {};
  const absolute = path.resolve(dataDir);
  const parent = path.dirname(absolute);
  mkdirSync(parent, { recursive: true });
  // The real parent path, so two spellings of one directory (a symlink, /tmp on macOS) share one lock.
  const lockPath = path.join(realpathSync(parent), `${path.basename(absolute)}.lock`);
  const locks = heldLocks();
  const count = locks.get(lockPath) ?? 0;
  if (count === 0) acquire(lockPath, dataDir);
  locks.set(lockPath, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (locks.get(lockPath) ?? 1) - 1;
    if (left > 0) {
      locks.set(lockPath, left);
      return;
    }
    locks.delete(lockPath);
    removeIfOurs(lockPath);
  };
}
