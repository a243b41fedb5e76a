/**
 * Repository references as package.json and provenance write them, made
 * comparable: `github:o/r`, `o/r`, `git+https://github.com/o/r.git`,
 * `git@github.com:o/r.git` and `https://github.com/o/r/tree/main/pkg` all
 * become `https://github.com/o/r`. Pure.
 */

const SHORTHAND_HOSTS: Record<string, string> = { github: "github.com", gitlab: "gitlab.com", bitbucket: "bitbucket.org" };
/** Hosts whose repositories are exactly owner/name (deeper paths are trees, blobs, issues). */
const TWO_SEGMENT_HOSTS = new Set(["github.com", "bitbucket.org"]);

export function normalizeRepositoryUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let value = raw.trim();
  if (!value) return null;
  const shorthand = /^(github|gitlab|bitbucket):([^/\s]+\/[^/\s#]+)/.exec(value);
  if (shorthand) value = `https://${SHORTHAND_HOSTS[shorthand[1]]}/${shorthand[2]}`;
  else if (/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(value)) value = `https://github.com/${value}`;
  // scp-like ssh: git@host:owner/repo.git
  const scp = /^[A-Za-z0-9_.-]+@([A-Za-z0-9.-]+):(.+)$/.exec(value);
  if (scp && !value.includes("://")) value = `https://${scp[1]}/${scp[2]}`;
  value = value.replace(/^git\+/, "").replace(/^(git|ssh|git\+ssh):\/\//, "https://");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  let segments = url.pathname.split("/").filter(Boolean);
  // Provenance writes `repo@refs/heads/main`; a monorepo link adds /tree/<ref>/<dir>.
  segments = segments.map((s) => s.replace(/@.*$/, ""));
  const cut = segments.findIndex((s) => s === "-" || s === "tree" || s === "blob");
  if (cut >= 0) segments = segments.slice(0, cut);
  if (TWO_SEGMENT_HOSTS.has(host)) segments = segments.slice(0, 2);
  if (segments.length === 0) return null;
  segments[segments.length - 1] = segments[segments.length - 1].replace(/\.git$/, "");
  return `https://${host}/${segments.join("/")}`;
}

/** Same repository, ignoring case (GitHub and GitLab names are case-insensitive). */
export function sameRepository(a: string | null, b: string | null): boolean {
  const na = normalizeRepositoryUrl(a);
  const nb = normalizeRepositoryUrl(b);
  return na !== null && nb !== null && na.toLowerCase() === nb.toLowerCase();
}

/** package.json's `repository`: a string or `{ type, url, directory }`. */
export function repositoryField(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && typeof (value as { url?: unknown }).url === "string") return (value as { url: string }).url;
  return null;
}
