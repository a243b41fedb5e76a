import { searchHref, type SearchState } from "@/lib/site/search-query";

/** Page numbers to show: the first, the last, and two either side of the current one. */
function pageWindow(page: number, totalPages: number): (number | "gap")[] {
  const wanted = new Set([1, totalPages, page - 2, page - 1, page, page + 1, page + 2].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const [i, p] of sorted.entries()) {
    if (i > 0 && p - sorted[i - 1] > 1) out.push("gap");
    out.push(p);
  }
  return out;
}

/** Links, not buttons: every page of results has its own shareable URL. */
export function Pagination({ state, page, totalPages }: { state: SearchState; page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Result pages">
      <ul>
        <li>
          {page > 1 ? (
            <a href={searchHref(state, { page: String(page - 1) })} rel="prev">
              ← Previous
            </a>
          ) : (
            <span className="pagination-disabled" aria-hidden="true">
              ← Previous
            </span>
          )}
        </li>
        {pageWindow(page, totalPages).map((p, i) =>
          p === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <a href={searchHref(state, { page: String(p) })} aria-current="page" aria-label={`Page ${p}, current`}>
                  {p}
                </a>
              ) : (
                <a href={searchHref(state, { page: String(p) })} aria-label={`Page ${p}`}>
                  {p}
                </a>
              )}
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <a href={searchHref(state, { page: String(page + 1) })} rel="next">
              Next →
            </a>
          ) : (
            <span className="pagination-disabled" aria-hidden="true">
              Next →
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
