/**
 * `npm run registry:import -- <file-or-url>`: imports the official MCP
 * Registry's list format. Given a URL, follows nextCursor page by page.
 */
import { readFile } from "node:fs/promises";
import { config } from "@/lib/config";
import { importOfficialRegistry, type RegistryPageSource } from "@/lib/core/registry/import-official-registry";
import { openServices } from "@/lib/services/open-services";
import { runCli } from "./lib/run-cli";

const PAGE_TIMEOUT_MS = 30_000;

function sourceFor(target: string): RegistryPageSource {
  if (/^https?:\/\//i.test(target)) {
    return {
      label: target,
      followCursor: true,
      async fetchPage(cursor) {
        const url = new URL(target);
        if (cursor) url.searchParams.set("cursor", cursor);
        const response = await fetch(url, { signal: AbortSignal.timeout(PAGE_TIMEOUT_MS), headers: { accept: "application/json" } });
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return response.json();
      },
    };
  }
  return {
    label: target,
    followCursor: false,
    async fetchPage() {
      return JSON.parse(await readFile(target, "utf8"));
    },
  };
}

async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target) {
    console.error("usage: npm run registry:import -- <file-or-url>");
    process.exit(2);
  }
  const services = await openServices(config());
  try {
    const run = await importOfficialRegistry(services.store, sourceFor(target));
    console.log(
      `Imported ${run.source}: ${run.added} added, ${run.updated} updated, ${run.unchanged} unchanged, ` +
        `${run.removed} removed, ${run.skipped} skipped (${run.pages} page${run.pages === 1 ? "" : "s"}).`,
    );
    for (const skip of run.skippedReasons.slice(0, 50)) console.log(`  skipped ${skip.entry}: ${skip.reason}`);
    if (run.skippedReasons.length > 50) console.log(`  … and ${run.skippedReasons.length - 50} more`);
    if (run.error) {
      console.error(`The import stopped early: ${run.error}`);
      process.exitCode = 1;
    }
    if (run.added > 0) console.log("New servers appear in public reads once scanned: npm run rescan");
  } finally {
    await services.close();
  }
}

runCli(main);
