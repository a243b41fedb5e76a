import { createHash } from "node:crypto";
import { z } from "zod";
import type { ImportedServer, ImportRunCounts, RegistryStore } from "./registry-store";
import { httpUrlOrNull } from "./http-url";
import { keepJson } from "../scanning/untrusted-text";
import type { TargetPolicy } from "../scanning/target-guard";
import { checkIdentityUrl } from "./import/identity-url";
import { packagePurl } from "./import/package-identity";
import { importServerEntry } from "./import/decide-import";
import { servedServerJson, upgradeServerJson } from "./import/server-json";
import { readImportPage } from "./import/import-page";
import { OFFICIAL_META_KEY } from "./subregistry/subregistry-api";
import type { EntryStatus, SubregistryStore } from "./subregistry/subregistry-store";
import { CURRENT_SERVER_JSON_SCHEMA, REGISTRY_NAME_PATTERN } from "@/lib/core/registry/subregistry/server-json-schema";

/**
 * Imports what the official MCP Registry publishes: its list format
 * ({ servers: [{ server, _meta }], metadata: { nextCursor } }), a bare array
 * of server.json (its data/seed.json), or one server.json; entries in the
 * current camelCase schema or mapped from the old snake_case one. Only the
 * fields we map are validated; anything else an entry carries is ignored,
 * so upstream additions never break us.
 */
const remoteSchema = z.object({ type: z.string().max(64), url: z.string().max(2048) });
const packageSchema = z.object({
  registryType: z.string().max(64).optional(),
  identifier: z.string().min(1).max(512),
  version: z.string().max(128).optional(),
  registryBaseUrl: z.string().max(2048).optional(),
  transport: z.object({ type: z.string().max(64) }).partial().optional(),
});
const serverJsonSchema = z.object({
  name: z.string().min(3).max(200).regex(REGISTRY_NAME_PATTERN, "name must be namespace/name"),
  title: z.string().max(200).optional(),
  description: z.string().max(5000).optional(),
  version: z.string().max(128).optional(),
  websiteUrl: z.string().max(2048).optional(),
  repository: z.object({ url: z.string().max(2048).optional(), source: z.string().optional() }).optional(),
  remotes: z.array(remoteSchema).max(50).optional(),
  packages: z.array(packageSchema).max(50).optional(),
});

const STATUS_VALUES = ["active", "deprecated", "deleted"] as const;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What the official registry says about an entry (its `_meta` block), when the source carries it. */
interface OfficialInfo {
  status: EntryStatus;
  statusMessage: string | null;
  publishedAt: Date | null;
  statusChangedAt: Date | null;
  isLatest: boolean | null;
}

export type MappedEntry =
  | {
      ok: true;
      entry: ImportedServer;
      /** The entry's server.json with current field names, for the subregistry. */
      serverJson: Json;
      official: OfficialInfo;
      /** It was written in the old snake_case schema and mapped. */
      upgraded: boolean;
      /** Said about an entry that is imported all the same (a remote refused as its identity). */
      notes: string[];
      /** Remotes refused as an identity (loopback, private, placeholder), by index: never served either. */
      refusedRemotes: Map<number, string>;
    }
  | { ok: false; name: string; reason: string };

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

