/**
 * `npm start`: build when no build exists or the sources changed, migrate,
 * serve. `npm run dev` (--dev): migrate and serve with hot reload.
 */
import { config } from "@/lib/config";
import { ensureProductionBuild } from "@/lib/server/ensure-build";
import { startHttpServer } from "@/lib/server/http-server";
import { closeProcessServices } from "@/lib/services/process-services";
import { logError, logger } from "@/lib/log";
import { holdEmbeddedDatabase, openCliServices } from "./lib/open-cli-services";
import { runCli } from "./lib/run-cli";

const dev = process.argv.includes("--dev");

async function main(): Promise<void> {
  const settings = config();
  if (!dev) ensureProductionBuild(process.cwd());
  // After the build (its workers are other processes): from here to exit no other process may open the embedded database.
  holdEmbeddedDatabase(settings);
  // Migrate, then release the handle: the app opens its own (PGlite allows one per directory).
  const services = await openCliServices(settings);
  console.log(`Database ready (${services.database.kind === "pglite" ? `embedded PGlite at ${settings.PGLITE_DIR}` : "PostgreSQL"}).`);
  await services.close();
  // Assessment jobs and the rescan schedule run in this process on the app's own services (docs/jobs.md).
  const { startInProcessJobs } = await import("@/lib/jobs/in-process-jobs");
  if (await startInProcessJobs(settings)) console.log(`Working assessment jobs in this process, ${settings.JOB_CONCURRENCY} at a time.`);
  const server = await startHttpServer({
    dev,
    host: settings.HOST,
    port: settings.PORT,
    trustedProxyCount: settings.TRUSTED_PROXY_COUNT,
  });
  console.log(`MCP Trust Registry listening on ${server.url} (public base URL ${settings.BASE_URL})`);
  // Graceful stop (docs/operations.md): refuse new connections, let in-flight requests finish within the grace, then close pools.
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const log = logger();
    log.info({ signal, graceMs: settings.SHUTDOWN_GRACE_MS }, "shutting down: no new connections, finishing in-flight requests");
    const { cut } = await server.close(settings.SHUTDOWN_GRACE_MS);
    if (cut > 0) log.warn({ cut }, "shutdown grace ran out: in-flight requests cut");
    await closeProcessServices().catch((error: unknown) => logError("shutdown", error));
    log.info("stopped");
    log.flush();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

runCli(
  {
    usage: ["npm start", "npm run dev"],
    description:
      "Serves the registry. npm start builds the app when no build exists or the sources changed, applies pending migrations " +
      "and serves the production build; npm run dev (--dev) migrates and serves with hot reload, without a build. " +
      "Settings are environment variables (README: Settings). On the embedded database (no DATABASE_URL) the app owns " +
      "PGLITE_DIR while it runs: the other commands refuse to open it until it stops (docs/operations.md).",
    options: [
      ["--dev", "hot reload instead of the production build (what npm run dev passes)"],
      ["-h, --help", "print this help and exit"],
    ],
    examples: ["npm start", "PORT=8080 npm start", "DATABASE_URL=postgres://postgres@127.0.0.1:5432/registry npm start", "npm run dev"],
  },
  main,
);
