/**
 * Where the site links for a server. The profile lives at
 * /servers/{url}, with {url} percent-encoded exactly as in the REST path
 * /api/v1/server/{url} (spec 4.5): one encoding for the page and the JSON,
 * so a reader can swap the prefix, and one dynamic segment, so the page can
 * carry its own opengraph-image.
 */
export function profilePath(serverUrl: string): string {
  return `/servers/${encodeURIComponent(serverUrl)}`;
}

/**
 * The server URL from the /servers/{url} segment as Next hands it over.
 * Depending on the path, Next gives the segment still percent-encoded
 * (it keeps %2F, so the segment stays one segment) or decoded; a server URL
 * always starts with its scheme, so "http%3A" or "https%3A" means "decode
 * once more", and a decoded URL is never decoded twice.
 */
export function serverUrlFromSegment(segment: string): string {
  if (!/^https?%3A/i.test(segment)) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The REST resource of a server: the profile JSON, its report or its badge. */
export function apiServerPath(serverUrl: string, resource?: "report" | "badge" | "badge.json"): string {
  return `/api/v1/server/${encodeURIComponent(serverUrl)}${resource ? `/${resource}` : ""}`;
}

/** An absolute URL on this registry, for snippets that are pasted elsewhere (READMEs). */
export function absoluteUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

