import { Untrusted } from "@/components/untrusted-text";
import type { AwaitingServer } from "@/lib/core/registry/find-awaiting-server";

/**
 * The page of a server the registry lists but has not assessed (docs/identity.md#listed-versus-assessed): what
 * the official registry says about it, and no verdict. All of it was written
 * by strangers: every string goes through Untrusted, and only http(s) links
 * (re-checked by findAwaitingServer) become hrefs, marked nofollow/ugc.
 */
export function AwaitingAssessment({ server }: { server: AwaitingServer }) {
  const isPackage = server.packageType !== null;
  return (
    <article className="profile">
      <header className="profile-header">
        <div className="profile-identity">
          <p className="eyebrow">{isPackage ? "MCP server package" : "MCP server"}</p>
          <h1 className="profile-name">
            <Untrusted text={server.name} max={160} />
          </h1>
          <p className="profile-url">
            <code>
              <Untrusted text={server.url} max={300} />
            </code>
          </p>
          <dl className="profile-facts">
            <div>
              <dt>Registry name</dt>
              <dd>
                <code>
                  <Untrusted text={server.registryName} max={200} />
                </code>
              </dd>
            </div>
            <div>
              <dt>Publisher</dt>
              <dd>
                <Untrusted text={server.publisherName} max={120} />
              </dd>
            </div>
            {server.packageName ? (
              <div>
                <dt>Package</dt>
                <dd>
                  <code>
                    <Untrusted text={server.packageName} max={200} />
                  </code>
                  {server.packageType ? ` (${server.packageType})` : null}
                </dd>
              </div>
            ) : null}
            {server.repositoryUrl ? (
              <div>
                <dt>Repository</dt>
                <dd>
                  <a href={server.repositoryUrl} rel="nofollow noopener ugc">
                    <Untrusted text={server.repositoryUrl} max={120} />
                  </a>
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
        <section className="verdict" aria-labelledby="verdict-title">
          <h2 id="verdict-title">Listed, awaiting assessment</h2>
          <p className="muted">No grade yet.</p>
        </section>
      </header>

      <section className="notice" role="status" aria-labelledby="awaiting-title">
        <p id="awaiting-title" className="notice-title">
          This server is listed in the registry but has not been assessed yet.
        </p>
        <p>
          It was imported from the official MCP Registry. It has no trust score or grade until the registry has{" "}
          {isPackage ? "read and run the package in its sandbox" : "scanned it"}; until then, treat it as unknown, not as safe.
        </p>
        {isPackage ? null : (
          <p>
            <a href={`/scan?url=${encodeURIComponent(server.url)}`}>Scan it now</a>
          </p>
        )}
      </section>

      {server.description ? (
        <section className="profile-section" aria-labelledby="description-title">
          <h2 id="description-title">Description</h2>
          <p className="muted">As the publisher describes it in the official MCP Registry.</p>
          <p>
            <Untrusted text={server.description} max={2000} block />
          </p>
        </section>
      ) : null}
    </article>
  );
}
