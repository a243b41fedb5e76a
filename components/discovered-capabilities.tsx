import type { ServerReport } from "@/lib/core/registry/get-server-report";
import { Untrusted } from "./untrusted-text";

type Discovery = NonNullable<ServerReport["discovery"]>;

const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

function hintWords(annotations: Record<string, unknown> | null): string[] {
  if (!annotations) return [];
  return HINTS.filter((h) => typeof annotations[h] === "boolean").map((h) => `${h.replace(/Hint$/, "")}: ${annotations[h] ? "yes" : "no"}`);
}

/**
 * What the server exposed in its last scored scan: tools, resources,
 * resource templates and prompts. All of it is the server's own text, so
 * every string goes through <Untrusted>; descriptions are cut (the report
 * download has them whole).
 */
export function DiscoveredCapabilities({ discovery }: { discovery: Discovery }) {
  return (
    <div className="discovery">
      <section aria-labelledby="tools-heading">
        <h3 id="tools-heading">Tools ({discovery.tools.length})</h3>
        {discovery.tools.length === 0 ? (
          <p>No tools.</p>
        ) : (
          <ul className="item-list">
            {discovery.tools.map((tool, i) => (
              <li key={`${tool.name}-${i}`}>
                <p className="item-name">
                  <code>
                    <Untrusted text={tool.name} max={120} />
                  </code>
                  {tool.title ? (
                    <>
                      {" "}
                      <Untrusted text={tool.title} max={120} />
                    </>
                  ) : null}
                </p>
                {tool.description ? (
                  <p className="item-description">
                    <Untrusted text={tool.description} max={500} block />
                  </p>
                ) : (
                  <p className="item-description muted">No description.</p>
                )}
                {hintWords(tool.annotations).length ? <p className="item-hints">{hintWords(tool.annotations).join(" · ")}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="resources-heading">
        <h3 id="resources-heading">Resources ({discovery.resources.length + discovery.resourceTemplates.length})</h3>
        {discovery.resources.length + discovery.resourceTemplates.length === 0 ? (
          <p>No resources.</p>
        ) : (
          <ul className="item-list">
            {discovery.resources.map((r, i) => (
              <li key={`r-${i}`}>
                <p className="item-name">
                  <code>
                    <Untrusted text={r.uri} max={200} />
                  </code>
                  {r.name ? (
                    <>
                      {" "}
                      <Untrusted text={r.name} max={120} />
                    </>
                  ) : null}
                  {r.mimeType ? (
                    <span className="muted">
                      {" "}
                      (<Untrusted text={r.mimeType} max={60} />)
                    </span>
                  ) : null}
                </p>
                {r.description ? (
                  <p className="item-description">
                    <Untrusted text={r.description} max={300} block />
                  </p>
                ) : null}
              </li>
            ))}
            {discovery.resourceTemplates.map((t, i) => (
              <li key={`t-${i}`}>
                <p className="item-name">
                  <code>
                    <Untrusted text={t.uriTemplate} max={200} />
                  </code>{" "}
                  <span className="muted">template</span>
                </p>
                {t.description ? (
                  <p className="item-description">
                    <Untrusted text={t.description} max={300} block />
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="prompts-heading">
        <h3 id="prompts-heading">Prompts ({discovery.prompts.length})</h3>
        {discovery.prompts.length === 0 ? (
          <p>No prompts.</p>
        ) : (
          <ul className="item-list">
            {discovery.prompts.map((p, i) => (
              <li key={`${p.name}-${i}`}>
                <p className="item-name">
                  <code>
                    <Untrusted text={p.name} max={120} />
                  </code>
                  {p.arguments?.length ? (
                    <span className="muted">
                      {" "}
                      ({p.arguments.length} argument{p.arguments.length === 1 ? "" : "s"})
                    </span>
                  ) : null}
                </p>
                {p.description ? (
                  <p className="item-description">
                    <Untrusted text={p.description} max={300} block />
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {discovery.listingProblems.length ? (
        <section aria-labelledby="problems-heading">
          <h3 id="problems-heading">Listing problems</h3>
          <ul>
            {discovery.listingProblems.map((p, i) => (
              <li key={i}>
                {p.listing}: <Untrusted text={p.problem} max={300} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
