/**
 * `npm start`: build when no build exists or the sources changed, migrate,
 * serve. `npm run dev` (--dev): migrate and serve with hot reload.
 */
import { config, ConfigError } from "@/lib/config";
import { ensureProductionBuild } from "@/lib/server/ensure-build";
import { openServices } from "@/lib/services/open-services";
import { startHttpServer } from "@/lib/server/http-server";

const dev = process.argv.includes("--dev");

async function main(): Promise<void> {
  const settings = config();
  if (!dev) ensureProductionBuild(process.cwd());
  // Migrate, then release the database: the app opens its own handle (PGlite allows one per directory).
  const services = await openServices(settings);
  console.log(`Database ready (${services.database.kind === "pglite" ? `embedded PGlite at ${settings.PGLITE_DIR}` : "PostgreSQL"}).`);
  await services.close();
  const server = await startHttpServer({
    dev,
    host: settings.HOST,
    port: settings.PORT,
    trustedProxyCount: settings.TRUSTED_PROXY_COUNT,
  });
  console.log(`MCP Trust Registry listening on ${server.url} (public base URL ${settings.BASE_URL})`);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error("Start-up failed:", error);
  process.exit(1);
});
