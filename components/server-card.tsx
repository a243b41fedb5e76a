import type { ServerSummary } from "@/lib/schemas/server";
import { formatDate } from "@/lib/site/format-time";
import { profilePath } from "@/lib/site/server-links";
import { CertificationTag } from "./certification-tag";
import { GradeMark } from "./grade-mark";
import { Untrusted } from "./untrusted-text";

/** One search result: who, where, how it scored, and whether it is certified. */
export function ServerCard({ server }: { server: ServerSummary }) {
  return (
    <article className="server-card">
      <div className="server-card-main">
        <h3 className="server-card-name">
          <a href={profilePath(server.url)}>
            <Untrusted text={server.name} max={120} />
          </a>
        </h3>
        <p className="server-card-url">
          <code>
            <Untrusted text={server.url} max={200} />
          </code>
        </p>
        <p className="server-card-meta">
          <span>
            Publisher: <Untrusted text={server.publisherName} max={80} />
          </span>
          <CertificationTag status={server.certificationStatus} />
          <span>Scanned {formatDate(server.lastScanned)}</span>
        </p>
        {server.trustSummary ? (
          <p className="server-card-summary">
            <Untrusted text={server.trustSummary} max={220} />
          </p>
        ) : null}
      </div>
      <div className="server-card-grade">
        <GradeMark grade={server.grade} score={server.trustScore} />
        <span className={`trust-label label-${server.trustLabel}`}>{server.trustLabel}</span>
      </div>
    </article>
  );
}