function dateOrNull(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Splits a list item ({ server, _meta }) or a bare server.json into the server.json and the registry's word on it. */
function entryParts(raw: unknown): { server: unknown; official: OfficialInfo } {
  const wrapped = isObject(raw) && isObject(raw.server);
  const server = wrapped ? (raw as Json).server : raw;
  const meta = wrapped && isObject((raw as Json)._meta) ? ((raw as Json)._meta as Json)[OFFICIAL_META_KEY] : undefined;
  const official = isObject(meta) ? meta : {};
  // The 2025-07-09 server.json still carried its own status.
  const ownStatus = isObject(server) ? server.status : undefined;
  const status = STATUS_VALUES.find((s) => s === (official.status ?? ownStatus)) ?? "active";
  return {
    server,
    official: {
      status,
      statusMessage: typeof official.statusMessage === "string" ? official.statusMessage.slice(0, 500) : null,
      publishedAt: dateOrNull(official.publishedAt),
      statusChangedAt: dateOrNull(official.statusChangedAt),
      isLatest: typeof official.isLatest === "boolean" ? official.isLatest : null,
    },
  };
}

const OLD_SCHEMA_HINT = `in the old snake_case server.json schema; this import reads ${CURRENT_SERVER_JSON_SCHEMA} and maps the old one field by field`;

/** Maps one raw entry to the registry's shape, or says why it is skipped. */
export function mapRegistryEntry(sent: unknown, identityPolicy: TargetPolicy = {}): MappedEntry {
  // Strangers' text, kept like a scanned server's: a NUL or a lone surrogate in a title must not fail the upsert (and the run).
  const raw = keepJson(sent);
  const { server: rawServer, official } = entryParts(raw);
  if (!isObject(rawServer)) {
    const what = rawServer === null ? "null" : Array.isArray(rawServer) ? "an array" : `a ${typeof rawServer}`;
    return { ok: false, name: "(not an object)", reason: `entry is not a server.json object (it is ${what})` };
  }
  const rawName = typeof rawServer.name === "string" && rawServer.name ? rawServer.name.slice(0, 200) : "(no name)";
  const { json, upgraded } = upgradeServerJson(rawServer);
  const parsed = serverJsonSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.join(".");
    const message = /received undefined$/.test(issue.message) ? "missing" : issue.message;
    const reason = `invalid ${where ? `server.${where}` : "entry"}: ${message}`;
    return { ok: false, name: rawName, reason: upgraded ? `${reason} (${OLD_SCHEMA_HINT})` : reason };
  }
  const server = parsed.data;
  if (official.isLatest === false) return { ok: false, name: server.name, reason: "superseded version (isLatest false)" };

  // Prefer Streamable HTTP over legacy SSE when a server offers both.
  const remotes = (server.remotes ?? [])
    .map((remote, index) => ({ ...remote, index, checked: checkIdentityUrl(remote.url, identityPolicy) }))
    .sort((a, b) => Number(b.type === "streamable-http") - Number(a.type === "streamable-http"));
  const chosen = remotes.find((r) => r.checked.ok);
  const url = chosen?.checked.ok ? chosen.checked.url : null;
  const transportType = chosen ? chosen.type : null;
  const refusedRemotes = new Map<number, string>();
  for (const r of remotes) if (!r.checked.ok) refusedRemotes.set(r.index, r.checked.reason);
  const refused = [...refusedRemotes.values()];
  // The package a server is known by: the first one in an ecosystem we assess (it has a purl), else the first.
  const packages = (server.packages ?? []).map((p) => ({ ...p, purl: packagePurl(p) }));
  const pkg = packages.find((p) => p.purl) ?? packages[0];
  if (!url && !pkg) {
    const why = refused.length ? ` (${refused.join("; ")})` : "";
    return { ok: false, name: server.name, reason: `no usable remote URL${why} and no package` };
  }
  const notes = !url && refused.length ? [`kept as package-only: ${refused.join("; ")}`] : [];
  // A package-only server is identified by its purl (docs/import.md#identity-of-package-only-entries); one in another ecosystem has no public identity yet.
  if (!url && !pkg.purl) notes.push(`package-only in ${pkg.registryType ?? "an unnamed registry"}, which the registry does not assess: listed without a public page`);
  return {
    ok: true,
    serverJson: json,
    official,
    upgraded,
    notes,
    refusedRemotes,
    entry: {
      registryName: server.name,
      url: url ?? pkg?.purl ?? null,
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
      registryStatus: official.status,
    },
  };
}

/** The server.json without the remotes at these indexes: a loopback or placeholder address is not handed to clients either. */
function withoutRemotes(json: Json, refused: ReadonlyMap<number, string>): Json {
  if (refused.size === 0 || !Array.isArray(json.remotes)) return json;
  const remotes = json.remotes.filter((_r, i) => !refused.has(i));
  const out: Json = { ...json, remotes };
  if (remotes.length === 0) delete out.remotes;
  return out;
}

/** A stable fingerprint of a mapped entry: equal fingerprints mean a re-import changes nothing. */
function importFingerprint(entry: ImportedServer): string {
  const ordered = Object.keys(entry)
    .sort()
    .map((k) => [k, entry[k as keyof ImportedServer]]);
  return createHash("sha256").update(JSON.stringify(ordered)).digest("hex");
}

/** Semantic versions compared by precedence; null when either is not one. */
export function compareVersions(a: string, b: string): number | null {
  const parse = (v: string) => /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(v.trim());
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return null;
  for (let i = 1; i <= 3; i++) {
    const d = Number(x[i]) - Number(y[i]);
    if (d !== 0) return Math.sign(d);
  }
  if (!x[4] || !y[4]) return x[4] ? -1 : y[4] ? 1 : 0; // a release outranks its pre-releases
  const xs = x[4].split(".");
  const ys = y[4].split(".");
  for (let i = 0; i < Math.max(xs.length, ys.length); i++) {
    if (xs[i] === undefined) return -1;
    if (ys[i] === undefined) return 1;
    const xn = /^\d+$/.test(xs[i]);
    const yn = /^\d+$/.test(ys[i]);
    if (xn && yn && Number(xs[i]) !== Number(ys[i])) return Math.sign(Number(xs[i]) - Number(ys[i]));
    if (xn !== yn) return xn ? -1 : 1;
    if (xs[i] !== ys[i]) return xs[i] < ys[i] ? -1 : 1;
  }
  return 0;
}

/**
 * Among entries of one name that the source does not mark (a seed file lists
 * every version of a server), the latest: the highest semantic version, or
 * the later one when versions are not comparable. Returns, by index, why
 * each other one is passed over.
 */
