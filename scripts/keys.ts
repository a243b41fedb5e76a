/**
 * `npm run keys -- create --name NAME [--scope client|admin]` prints the new key alone on its last line (shown once);
 * `npm run keys -- list` lists keys (never the keys themselves); `npm run keys -- revoke ID`.
 */
import { parseArgs } from "node:util";
import { config } from "@/lib/config";
import { API_KEY_SCOPES, type ApiKeyScope } from "@/lib/core/api-keys/api-key-store";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/core/api-keys/revoke-api-key";
import { openCliServices } from "./lib/open-cli-services";
import { runCli, UsageError } from "./lib/run-cli";

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { name: { type: "string" }, scope: { type: "string", default: "client" } },
  });
  const [command, ...rest] = positionals;
  if (!command || !["create", "list", "revoke"].includes(command)) throw new UsageError(command ? `Unknown command "${command}".` : "No command given.");
  if (command === "create" && !values.name) throw new UsageError("--name is required.");
  if (command === "create" && !API_KEY_SCOPES.includes(values.scope as ApiKeyScope)) throw new UsageError(`--scope must be one of ${API_KEY_SCOPES.join(", ")}.`);
  if (command === "revoke" && rest.length !== 1) throw new UsageError("revoke takes one key id.");

  const services = await openCliServices(config());
  try {
    if (command === "create") {
      const { key, record } = await createApiKey(services.apiKeys, { name: values.name!, scope: values.scope as ApiKeyScope });
      console.log(`Created ${record.scope} key "${record.name}" (id ${record.id}). It is shown once; store it now. Send it as X-API-Key.`);
      console.log(key);
    } else if (command === "list") {
      const keys = await services.apiKeys.list();
      if (keys.length === 0) console.log("No API keys.");
      for (const k of keys) {
        console.log(
          [
            k.id,
            k.name,
            k.scope,
            `${k.keyPrefix}…`,
            `created ${k.createdAt.toISOString()}`,
            `last used ${k.lastUsedAt?.toISOString() ?? "never"}`,
            k.revokedAt ? `REVOKED ${k.revokedAt.toISOString()}` : "active",
          ].join("\t"),
        );
      }
    } else {
      const record = await revokeApiKey(services.apiKeys, rest[0]);
      console.log(`Revoked key "${record.name}" (id ${record.id}) at ${record.revokedAt!.toISOString()}.`);
    }
  } finally {
    await services.close();
  }
}

runCli(
  {
    usage: ["npm run keys -- create --name NAME [--scope client|admin]", "npm run keys -- list", "npm run keys -- revoke ID"],
    description:
      "Manages API keys. create prints the new key alone on its last line: it is shown once and stored only as a SHA-256 hash. " +
      "list shows every key without the key itself; revoke stops a key at once. " +
      "On the embedded database it cannot run beside the app (docs/operations.md).",
    options: [
      ["--name NAME", "create: who or what the key is for"],
      ["--scope SCOPE", `create: ${API_KEY_SCOPES.join(" or ")} (default client)`],
      ["-h, --help", "print this help and exit"],
    ],
    examples: ['npm run keys -- create --name "ci robot" --scope admin', "npm run keys -- list", "npm run keys -- revoke 3f0c…"],
  },
  main,
);
