import { spawn, type ChildProcess } from "node:child_process";

/**
 * The parent's environment without what a test runner adds: vitest exports
 * Vite's BASE_URL ("/"), MODE, DEV, PROD and SSR, and BASE_URL is also ours.
 */
export function inheritedEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  if (process.env.VITEST) for (const name of ["BASE_URL", "MODE", "DEV", "PROD", "SSR"]) delete env[name];
  return env;
}

/**
 * The embedded database in `dataDir` and none of the caller's shared stores
 * (no PostgreSQL, Redis or Upstash), so test runs never share state: what an
 * app or a command started by a test may touch.
 */
export function isolatedStoreEnvironment(dataDir: string): Record<string, string> {
  return { PGLITE_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "", UPSTASH_REDIS_REST_URL: "", UPSTASH_REDIS_REST_TOKEN: "" };
}

/**
 * The Node flags of `npm start` (package.json), so tests and benchmarks run
 * the server as users do. `--heap-growing-percent=50`: V8 lets the heap grow
 * 50% past what the last full GC left live before the next one, instead of
 * up to 300% on a machine with memory to spare; with ~100 MB live the server
 * otherwise settled at ~450 MB of heap under load. Full GCs come more often,
 * each tens of ms and mostly concurrent; throughput was unchanged
 * (docs/performance.md).
 */
const SERVER_NODE_FLAGS = ["--heap-growing-percent=50"];

export interface AppProcess {
  url: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Ports the app is started on: below Linux's ephemeral range (32768-60999),
 * which the kernel hands to outgoing connections and to `listen(0)`. A port
 * probed free in that range can be taken by any test's next connection before
 * the app binds it (CI lost a run to exactly that); here only another
 * listener can collide, and a collision is retried on a new port.
 */
const APP_PORT_RANGE = { first: 20_000, last: 32_000 };
const START_ATTEMPTS = 5;

/**
 * Starts the app the way `npm start` does (build if stale, migrate, serve) in
 * a child process on a port of its own, and resolves once it listens. Used by
 * the benchmarks and the browser tests, so both exercise the real server.
 * The port is chosen here (BASE_URL follows it unless given) and retried if
 * another process took it first.
 */
export async function startAppProcess(env: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<AppProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = APP_PORT_RANGE.first + Math.floor(Math.random() * (APP_PORT_RANGE.last - APP_PORT_RANGE.first));
    try {
      return await startOnPort(port, { BASE_URL: `http://127.0.0.1:${port}`, ...env }, options);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === START_ATTEMPTS) throw error;
    }
  }
}

class PortTakenError extends Error {}

async function startOnPort(portNumber: number, env: Record<string, string>, options: { timeoutMs?: number }): Promise<AppProcess> {
  const port = String(portNumber);
  const root = process.cwd();
  // One process, tsx as a loader: the tsx CLI would run the script in a child and relay signals
  // with a 30 ms handshake, SIGKILLing a busy app instead of letting it shut down gracefully.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env: { ...inheritedEnvironment(), NODE_ENV: "production", HOST: "127.0.0.1", ...env, PORT: port },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5000).unref();
    });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start within the timeout:\n${output.slice(-3000)}`)), options.timeoutMs ?? 300_000);
    const check = () => {
      if (/listening on/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      const message = `the app exited with ${code}:\n${output.slice(-3000)}`;
      reject(/EADDRINUSE/.test(output) ? new PortTakenError(message) : new Error(message));
    });
  });
  return { url: `http://127.0.0.1:${port}`, process: child, output: () => output, stop };
}
