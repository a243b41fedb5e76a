import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/**
 * The parent's environment without what a test runner adds: vitest exports
 * Vite's BASE_URL ("/"), MODE, DEV, PROD and SSR, and BASE_URL is also ours.
 */
export function inheritedEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  if (process.env.VITEST) for (const name of ["BASE_URL", "MODE", "DEV", "PROD", "SSR"]) delete env[name];
  return env;
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
  const child = spawn(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/start.ts"], {
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
