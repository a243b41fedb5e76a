import type { SearchResponse } from "@/lib/schemas/search";
import type { RegistryStore, SearchQuery } from "./registry-store";
import { toServerSummary } from "./server-views";

/** GET /api/v1/search and the site's search page: one query, one page of summaries (docs/search-and-stats.md#search). */
export async function searchServers(store: RegistryStore, query: SearchQuery): Promise<SearchResponse> {
  const q = query.q?.trim() ? query.q.trim() : undefined;
  const { total, rows } = await store.searchServers({ ...query, q });
  return {
    query: q ?? "",
    sort: query.sort,
    page: query.page,
    limit: query.limit,
    total,
    totalPages: total === 0 ? 0 : Math.ceil(total / query.limit),
    results: rows.map(toServerSummary),
  };
}
