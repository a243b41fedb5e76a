import { execFile } from "node:child_process";
import path from "node:path";
import { inheritedEnvironment } from "../../../scripts/lib/app-process";

const tsx = path.join(process.cwd(), "node_modules/tsx/dist/cli.mjs");

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of our scripts the way its npm script does (tsx), in a child
 * process, asynchronously (so several run at once and servers of the test
 * process keep answering). `env` is laid over the test's environment.
 */
export function runScript(script: string, args: string[], env: Record<string, string> = {}): Promise<ScriptRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [tsx, script, ...args],
      { encoding: "utf8", timeout: 90_000, env: { ...inheritedEnvironment(), ...env } },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

/** A stack trace's frames look like this; a message for people never does. */
export const STACK_FRAME = /^\s+at /m;
