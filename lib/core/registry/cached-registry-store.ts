import { createResultCache, invalidatingAfter, type ResultCacheOptions } from "@/lib/core/result-cache";
import type { RegistryStore } from "./registry-store";

/**
 * ttlMs bounds how stale a read may be across instances; maxEntries applies
 * per cached read, and maxSearchEntries (when given) to search pages, which
 * are by far the largest entries.
 */
export type ReadCacheOptions = ResultCacheOptions & { maxSearchEntries?: number };

/**
 * The registry's hot reads (search pages, server lookups, scan history) are
 * read far more often than the registry changes: badges are fetched on every
 * README view and agents ask about the same servers again and again. This
 * decorator serves them from memory for a few seconds, and forgets
 * everything the moment this process writes, so a scan recorded here is
 * visible at once; other instances see it within the TTL.
 */
export function createCachedRegistryStore(store: RegistryStore, options: ReadCacheOptions): RegistryStore & { invalidate(): void } {
  const searches = createResultCache<Awaited<ReturnType<RegistryStore["searchServers"]>>>({
    ...options,
    maxEntries: Math.min(options.maxEntries, options.maxSearchEntries ?? Infinity),
  });
  const servers = createResultCache<Awaited<ReturnType<RegistryStore["findServerByUrl"]>>>(options);
  const histories = createResultCache<Awaited<ReturnType<RegistryStore["listScans"]>>>(options);
  const invalidate = () => {
    searches.clear();
    servers.clear();
    histories.clear();
  };
  return {
    ...store,
    invalidate,
    searchServers: (query) => searches.get(JSON.stringify(query), () => store.searchServers(query)),
    findServerByUrl: (url) => servers.get(url, () => store.findServerByUrl(url)),
    listScans: (serverId, limit) => histories.get(`${serverId}|${limit}`, () => store.listScans(serverId, limit)),
    recordScan: invalidatingAfter(store.recordScan, invalidate),
    upsertImportedServer: invalidatingAfter(store.upsertImportedServer, invalidate),
    setCertificationStatus: invalidatingAfter(store.setCertificationStatus, invalidate),
  };
}
