import { createHash } from "node:crypto";
import { z } from "zod";
import type { ImportedServer, ImportRunCounts, RegistryStore } from "./registry-store";
import { httpUrlOrNull } from "./http-url";
import { tryNormalizeServerUrl } from "./normalize-url";

/**
 * The official MCP Registry's list format: { servers: [{ server, _meta }],
 * metadata: { nextCursor } }. Only the fields we map are validated; anything
 * else an entry carries is ignored, so upstream additions never break us.
 */
const remoteSchema = z.object({ type: z.string().max(64), url: z.string().max(2048) });
const packageSchema = z.object({
  registryType: z.string().max(64).optional(),
  identifier: z.string().min(1).max(512),
  version: z.string().max(128).optional(),
  transport: z.object({ type: z.string().max(64) }).partial().optional(),
});
const serverJsonSchema = z.object({
  name: z
    .string()
    .min(3)
    .max(200)
    .regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/, "name must be namespace/name"),
  title: z.string().max(200).optional(),
  description: z.string().max(5000).optional(),
  version: z.string().max(128).optional(),
  websiteUrl: z.string().max(2048).optional(),
  repository: z.object({ url: z.string().max(2048).optional(), source: z.string().optional() }).optional(),
  remotes: z.array(remoteSchema).max(50).optional(),
  packages: z.array(packageSchema).max(50).optional(),
});
const entrySchema = z.object({ server: serverJsonSchema, _meta: z.record(z.string(), z.unknown()).optional() });
const pageSchema = z.object({
  servers: z.array(z.unknown()),
  metadata: z.object({ nextCursor: z.string().nullish() }).partial().optional(),
});

const OFFICIAL_META_KEY = "io.modelcontextprotocol.registry/official";
const STATUS_VALUES = ["active", "deprecated", "deleted"] as const;

export type MappedEntry = { ok: true; entry: ImportedServer } | { ok: false; name: string; reason: string };

/**
 * The publisher is the namespace of the registry name: `io.github.alice/x` is
 * GitHub's "alice", `com.example/x` is example.com (reverse DNS).
 */
export function publisherFromRegistryName(registryName: string): string {
  const namespace = registryName.split("/")[0].toLowerCase();
  const githubPrefix = "io.github.";
  if (namespace.startsWith(githubPrefix)) return namespace.slice(githubPrefix.length);
  return namespace.split(".").reverse().join(".");
}


/** Maps one raw list entry to the registry's shape, or says why it is skipped. */
export function mapRegistryEntry(raw: unknown): MappedEntry {
  const rawName =
    typeof raw === "object" && raw !== null && "server" in raw
      ? String((raw as { server?: { name?: unknown } }).server?.name ?? "(unnamed)").slice(0, 200)
      : "(not an object)";
  const parsed = entrySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, name: rawName, reason: `invalid ${issue.path.join(".") || "entry"}: ${issue.message}` };
  }
  const { server, _meta } = parsed.data;
  const official = (_meta?.[OFFICIAL_META_KEY] ?? {}) as { status?: unknown; isLatest?: unknown };
  if (official.isLatest === false) return { ok: false, name: server.name, reason: "superseded version (isLatest false)" };
  const status = STATUS_VALUES.find((s) => s === official.status) ?? "active";

  // Prefer Streamable HTTP over legacy SSE when a server offers both.
  const remotes = [...(server.remotes ?? [])].sort(
    (a, b) => Number(b.type === "streamable-http") - Number(a.type === "streamable-http"),
  );
  let url: string | null = null;
  let transportType: string | null = null;
  for (const remote of remotes) {
    const normalized = remote.url.includes("{") ? null : tryNormalizeServerUrl(remote.url);
    if (normalized) {
      url = normalized;
      transportType = remote.type;
      break;
    }
  }
  const pkg = server.packages?.[0];
  if (!url && !pkg) {
    return { ok: false, name: server.name, reason: "no usable remote URL and no package" };
  }
  return {
    ok: true,
    entry: {
      registryName: server.name,
      url,
      name: server.name,
      title: server.title?.trim() || null,
      description: server.description ?? null,
      version: server.version ?? null,
      publisherName: publisherFromRegistryName(server.name),
      packageName: pkg?.identifier ?? null,
      packageRegistry: pkg?.registryType ?? null,
      repositoryUrl: httpUrlOrNull(server.repository?.url),
      websiteUrl: httpUrlOrNull(server.websiteUrl),
      transportType: transportType ?? pkg?.transport?.type ?? null,
      registryStatus: status,
    },
  };
}

/** A stable fingerprint of a mapped entry: equal fingerprints mean a re-import changes nothing. */
export function importFingerprint(entry: ImportedServer): string {
  const ordered = Object.keys(entry)
    .sort()
    .map((k) => [k, entry[k as keyof ImportedServer]]);
  return createHash("sha256").update(JSON.stringify(ordered)).digest("hex");
}

export interface RegistryPageSource {
  /** A label for the import run (file path or URL). */
  label: string;
  /** Returns the page at `cursor` (undefined for the first), already JSON-parsed. */
  fetchPage(cursor: string | undefined): Promise<unknown>;
  /** Whether nextCursor should be followed (only for URLs). */
  followCursor: boolean;
}

const MAX_PAGES = 10_000;

/**
 * Imports the official registry's list into ours, idempotently: every entry
 * is upserted on its own, so a malformed entry is skipped with a reason and
 * never aborts the run or half-writes a server.
 */
export async function importOfficialRegistry(
  store: RegistryStore,
  source: RegistryPageSource,
  now: () => Date = () => new Date(),
): Promise<ImportRunCounts> {
  const run: ImportRunCounts = {
    source: source.label,
    startedAt: now(),
    finishedAt: now(),
    added: 0,
    updated: 0,
    unchanged: 0,
    removed: 0,
    skipped: 0,
    skippedReasons: [],
    pages: 0,
    error: null,
  };
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  try {
    do {
      const page = pageSchema.safeParse(await source.fetchPage(cursor));
      if (!page.success) throw new Error(`page ${run.pages + 1} is not a registry list: ${page.error.issues[0].message}`);
      run.pages += 1;
      for (const raw of page.data.servers) {
        const mapped = mapRegistryEntry(raw);
        if (!mapped.ok) {
          run.skipped += 1;
          run.skippedReasons.push({ entry: mapped.name, reason: mapped.reason });
          continue;
        }
        const result = await store.upsertImportedServer(mapped.entry, importFingerprint(mapped.entry));
        if (result.kind === "skipped") {
          run.skipped += 1;
          run.skippedReasons.push({ entry: mapped.entry.registryName, reason: result.reason });
        } else {
          run[result.kind] += 1;
        }
      }
      const next = page.data.metadata?.nextCursor ?? undefined;
      cursor = source.followCursor && next && !seenCursors.has(next) ? next : undefined;
      if (cursor) seenCursors.add(cursor);
    } while (cursor && run.pages < MAX_PAGES);
  } catch (error) {
    run.error = error instanceof Error ? error.message : String(error);
  }
  run.finishedAt = now();
  await store.recordImportRun(run);
  return run;
}
