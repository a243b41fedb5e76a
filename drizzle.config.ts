import { defineConfig } from "drizzle-kit";

// Only used to generate migrations (npm run db:generate); the app migrates itself at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
