import type { ServerSummary } from "@/lib/schemas/server";
import { formatDate } from "@/lib/site/format-time";
import { profilePath } from "@/lib/site/server-links";
import { GradeMark } from "./grade-mark";
import { Untrusted } from "./untrusted-text";

/** A compact list of servers for the stats page: name, grade and score, date. */
export function ServerList({ servers, empty }: { servers: ServerSummary[]; empty: string }) {
  if (servers.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ol className="server-list">
      {servers.map((s) => (
        <li key={s.url}>
          <GradeMark grade={s.grade} score={s.trustScore} />
          <span className="server-list-text">
            <a href={profilePath(s.url)}>
              <Untrusted text={s.name} max={80} />
            </a>
            <span className="muted">
              {" "}
              · <Untrusted text={s.publisherName} max={60} /> · {formatDate(s.lastScanned)}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
