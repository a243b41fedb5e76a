import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sourceFingerprint } from "./source-fingerprint";

const LOCK_STALE_MS = 15 * 60_000;
const LOCK_WAIT_MS = 20 * 60_000;

/** Sleeps without an event loop: start-up is synchronous here on purpose. */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Two starts at once (a test suite starting several app instances) must not
 * run two `next build`s into the same .next directory: the second waits for
 * the first, then finds the build fresh. mkdir is atomic, so it is the lock.
 */
function withBuildLock<T>(root: string, fn: () => T): T {
  const lock = path.join(root, ".next-build.lock");
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (existsSync(lock) ? statSync(lock).mtimeMs : Date.now());
      if (age > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() - started > LOCK_WAIT_MS) throw new Error(`another build holds ${lock}`);
      else sleep(500);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * `next build --webpack`, not Next 16's default Turbopack. Turbopack's server
 * output gives each route entry its own copy of the chunks the routes share
 * (our core, zod, drizzle, the MCP SDK: 11 identical ~1 MB chunks for the API
 * routes alone), each with a ~3 MB source map that Node parses and keeps as
 * soon as it loads the chunk, because tsx turns source maps on for the whole
 * server process. Loading every route held ~100 MB more heap than webpack's
 * output, one shared runtime with one copy of each module and no server
 * source maps (docs/performance.md).
 */
const NEXT_BUILD_ARGS = ["build", "--webpack"];

/**
 * Builds the app when no build exists or a build input changed since the
 * last build, so `npm start` on a fresh clone just works and a second start
 * is instant.
 */
export function ensureProductionBuild(root: string): void {
  withBuildLock(root, () => {
    const stampFile = path.join(root, ".next", "source-fingerprint");
    // The build command is an input too: a build made another way (Turbopack) is rebuilt.
    const fingerprint = sourceFingerprint(root, NEXT_BUILD_ARGS.join(" "));
    const built = existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stampFile);
    if (built && readFileSync(stampFile, "utf8") === fingerprint) return;
    console.log(built ? "Sources changed since the last build: rebuilding…" : "No build yet: building…");
    const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), ...NEXT_BUILD_ARGS], {
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
    });
    if (result.status !== 0) throw new Error("The build failed; see the output above.");
    writeFileSync(stampFile, fingerprint);
  });
}
