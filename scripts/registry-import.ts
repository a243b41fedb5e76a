/**
 * `npm run registry:import -- <file-or-url>`: imports what the official MCP
 * Registry publishes (its list, a bare array of server.json as in its seed
 * file, or one server.json). Given a URL, follows nextCursor page by page.
 * Every line about an entry names its place ([index], and the page when
 * there are several); the summary is printed last, once the run is over.
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { config } from "@/lib/config";
import { importOfficialRegistry, type ImportRun, type RegistryPageSource } from "@/lib/core/registry/import-official-registry";
import type { ImportedServer } from "@/lib/core/registry/registry-store";
import type { AssessRequest } from "@/lib/core/registry/rescan-servers";
import type { Services } from "@/lib/services/open-services";
import { CURRENT_SERVER_JSON_SCHEMA } from "@/lib/core/registry/subregistry/server-json-schema";
import { openCliServices } from "./lib/open-cli-services";
import { runCli, UsageError } from "./lib/run-cli";

const PAGE_TIMEOUT_MS = 30_000;
const MAX_LINES = 50;

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
        const text = await response.text();
        try {
          return JSON.parse(text);
        } catch {
          throw new Error(`${url} did not answer JSON`);
        }
      },
    };
  }
  return {
    label: target,
    followCursor: false,
    async fetchPage() {
      let text: string;
      try {
        text = await readFile(target, "utf8");
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new Error(`cannot read ${target}${code === "ENOENT" ? ": no such file" : code ? ` (${code})` : ""}`);
      }
      try {
        return JSON.parse(text);
      } catch (error) {
        throw new Error(`${target} is not JSON (${(error as Error).message})`);
      }
    },
  };
}

function place(run: ImportRun, line: { page?: number; index?: number }): string {
  const page = run.pages > 1 && line.page !== undefined ? `page ${line.page} ` : "";
  return line.index === undefined ? "" : `${page}[${line.index}] `;
}

function printLines<T>(items: T[], format: (item: T) => string): void {
  for (const item of items.slice(0, MAX_LINES)) console.log(format(item));
  if (items.length > MAX_LINES) console.log(`  … and ${items.length - MAX_LINES} more`);
}

function counts(run: ImportRun): string {
  return (
    `${run.added} added, ${run.updated} updated, ${run.unchanged} unchanged, ${run.removed} removed, ${run.skipped} skipped ` +
    `(${run.pages} page${run.pages === 1 ? "" : "s"}); ${run.served} served on /v0.1`
  );
}

/** Queues an assessment job (docs/jobs.md) for each server the run added or updated; answers how many were new. */
async function enqueueAssessments(services: Services, changed: ImportedServer[]): Promise<number> {
  const requests: AssessRequest[] = [];
  for (const entry of changed) {
    const server = entry.url ? await services.store.findServerByUrl(entry.url) : null;
    if (server?.url) requests.push({ serverId: server.id, url: server.url, trigger: "import" });
  }
  if (requests.length === 0) return 0;
  // Loaded here, not at the top: pg-boss takes a while to load, which --help and --no-assess need not wait for.
  const { openJobQueue } = await import("@/lib/jobs/job-queue");
  const queue = await openJobQueue(services.database, services.config.DATABASE_URL, { background: false, instanceName: "import" });
  try {
    return await queue.enqueue(requests);
  } finally {
    await queue.stop(services.config.SHUTDOWN_GRACE_MS);
  }
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { "no-assess": { type: "boolean", default: false } } });
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? "No file or URL given." : "Give one file or URL.");
  const [target] = positionals;
  const cfg = config();
  const services = await openCliServices(cfg);
  try {
    const changed: ImportedServer[] = [];
    const run = await importOfficialRegistry(services.store, sourceFor(target), {
      identityPolicy: { allowPrivateTargets: cfg.SCAN_ALLOW_PRIVATE_TARGETS },
      subregistry: services.subregistry,
      onChanged: (entry) => changed.push(entry),
    });
    // What was imported before an early stop is assessed too.
    const queued = values["no-assess"] ? null : await enqueueAssessments(services, changed);
    // The run is over: what happened to single entries first, the summary last.
    printLines(run.skippedReasons, (s) => `  skipped ${place(run, s)}${s.entry}: ${s.reason}`);
    printLines(run.notes, (n) => `  note ${place(run, n)}${n.entry}: ${n.note}`);
    if (run.oldSchemaEntries > 0) {
      console.log(
        `  ${run.oldSchemaEntries} entr${run.oldSchemaEntries === 1 ? "y was" : "ies were"} in the old snake_case server.json schema ` +
          `(2025-07-09 or earlier) and mapped to the current one (${CURRENT_SERVER_JSON_SCHEMA}).`,
      );
    }
    if (run.error) {
      console.error(`The import stopped early: ${run.error}`);
      console.log(`Stopped early, ${run.source}: ${counts(run)} before the stop.`);
      process.exitCode = 1;
      return;
    }
    console.log(`Imported ${run.source}: ${counts(run)}.`);
    if (queued !== null && queued > 0) console.log(`Queued ${queued} server${queued === 1 ? "" : "s"} for assessment; they appear in public reads once assessed.`);
    if (queued === null && run.added > 0) console.log("New servers appear in public reads once assessed: npm run rescan");
  } finally {
    await services.close();
  }
}

runCli(
  {
    usage: ["npm run registry:import -- <file-or-url> [--no-assess]"],
    description:
      "Imports servers from what the official MCP Registry publishes: its list (GET /v0.1/servers), a JSON array of server.json " +
      "(its seed file) or one server.json, from a saved file or from a URL; a URL is followed page by page through nextCursor. " +
      "Entries in the old snake_case schema are mapped; a loopback, private or placeholder URL never becomes a server's identity. " +
      "Running it again updates what changed and is otherwise harmless. Imported servers are served on /v0.1 (docs/import.md). " +
      "Each server the run adds or updates gets an assessment job (docs/jobs.md), worked by the app or npm run worker; " +
      "imported servers appear in public reads once assessed. " +
      "On the embedded database it cannot run beside the app (docs/operations.md).",
    options: [
      ["--no-assess", "queue no assessments (npm run rescan queues them later)"],
      ["-h, --help", "print this help and exit"],
    ],
    examples: [
      "npm run registry:import -- ./seed.json",
      "npm run registry:import -- ./seed.json --no-assess",
      "npm run registry:import -- https://registry.modelcontextprotocol.io/v0.1/servers?version=latest",
    ],
  },
  main,
);
