/**
 * Where the site links for a server. The profile lives at
 * /servers/{url}, with {url} percent-encoded exactly as in the REST path
 * /api/v1/server/{url} (docs/findings-and-scans.md#the-profile-and-its-scan-history):
 * one encoding for the page and the JSON,
 * so a reader can swap the prefix, and one dynamic segment, so the page can
 * carry its own opengraph-image.
 */
export function profilePath(serverUrl: string): string {
  return `/servers/${encodeURIComponent(serverUrl)}`;
}

/**
 * The server URL from the /servers/{url} segment as Next hands it over.
 * Depending on the path, Next gives the segment still percent-encoded
 * (it keeps %2F, so the segment stays one segment) or decoded; a server's
 * identity always starts with its scheme (http, https, or pkg for a
 * package's purl; docs/identity.md#what-a-server-is-keyed-by), so "http%3A", "https%3A" or "pkg%3A" means "decode
 * once more", and a decoded identity is never decoded twice (a purl's own
 * %40 stays).
 */
export function serverUrlFromSegment(segment: string): string {
  if (!/^(https?|pkg)%3A/i.test(segment)) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** An absolute URL on this registry, for snippets that are pasted elsewhere (READMEs). */
export function absoluteUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

