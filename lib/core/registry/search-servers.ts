import type { RegistryStore, SearchQuery } from "./registry-store";
import { toServerSummary, type ServerSummaryView } from "./server-views";

/** One page of search results; lib/schemas/search.ts describes it on the wire (SearchResponse) and checks that the two agree. */
export interface SearchResults {
  query: string;
  sort: SearchQuery["sort"];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  results: ServerSummaryView[];
}

/** GET /api/v1/search and the site's search page: one query, one page of summaries (docs/search-and-stats.md#search). */
export async function searchServers(store: RegistryStore, query: SearchQuery): Promise<SearchResults> {
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
