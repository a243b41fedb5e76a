/** `npm run db:migrate`: applies pending migrations; running it twice is harmless. */
import { parseArgs } from "node:util";
import { config } from "@/lib/config";
import { openCliServices } from "./lib/open-cli-services";
import { runCli } from "./lib/run-cli";

async function main(): Promise<void> {
  parseArgs({ options: {} });
  const services = await openCliServices(config());
  console.log(`Migrations applied (${services.database.kind}).`);
  await services.close();
}

runCli(
  {
    usage: ["npm run db:migrate"],
    description:
      "Applies the pending migrations of db/migrations to the configured database (DATABASE_URL, or the embedded one at PGLITE_DIR). " +
      "Running it twice is harmless, and on PostgreSQL concurrent runs wait for each other. npm start migrates too, " +
      "so this is for PostgreSQL deployments that migrate before rolling out the app.",
    options: [["-h, --help", "print this help and exit"]],
    examples: ["npm run db:migrate", "DATABASE_URL=postgres://postgres@127.0.0.1:5432/registry npm run db:migrate"],
  },
  main,
);
