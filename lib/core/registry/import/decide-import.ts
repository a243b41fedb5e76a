import { parsePurl } from "../purl";
import type { ImportedServer, RegistryStore, UpsertResult } from "../registry-store";

/** A stored server an imported entry matches, as read under its row lock. */
export interface ImportMatch {
  id: string;
  url: string | null;
  registryName: string | null;
  importHash: string | null;
  latestScanId: string | null;
  registryStatus: ImportedServer["registryStatus"];
}

/** The server stored under the entry's registry name, and the one stored under its URL (often the same). */
export interface ImportMatches {
  byName: ImportMatch | null;
  byUrl: ImportMatch | null;
}

/** `update` overwrites the matched server with the entry; `listed` is its public visibility afterwards. */
type ImportWrite = { kind: "insert" } | { kind: "update"; serverId: string; listed: boolean };

export interface ImportDecision {
  result: UpsertResult;
  write: ImportWrite | null;
}

const skip = (reason: string): ImportDecision => ({ result: { kind: "skipped", reason }, write: null });

/**
 * What importing one registry entry does (docs/import.md). Pure: the store
 * calls it with the servers it locked and writes what it returns.
 * - A URL or package already claimed by another registry name is never taken over.
 * - An entry deleted upstream that was never imported is not added.
 * - An entry whose fingerprint is unchanged writes nothing.
 * - An update keeps a server out of public view while it is deleted
 *   upstream or has no verdict yet.
 */
export function decideImport(entry: ImportedServer, importHash: string, { byName, byUrl }: ImportMatches): ImportDecision {
  if (byUrl?.registryName && byUrl.registryName !== entry.registryName) {
    const what = parsePurl(byUrl.url ?? "") ? `package ${byUrl.url}` : "URL";
    return skip(`${what} already registered by ${byUrl.registryName}`);
  }
  if (byName && byUrl && byName.id !== byUrl.id) return skip("URL already registered by another server");
  const existing = byName ?? byUrl;
  if (!existing) {
    if (entry.registryStatus === "deleted") return skip("deleted upstream and never imported");
    return { result: { kind: "added" }, write: { kind: "insert" } };
  }
  if (existing.importHash === importHash) return { result: { kind: "unchanged" }, write: null };
  const deleted = entry.registryStatus === "deleted";
  return {
    result: { kind: deleted && existing.registryStatus !== "deleted" ? "removed" : "updated" },
    write: { kind: "update", serverId: existing.id, listed: !deleted && existing.latestScanId !== null },
  };
}

/** Imports one entry through the store, with the core deciding what changes. */
export function importServerEntry(store: RegistryStore, entry: ImportedServer, importHash: string): Promise<UpsertResult> {
  return store.upsertImportedServer(entry, importHash, (matches) => decideImport(entry, importHash, matches));
}
