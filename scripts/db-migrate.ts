/** `npm run db:migrate`: applies pending migrations; running it twice is harmless. */
import { config } from "@/lib/config";
import { openServices } from "@/lib/services/open-services";
import { runCli } from "./lib/run-cli";

async function main(): Promise<void> {
  const services = await openServices(config());
  console.log(`Migrations applied (${services.database.kind}).`);
  await services.close();
}

runCli(main);
