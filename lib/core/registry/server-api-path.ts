/**
 * The REST resource of a server: the profile JSON, its report or its badge.
 * The identity is percent-encoded as one path segment
 * (docs/identity.md#what-a-server-is-keyed-by); the site's profile page
 * uses the same encoding under /servers/, the MCP tools and the
 * subregistry link here.
 */
export function apiServerPath(serverUrl: string, resource?: "report" | "badge" | "badge.json"): string {
  return `/api/v1/server/${encodeURIComponent(serverUrl)}${resource ? `/${resource}` : ""}`;
}
