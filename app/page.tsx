import type { Metadata } from "next";
import { Pagination } from "@/components/pagination";
import { SearchForm } from "@/components/search-form";
import { ServerCard } from "@/components/server-card";
import { Untrusted } from "@/components/untrusted-text";
import { searchServers } from "@/lib/core/registry/search-servers";
import { isFiltered, parseSiteSearch, searchHref, type RawSearchParams } from "@/lib/site/search-query";
import { appServices } from "@/lib/services/app-services";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: { absolute: "MCP Trust Registry: search MCP servers by trust" } };

/**
 * Home and search in one page: the same searchServers use case as
 * GET /api/v1/search, with the query in the URL (a plain GET form and
 * links), so results are shareable and the back button works.
 */
export default async function HomePage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const parsed = parseSiteSearch(await searchParams);
  const result = parsed.ok ? await searchServers((await appServices()).store, parsed.query) : null;
  const filtered = isFiltered(parsed.state);

  return (
    <>
      <section className="hero" aria-labelledby="page-title">
        <h1 id="page-title">MCP Trust Registry</h1>
        <p className="lead">
          Look up an MCP server before you connect it to an agent: a trust score from 0 to 100, a grade, and the findings of a real scan.
        </p>
      </section>

      <SearchForm state={parsed.state} />

      <section aria-labelledby="results-title" className="results">
        <h2 id="results-title" className="visually-hidden">
          Results
        </h2>
        {!parsed.ok ? (
          <div className="notice notice-error" role="alert">
            <p className="notice-title">That search could not be read.</p>
            <p>
              <Untrusted text={parsed.message} max={300} />
            </p>
            <p>
              <a href="/">Start a new search</a>
            </p>
          </div>
        ) : result && result.total === 0 && !filtered ? (
          <div className="notice">
            <p className="notice-title">The registry is empty.</p>
            <p>
              No server has been scanned yet. <a href="/scan">Scan a server</a> to add the first one.
            </p>
          </div>
        ) : result && result.total === 0 ? (
          <div className="notice">
            <p className="notice-title">No servers match this search.</p>
            <p>
              Try other words or fewer filters, <a href="/">show all servers</a>, or <a href="/scan">scan a server</a> that is not listed yet.
            </p>
          </div>
        ) : result ? (
          <>
            <p className="results-summary" role="status">
              {result.total} server{result.total === 1 ? "" : "s"}
              {result.query ? (
                <>
                  {" "}
                  matching “<Untrusted text={result.query} max={200} />”
                </>
              ) : null}
              {result.totalPages > 1 ? ` · page ${result.page} of ${result.totalPages}` : ""}
              {filtered ? (
                <>
                  {" "}
                  · <a href={searchHref({}, {})}>clear search</a>
                </>
              ) : null}
            </p>
            {result.page > result.totalPages ? (
              <p className="notice">
                There is no page {result.page}. <a href={searchHref(parsed.state, { page: "1" })}>Go to the first page</a>.
              </p>
            ) : (
              <ol className="result-list">
                {result.results.map((server) => (
                  <li key={server.url}>
                    <ServerCard server={server} />
                  </li>
                ))}
              </ol>
            )}
            <Pagination state={parsed.state} page={result.page} totalPages={result.totalPages} />
          </>
        ) : null}
      </section>
    </>
  );
}
