/**
 * `npm start`: build when no build exists or the sources changed, migrate,
 * serve. `npm run dev` (--dev): migrate and serve with hot reload.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config, ConfigError } from "@/lib/config";
import { openServices } from "@/lib/services/open-services";
import { startHttpServer } from "@/lib/server/http-server";
import { sourceFingerprint } from "@/lib/server/source-fingerprint";

const dev = process.argv.includes("--dev");
const root = process.cwd();
const stampFile = path.join(root, ".next", "source-fingerprint");

function buildIfStale(): void {
  const fingerprint = sourceFingerprint(root);
  const built = existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stampFile);
  if (built && readFileSync(stampFile, "utf8") === fingerprint) return;
  console.log(built ? "Sources changed since the last build: rebuilding…" : "No build yet: building…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("The build failed; see the output above.");
    process.exit(1);
  }
  writeFileSync(stampFile, fingerprint);
}

async function main(): Promise<void> {
  const settings = config();
  if (!dev) buildIfStale();
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
