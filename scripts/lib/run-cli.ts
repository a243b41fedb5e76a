import { DataDirectoryInUseError } from "@/db/data-directory-lock";
import { ConfigError } from "@/lib/config";
import { isAppError } from "@/lib/core/errors";

/** What `--help` prints; also the usage lines shown under a usage error. */
export interface CliHelp {
  /** One line per form of the command, e.g. "npm run keys -- list". */
  usage: string[];
  /** What the command does, in a few sentences. */
  description: string;
  options?: [flag: string, meaning: string][];
  examples?: string[];
}

/** Bad arguments: printed with the usage lines; the process exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** A failure the user fixes (the database cannot be reached, a bad input file): printed as its message alone. */
/** Jobs or scans a command may run at once (--concurrency): the job commands share one bound. */
export const MAX_JOB_CONCURRENCY = 32;

/** --concurrency N, a whole number from 1 to MAX_JOB_CONCURRENCY, or a UsageError saying so. */
export function parseConcurrency(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > MAX_JOB_CONCURRENCY) {
    throw new UsageError(`--concurrency takes a whole number from 1 to ${MAX_JOB_CONCURRENCY}, not "${text}".`);
  }
  return value;
}

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = "CliError";
  }
}

const WIDTH = 100;

function indent(lines: string[]): string {
  return lines.map((line) => `  ${line}`).join("\n");
}

/** Breaks text into lines of at most `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function formatUsage(help: CliHelp): string {
  return `Usage:\n${indent(help.usage)}`;
}

function formatHelp(help: CliHelp): string {
  const sections = [formatUsage(help), wrap(help.description, WIDTH).join("\n")];
  if (help.options?.length) {
    const width = Math.max(...help.options.map(([flag]) => flag.length));
    const lines = help.options.flatMap(([flag, meaning]) =>
      wrap(meaning, WIDTH - width - 4).map((part, i) => `${(i === 0 ? flag : "").padEnd(width)}  ${part}`),
    );
    sections.push(`Options:\n${indent(lines)}`);
  }
  if (help.examples?.length) sections.push(`Examples:\n${indent(help.examples)}`);
  return `${sections.join("\n\n")}\n`;
}

/** --help or -h anywhere before a `--` that ends the options. */
function wantsHelp(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end < 0 ? args : args.slice(0, end)).some((arg) => arg === "--help" || arg === "-h");
}

/** node:util parseArgs refuses an unknown option or a stray argument with these codes. */
function isParseArgsError(error: unknown): error is Error {
  return error instanceof Error && String((error as NodeJS.ErrnoException).code ?? "").startsWith("ERR_PARSE_ARGS_");
}

/**
 * Runs a command-line entry point. `--help` prints the help and does nothing
 * else (no database opened, no work done). Exit codes are the same for
 * every command: 0 done, 1 failed, 2 bad usage; a command may return its
 * own code (the scan CLI's 1 for a grade below --min-grade). A usage,
 * configuration or domain error is the user's to fix and prints as its
 * message alone; anything else is ours and prints whole.
 */
export function runCli(help: CliHelp, main: () => Promise<number | void>): void {
  if (wantsHelp(process.argv.slice(2))) {
    process.stdout.write(formatHelp(help));
    return;
  }
  main().then(
    (code) => {
      if (typeof code === "number") process.exit(code);
    },
    (error: unknown) => {
      if (error instanceof UsageError || isParseArgsError(error)) {
        console.error(`${error.message}\n${formatUsage(help)}\nRun with --help for details.`);
        process.exit(2);
      }
      if (error instanceof ConfigError || error instanceof CliError || error instanceof DataDirectoryInUseError || isAppError(error)) {
        console.error(error.message);
      } else {
        console.error(error);
      }
      process.exit(error instanceof CliError ? error.exitCode : 1);
    },
  );
}
