import { ConfigError } from "@/lib/config";
import { isAppError } from "@/lib/core/errors";

/**
 * Runs a command-line entry point: a configuration or domain error is the
 * user's to fix and prints as its message alone; anything else is ours and
 * prints whole. Either way the process exits 1.
 */
export function runCli(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError || isAppError(error)) console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
}
