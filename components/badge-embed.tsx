import { BADGE_STYLES } from "@/lib/badges/render-badge";
import type { Grade } from "@/lib/core/grades";
import { apiServerPath } from "@/lib/core/registry/server-api-path";
import { absoluteUrl, profilePath } from "@/lib/site/server-links";
import { CopyButton } from "./copy-button";

/**
 * Snippets for a README or a web page, with every badge style previewed
 * from the live badge route. The snippets hold only our own URLs (the
 * server URL percent-encoded), never registry text, so pasting them cannot
 * carry anyone's markup along.
 */
export function BadgeEmbed({ serverUrl, baseUrl, grade, score }: { serverUrl: string; baseUrl: string; grade: Grade; score: number }) {
  const profile = absoluteUrl(baseUrl, profilePath(serverUrl));
  const badge = absoluteUrl(baseUrl, `${apiServerPath(serverUrl, "badge")}?style=flat`);
  const alt = "MCP trust grade";
  const markdown = `[![${alt}](${badge})](${profile})`;
  const html = `<a href="${profile}"><img src="${badge}" alt="${alt}" height="20"></a>`;
  return (
    <div className="badge-embed">
      <div className="badge-previews">
        {BADGE_STYLES.map((style) => (
          <figure key={style} className="badge-preview">
            {/* eslint-disable-next-line @next/next/no-img-element -- an SVG from our own badge route, at its natural size */}
            <img src={`${apiServerPath(serverUrl, "badge")}?style=${style}`} alt={`Badge, ${style} style: grade ${grade}, score ${Math.round(score)}`} />
            <figcaption>{style}</figcaption>
          </figure>
        ))}
      </div>
      <Snippet id="snippet-md-label" title="Markdown" text={markdown} />
      <Snippet id="snippet-html-label" title="HTML" text={html} />
      <p className="muted">
        Change <code>style=flat</code> to any style above. <code>label</code>, <code>color</code>, <code>labelColor</code>, <code>logo</code> (mcp,
        shield, check, lock) and <code>cacheSeconds</code> work as on shields.io, and{" "}
        <code>{apiServerPath(serverUrl, "badge.json")}</code> is a shields.io endpoint.
      </p>
    </div>
  );
}

/** One copyable snippet: a labelled code block with its copy button. */
function Snippet({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <div className="snippet">
      <div className="snippet-head">
        <span id={id}>{title}</span>
        <CopyButton text={text} label={`${title} snippet`} />
      </div>
      <pre aria-labelledby={id}>
        <code>{text}</code>
      </pre>
    </div>
  );
}
