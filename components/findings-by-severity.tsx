import { SEVERITIES, type Finding } from "@/lib/core/findings";
import { FACTOR_LABELS } from "@/lib/site/factor-labels";
import { Untrusted } from "./untrusted-text";

const SEVERITY_WORDS = { critical: "Critical", high: "High", medium: "Medium", low: "Low", info: "Info" } as const;

/**
 * Findings grouped by severity, worst first. Evidence is an excerpt of what
 * the server sent, already escaped by the scanner (D2); it is shown as text
 * in <code>, never as markup.
 */
export function FindingsBySeverity({ findings }: { findings: Finding[] }) {
  if (findings.length === 0) return <p>No findings: every rule passed.</p>;
  return (
    <div className="findings">
      {SEVERITIES.map((severity) => {
        const group = findings.filter((f) => f.severity === severity);
        if (group.length === 0) return null;
        return (
          <section key={severity} className={`finding-group severity-${severity}`} aria-labelledby={`sev-${severity}`}>
            <h3 id={`sev-${severity}`}>
              <span className={`severity-tag severity-tag-${severity}`}>{SEVERITY_WORDS[severity]}</span> {group.length} finding
              {group.length === 1 ? "" : "s"}
            </h3>
            <ul className="finding-list">
              {group.map((f, i) => (
                <li key={`${f.id}-${f.location}-${i}`} className="finding">
                  <p className="finding-title">
                    <strong>
                      <Untrusted text={f.title} max={200} />
                    </strong>{" "}
                    <code className="finding-id">{f.id}</code>
                  </p>
                  <dl className="finding-facts">
                    <div>
                      <dt>Factor</dt>
                      <dd>{FACTOR_LABELS[f.factor]?.name ?? f.factor}</dd>
                    </div>
                    <div>
                      <dt>Where</dt>
                      <dd>
                        <code>
                          <Untrusted text={f.location} max={200} />
                        </code>
                      </dd>
                    </div>
                  </dl>
                  <p>
                    <Untrusted text={f.detail} max={600} block />
                  </p>
                  {f.evidence ? (
                    <div className="finding-evidence">
                      <span className="finding-evidence-label">Evidence</span>
                      <code>
                        <Untrusted text={f.evidence} max={260} block />
                      </code>
                    </div>
                  ) : null}
                  {f.remediation ? (
                    <p className="finding-remediation">
                      <span className="finding-evidence-label">Fix</span> <Untrusted text={f.remediation} max={400} block />
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
