import { GRADES } from "@/lib/core/grades";
import { SEARCH_SORTS } from "@/lib/core/registry/registry-store";
import type { SearchState } from "@/lib/site/search-query";

const SORT_WORDS: Record<(typeof SEARCH_SORTS)[number], string> = {
  relevance: "Relevance",
  "score-high": "Highest score",
  "score-low": "Lowest score",
  recent: "Recently scanned",
  name: "Name",
};

const CERTIFIED_WORDS = [
  { value: "", label: "Any" },
  { value: "true", label: "Certified (any tier)" },
  { value: "standard", label: "Standard" },
  { value: "premium", label: "Premium" },
];

/**
 * A plain GET form: the query lands in the URL, so a search can be shared
 * and the back button works, with no JavaScript at all. autoComplete=off
 * stops the browser from restoring old field values after Back, so the form
 * always shows the search of the URL it is on.
 */
export function SearchForm({ state }: { state: SearchState }) {
  return (
    <form className="search-form" action="/" method="get" role="search" aria-label="Search the registry" autoComplete="off">
      <div className="field field-grow">
        <label htmlFor="search-q">Search servers</label>
        <input
          id="search-q"
          name="q"
          type="search"
          defaultValue={state.q ?? ""}
          maxLength={200}
          placeholder="Name, URL, publisher or package"
          autoComplete="off"
        />
      </div>
      <div className="field">
        <label htmlFor="search-grade">Grade</label>
        <select id="search-grade" name="grade" defaultValue={state.grade ?? ""}>
          <option value="">Any</option>
          {GRADES.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="search-certified">Certification</label>
        <select id="search-certified" name="certified" defaultValue={state.certified ?? ""}>
          {CERTIFIED_WORDS.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="search-sort">Sort by</label>
        <select id="search-sort" name="sort" defaultValue={state.sort ?? "relevance"}>
          {SEARCH_SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_WORDS[s]}
            </option>
          ))}
        </select>
      </div>
      {state.limit ? <input type="hidden" name="limit" value={state.limit} /> : null}
      <div className="field field-button">
        <button type="submit" className="button button-primary">
          Search
        </button>
      </div>
    </form>
  );
}
