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
 * An instance of its own: this port and base URL, the embedded database in
 * `dataDir`, and no shared store from the caller's environment (no
 * PostgreSQL, Redis or Upstash), so test runs never share state.
 */
export function isolatedAppEnvironment(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    BASE_URL: `http://127.0.0.1:${port}`,
    PGLITE_DIR: dataDir,
    DATABASE_URL: "",
    REDIS_URL: "",
    UPSTASH_REDIS_REST_URL: "",
    UPSTASH_REDIS_REST_TOKEN: "",
  };
}

export interface AppProcess {
  url: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the app the way `npm start` does (build if stale, migrate, serve) in
 * a child process on a port of its own, and resolves once it listens. Used by
 * the benchmarks and the browser tests, so both exercise the real server.
 */
export async function startAppProcess(env: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<AppProcess> {
  const port = env.PORT ?? String(40_000 + Math.floor(Math.random() * 20_000));
  const root = process.cwd();
  // One process, tsx as a loader: the tsx CLI would run the script in a child and relay signals
  // with a 30 ms handshake, SIGKILLing a busy app instead of letting it shut down gracefully.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
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
      reject(new Error(`the app exited with ${code}:\n${output.slice(-3000)}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, process: child, output: () => output, stop };
}
