/**
 * The route a request is logged under: the app's route pattern, never the
 * path itself. A server URL in a path can carry a token in its own query
 * (`/servers/https%3A%2F%2Fhost%2Fmcp%3Fkey%3D...`), an application id is a
 * capability, and unknown paths are whatever a scanner of ours sends, so
 * none of them are written to the log.
 */
const PATTERNS: Array<[RegExp, string]> = [
  [/^\/api\/v1\/server\/.+\/report$/, "/api/v1/server/:url/report"],
  [/^\/api\/v1\/server\/.+\/badge\.json$/, "/api/v1/server/:url/badge.json"],
  [/^\/api\/v1\/server\/.+\/badge$/, "/api/v1/server/:url/badge"],
  [/^\/api\/v1\/server\/.+$/, "/api/v1/server/:url"],
  [/^\/api\/v1\/certify\/[^/]+$/, "/api/v1/certify/:applicationId"],
  [/^\/api\/v1\/admin\/certifications\/[^/]+\/[^/]+$/, "/api/v1/admin/certifications/:id/:action"],
  [/^\/api\/v1\/admin\/certifications\/[^/]+$/, "/api/v1/admin/certifications/:id"],
  [/^\/v0\.1\/servers\/.+\/versions\/[^/]+$/, "/v0.1/servers/:serverName/versions/:version"],
  [/^\/v0\.1\/servers\/.+\/versions$/, "/v0.1/servers/:serverName/versions"],
  [/^\/servers\/.+\/opengraph-image.*$/, "/servers/:url/opengraph-image"],
  [/^\/servers\/.+$/, "/servers/:url"],
  [/^\/certify\/[^/]+$/, "/certify/:applicationId"],
  [/^\/_next\/static\/.+$/, "/_next/static/*"],
  [/^\/_next\/image.*$/, "/_next/image"],
];

const FIXED_ROUTES = new Set([
  "/",
  "/scan",
  "/certify",
  "/stats",
  "/favicon.ico",
  "/api/health",
  "/api/ready",
  "/api/v1/search",
  "/api/v1/stats",
  "/api/v1/badge",
  "/api/v1/scan",
  "/api/v1/certify",
  "/api/v1/mcp",
  "/api/v1/rules",
  "/api/v1/openapi.json",
  "/api/v1/admin/certifications",
  "/.well-known/agent.json",
  "/.well-known/mcp/server-card.json",
  "/v0.1/servers",
  "/v0.1/publish",
]);

export function routeForLog(target: string | undefined): string {
  const path = (target ?? "").split(/[?#]/, 1)[0];
  if (FIXED_ROUTES.has(path)) return path;
  for (const [pattern, route] of PATTERNS) if (pattern.test(path)) return route;
  if (path.startsWith("/api/v1/")) return "/api/v1/(unknown)";
  if (path.startsWith("/v0.1/")) return "/v0.1/(unknown)";
  return "(unknown)";
}
