/** `npm run db:migrate`: applies pending migrations; running it twice is harmless. */
import { config, ConfigError } from "@/lib/config";
import { openServices } from "@/lib/services/open-services";

async function main(): Promise<void> {
  const services = await openServices(config());
  console.log(`Migrations applied (${services.database.kind}).`);
  await services.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
