const NAV = [
  { href: "/", label: "Search" },
  { href: "/scan", label: "Scan a server" },
  { href: "/stats", label: "Stats" },
  { href: "/certify", label: "Certification" },
] as const;

/**
 * Plain links, not next/link: every page is server-rendered, a full load is
 * cheap, and nothing is prefetched for readers who never click.
 * Skip link first, so a keyboard reader reaches the content in one Tab.
 */
export function SiteHeader() {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="container site-header-inner">
        <a href="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>{" "}
          MCP Trust Registry
        </a>
        <nav aria-label="Main">
          <ul className="nav-list">
            {NAV.map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <p>Trust scores, findings and scan results are decision support, not guarantees.</p>
        <p>
          <a href="/api/v1/openapi.json">REST API (OpenAPI)</a> · <a href="/.well-known/agent.json">Discovery document</a> · MCP
          endpoint: <code>/api/v1/mcp</code>
        </p>
      </div>
    </footer>
  );
}
