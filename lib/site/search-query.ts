import type { SearchQuery } from "@/lib/core/registry/registry-store";
import { searchParamsSchema } from "@/lib/schemas/search";

/** What Next hands a page as searchParams. */
export type RawSearchParams = Record<string, string | string[] | undefined>;

const KEYS = ["q", "grade", "certified", "sort", "page", "limit"] as const;
type SearchKey = (typeof KEYS)[number];

/** The search's own parameters, first value of each, as strings: what links and the form keep. */
export type SearchState = Partial<Record<SearchKey, string>>;

export type SiteSearch = { ok: true; query: SearchQuery; state: SearchState } | { ok: false; message: string; state: SearchState };

/**
 * Parses the home page's query with the same schema as GET /api/v1/search,
 * so the page and the API accept exactly the same URLs. One difference, for
 * the plain GET form: an empty field ("any grade") is the same as an absent
 * one. A bad value becomes a message for people instead of a 400.
 */
export function parseSiteSearch(raw: RawSearchParams): SiteSearch {
  const state: SearchState = {};
  for (const key of KEYS) {
    const value = raw[key];
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && first.trim() !== "") state[key] = first;
  }
  const result = searchParamsSchema.safeParse(state);
  if (result.success) return { ok: true, query: result.data, state };
  const issue = result.error.issues[0];
  const name = issue?.path.join(".") || "search";
  return { ok: false, message: `${name}: ${issue?.message ?? "invalid value"}`, state };
}

/**
 * The URL of the search with some parameters changed. Anything unchanged is
 * kept, so pagination, filters and sort survive each other and the URL can
 * be shared; a change of filter or sort starts again at page 1.
 */
export function searchHref(state: SearchState, changes: SearchState & { page?: string }): string {
  const next: SearchState = { ...state, ...changes };
  if (!("page" in changes)) delete next.page;
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = next[key];
    if (value !== undefined && value !== "" && !(key === "page" && value === "1")) params.set(key, value);
  }
  const query = params.toString();
  return query ? `/?${query}` : "/";
}

/** True when the reader asked for something narrower than the whole registry. */
export function isFiltered(state: SearchState): boolean {
  return Boolean(state.q || state.grade || state.certified);
}