export function olderVersions(items: readonly unknown[]): Map<number, string> {
  const best = new Map<string, { index: number; version: string }>();
  const candidates: { index: number; name: string; version: string }[] = [];
  items.forEach((item, index) => {
    const { server, official } = entryParts(item);
    if (official.isLatest !== null || !isObject(server) || typeof server.name !== "string") return;
    const detail = isObject(server.version_detail) ? server.version_detail.version : undefined;
    const version = typeof server.version === "string" ? server.version : typeof detail === "string" ? detail : "";
    candidates.push({ index, name: server.name, version });
    const current = best.get(server.name);
    if (!current || (compareVersions(version, current.version) ?? 1) >= 0) best.set(server.name, { index, version });
  });
  const older = new Map<number, string>();
  for (const c of candidates) {
    const winner = best.get(c.name)!;
    if (winner.index !== c.index) older.set(c.index, `older version ${c.version || "(none)"} (${winner.version || "a later entry"} of the same name is in this input)`);
  }
  return older;
}

export interface RegistryPageSource {
  /** A label for the import run (file path or URL). */
  label: string;
  /** Returns the page at `cursor` (undefined for the first), already JSON-parsed. */
  fetchPage(cursor: string | undefined): Promise<unknown>;
  /** Whether nextCursor should be followed (only for URLs). */
  followCursor: boolean;
}

export interface ImportOptions {
  now?: () => Date;
  /** Which private addresses may be a server's identity (the scanner's policy: SCAN_ALLOW_PRIVATE_TARGETS, tests). */
  identityPolicy?: TargetPolicy;
  /** Where the subregistry's server.json goes; without it only the registry's servers are written. */
  subregistry?: SubregistryStore;
  /** Told of each server the run added or updated: the import command queues their assessments. */
  onChanged?: (entry: ImportedServer) => void;
}

/** Something said about an entry that was imported all the same. */
interface ImportNote {
  page: number;
  index: number;
  entry: string;
  note: string;
}

export interface ImportRun extends ImportRunCounts {
  notes: ImportNote[];
  /** Entries written in the old snake_case schema and mapped. */
  oldSchemaEntries: number;
  /** Entries the subregistry (/v0.1) serves after this run. */
  served: number;
}

const MAX_PAGES = 10_000;
const MAX_NOTES = 1000;

/**
 * Imports the official registry's data into ours, idempotently: every entry
 * is upserted on its own, so a malformed entry is skipped with a reason and
 * never aborts the run or half-writes a server.
 */
export async function importOfficialRegistry(
  store: RegistryStore,
  source: RegistryPageSource,
  options: ImportOptions = {},
): Promise<ImportRun> {
  const now = options.now ?? (() => new Date());
  const run: ImportRun = {
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
    notes: [],
    oldSchemaEntries: 0,
    served: 0,
  };
  const skip = (page: number, index: number, entry: string, reason: string) => {
    run.skipped += 1;
    run.skippedReasons.push({ page, index, entry, reason });
  };
  const note = (page: number, index: number, entry: string, text: string) => {
    if (run.notes.length < MAX_NOTES) run.notes.push({ page, index, entry, note: text });
  };
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  try {
    do {
      const pageNumber = run.pages + 1;
      const where = source.followCursor ? `page ${pageNumber} of ${source.label}` : source.label;
      const page = readImportPage(await source.fetchPage(cursor), where);
      run.pages += 1;
      const older = olderVersions(page.items);
      for (const [index, raw] of page.items.entries()) {
        const passedOver = older.get(index);
        if (passedOver) {
          skip(pageNumber, index, String((entryParts(raw).server as Json).name), passedOver);
          continue;
        }
        const mapped = mapRegistryEntry(raw, options.identityPolicy);
        if (!mapped.ok) {
          skip(pageNumber, index, mapped.name, mapped.reason);
          continue;
        }
        if (mapped.upgraded) run.oldSchemaEntries += 1;
        const name = mapped.entry.registryName;
        for (const text of mapped.notes) note(pageNumber, index, name, text);
        const result = await importServerEntry(store, mapped.entry, importFingerprint(mapped.entry));
        if (result.kind === "skipped") {
          skip(pageNumber, index, name, result.reason);
          continue;
        }
        run[result.kind] += 1;
        if (result.kind === "added" || result.kind === "updated") options.onChanged?.(mapped.entry);
        if (!options.subregistry) continue;
        const served = servedServerJson(name, withoutRemotes(mapped.serverJson, mapped.refusedRemotes));
        if (!served.ok) {
          note(pageNumber, index, name, `imported, but not served on /v0.1: ${served.reason}`);
          continue;
        }
        const dropped = [...[...mapped.refusedRemotes.keys()].map((i) => `remotes.${i} (not a public address)`), ...served.dropped];
        if (dropped.length) note(pageNumber, index, name, `served on /v0.1 without ${dropped.join(", ")}`);
        await options.subregistry.recordEntry(
          {
            registryName: name,
            version: served.server.version,
            serverJson: served.server,
            status: mapped.official.status,
            statusMessage: mapped.official.statusMessage,
            publishedAt: mapped.official.publishedAt,
            statusChangedAt: mapped.official.statusChangedAt,
          },
          now(),
        );
        if (mapped.official.status !== "deleted") run.served += 1;
      }
      const next = page.nextCursor;
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
