import { z, type ZodObject, type ZodType } from "zod";
import { APPLICATION_STATUSES } from "@/lib/core/certification/certification-application";
import { badgeOptionsSchema, BADGE_STYLES, type BadgeStyle } from "@/lib/badges/badge-options";
import {
  adminCertificationApplicationSchema,
  adminCertificationListSchema,
  adminPaymentRequestSchema,
  adminReasonRequestSchema,
} from "./admin-certification";
import { badgeEndpointSchema } from "./badge-endpoint";
import { certificationRequestSchema, certificationResponseSchema, certificationStatusSchema } from "./certify";
import { errorResponseSchema } from "./common";
import { discoveryDocumentSchema } from "./discovery";
import { jsonRpcErrorResponseSchema, jsonRpcRequestBodySchema, jsonRpcResponseSchema } from "./mcp-endpoint";
import { openApiDocumentSchema } from "./openapi-document";
import { healthResponseSchema, probeUnavailableSchema, readyResponseSchema } from "./probes";
import { serverReportSchema } from "./report";
import { detailParamsSchema, listServersParamsSchema } from "./registry-api";
import { ruleCatalogueSchema } from "./rules";
import { scanRequestSchema, scanResponseSchema } from "./scan";
import { searchParamsSchema, searchResponseSchema } from "./search";
import { serverDetailSchema } from "./server";
import { mcpServerCardSchema } from "./server-card";
import { statsResponseSchema } from "./stats";
import { registryErrorSchema, registryServerListSchema, registryServerResponseSchema } from "./subregistry-replies";

/**
 * Every HTTP route the app serves under /api and /.well-known, as data: one
 * entry per operation, with the route file that serves it, who may call it
 * and how it is counted, its parameters and body, and every status it
 * answers with the schema of each reply. lib/schemas/openapi.ts turns this
 * table into the OpenAPI document; tests/integration/api/openapi-*.test.ts
 * hold the table to the route files and to what the handlers really answer.
 * docs/openapi.md says how to add a route.
 *
 * Not in the table, because no client calls them on purpose: another method
 * on a listed path (405 method_not_allowed with Allow, from methodsNotAllowed)
 * and unknown paths under /api/v1 and /.well-known (the [...rest] routes: 404
 * not_found). The document's description says so once.
 */

type HttpMethod = "get" | "post";

/** How the request gate treats a route (lib/http/request-gate.ts AccessKind, lib/http/api-route.ts). */
export type AccessClass = "read" | "scan" | "certify" | "admin" | "unmetered" | "mcp" | "probe";

export const ACCESS_CLASSES: Record<AccessClass, { gated: boolean; counted: boolean; description: string }> = {
  read: {
    gated: true,
    counted: true,
    description:
      "Counted against the read limit: 100 requests an hour per client address without a key, 1,000 an hour per key. Replies carry RateLimit-Limit, -Remaining and -Reset; past the limit, 429 with Retry-After.",
  },
  scan: {
    gated: true,
    counted: true,
    description:
      "Counted against the scan limit: 5 scans an hour per client address without a key, the key's 1,000 an hour with one. While the shared limit store is down, 503 with Retry-After rather than fresh quota.",
  },
  certify: {
    gated: true,
    counted: true,
    description:
      "Counted against the certification limit: 5 requests an hour per client address without a key, the key's 1,000 an hour with one. While the shared limit store is down, 503 with Retry-After rather than fresh quota.",
  },
  admin: {
    gated: true,
    counted: true,
    description: "Operators only: needs an API key of scope admin (401 without one). Counted like a read, against the key.",
  },
  unmetered: {
    gated: true,
    counted: false,
    description: "Never counted against a rate limit (badges, discovery and reference documents are fetched by proxies and crawlers). A key, when sent, must still be valid.",
  },
  mcp: {
    gated: true,
    counted: false,
    description:
      "The HTTP request itself is not counted; each tool call is (a read, scan_server a scan), and a call past the limit is a tool error (isError, with the retry time) inside a 200 reply, which carries the RateLimit-* fields of the last call.",
  },
  probe: {
    gated: false,
    counted: false,
    description: "Outside the request gate: no key check, never counted, never cached.",
  },
};

export const TAGS = [
  { name: "Registry", description: "Search, statistics, server profiles, reports and the rule catalogue." },
  { name: "Badges", description: "SVG badges for READMEs, with ETag and cache headers; never counted against a rate limit." },
  { name: "Scans", description: "Synchronous trust scans of MCP servers." },
  { name: "Certification", description: "Publisher certification applications: intake and status." },
  { name: "MCP", description: "The MCP tool interface (check_trust, scan_server, search_registry, get_stats) over stateless Streamable HTTP." },
  { name: "Discovery", description: "Discovery documents and this OpenAPI document." },
  { name: "Operations", description: "Health and readiness probes for load balancers and monitors." },
  { name: "Admin", description: "Operator actions on certification applications: list, inspect, approve, reject, revoke, record payment. Needs an API key of scope admin." },
  {
    name: "Subregistry",
    description:
      "The official MCP Registry's v0.1 read API over this registry's servers, so MCP clients that install only from a configured registry can be pointed here. Our verdict rides in `_meta`; `min_grade` keeps out what is below a grade. Errors are the official API's `{ error }`. The read-only registry answers the official API's optional write endpoints (publish, update, delete) with 405 and an Allow header.",
  },
] as const;
type TagName = (typeof TAGS)[number]["name"];

/** Reply headers, described once as components/headers. */
export const HEADERS = {
  "RateLimit-Limit": { description: "Requests allowed in the current window.", schema: { type: "integer", minimum: 0 } },
  "RateLimit-Remaining": { description: "Requests left in the current window.", schema: { type: "integer", minimum: 0 } },
  "RateLimit-Reset": { description: "Whole seconds until the window resets.", schema: { type: "integer", minimum: 1 } },
  "Retry-After": { description: "Whole seconds to wait before trying again.", schema: { type: "integer", minimum: 1 } },
  ETag: { description: "Entity tag of the badge; send it back in If-None-Match.", schema: { type: "string" } },
  Vary: { description: "The reply depends on these request headers.", schema: { type: "string" } },
  "Cache-Control": { description: "How long shared caches may keep the reply.", schema: { type: "string" } },
  "Content-Disposition": { description: "attachment; filename=\"mcp-trust-report-<host>-<scan>.json\"", schema: { type: "string" } },
} as const;
type HeaderName = keyof typeof HEADERS;

/** A JSON body is a zod schema with `.meta({ id })` (a named component); "svg" is an image/svg+xml string. */
export type ReplyBody = ZodType | "svg";

export interface Reply {
  description: string;
  /** Several bodies: one per media type, chosen by the request's Accept. */
  body?: ReplyBody | ReplyBody[];
  headers?: HeaderName[];
}

export type StatusCode = 200 | 202 | 304 | 400 | 401 | 403 | 404 | 406 | 409 | 413 | 415 | 429 | 500 | 503;

export interface RouteParameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description: string;
  schema: ZodType;
}

export interface RouteOperation {
  method: HttpMethod;
  /** OpenAPI path template. */
  path: string;
  /** The route file whose handler for `method` answers this operation. */
  source: string;
  operationId: string;
  tag: TagName;
  summary: string;
  description?: string;
  access: AccessClass;
  /** Query parameters, from the zod object that validates them (or describes them, where the handler reads them itself). */
  query?: ZodObject;
  parameters?: RouteParameter[];
  requestBody?: { schema: ZodType; description: string };
  /** Every status the handler answers, with its reply. */
  replies: Partial<Record<StatusCode, Reply>>;
}

// Parameters shared by several operations.
const serverUrlParameter: RouteParameter = {
  name: "url",
  in: "path",
  required: true,
  description:
    "The server URL (or, for a package-only server, its Package URL), percent-encoded as one segment: scheme, slashes and all (https%3A%2F%2Fexample.org%2Fmcp).",
  schema: z.string().min(1),
};
const ifNoneMatchParameter: RouteParameter = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "The ETag of a badge already held: answered 304 without a body while it is current.",
  schema: z.string(),
};
/** The badge's query parameters (docs/badges.md#what-a-readme-author-can-ask-for), from the schema that validates them, with the route's default style. */
const badgeQuery = (fallback: BadgeStyle) => {
  const { shape } = badgeOptionsSchema;
  return badgeOptionsSchema.extend({
    style: z.enum(BADGE_STYLES).default(fallback).describe(`Badge style: shields.io's, or our compact one; ${fallback} when absent.`),
    label: shape.label.describe("Left-hand text instead of \"MCP trust\"; empty for none."),
    labelColor: shape.labelColor.describe("Label background: hex (#1a7f37, 1a7f37, #abc) or a shields colour name."),
    color: shape.color.describe("Message background instead of the grade's colour: hex or a shields colour name."),
    logo: shape.logo.describe("A built-in logo before the label; no logo is ever fetched."),
    cacheSeconds: shape.cacheSeconds.describe("How long caches may keep the badge: brought within 300 to 86400 seconds; 300 when absent."),
  });
};
const uuidPathParameter = (name: string, description: string): RouteParameter => ({
  name,
  in: "path",
  required: true,
  description: `${description} Anything that is not a UUID is 404.`,
  schema: z.uuid(),
});
const applicationIdParameter = uuidPathParameter("id", "Id of the certification application.");

// Replies shared by several operations.
const error = (description: string, headers?: HeaderName[]): Reply => ({ description, body: errorResponseSchema, headers });
const RATE_LIMIT_HEADERS: HeaderName[] = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];

const INVALID_KEY = error("unauthorized: X-API-Key was sent but is not a valid key (unknown or revoked). Leaving the header out is fine.");
const RATE_LIMITED = error("rate_limited: the limit of this access class is spent; wait Retry-After seconds.", ["Retry-After", ...RATE_LIMIT_HEADERS]);
const DATABASE_UNAVAILABLE = error("service_unavailable: the database does not answer right now; retry after Retry-After seconds.", ["Retry-After"]);
const STORE_UNAVAILABLE = error(
  "service_unavailable: the database does not answer, or the shared rate-limit store is down and this request cannot be counted safely; retry after Retry-After seconds.",
  ["Retry-After"],
);
const INTERNAL = error("internal_error: something failed on our side; the message says no more.");
const TOO_LARGE = error("payload_too_large: the request body is over 16 KiB.");

/**
 * Route files under app/ with no operation in the table, and why. Each
 * answers only errors, so the document says so in prose (the description
 * of the API, of a tag or of a neighbouring operation) instead.
 */
export const UNDOCUMENTED_ROUTE_FILES: Record<string, string> = {
  "app/v0.1/publish/route.ts": "The official API's optional publish endpoint: 405 with an empty Allow (this registry imports instead).",
};

/** Every route behind the gate: a bad key, a database that does not answer, an internal error. */
const GATED = { 401: INVALID_KEY, 500: INTERNAL, 503: DATABASE_UNAVAILABLE } satisfies Partial<Record<StatusCode, Reply>>;
/** Counted routes add the 429. */
const COUNTED = { ...GATED, 429: RATE_LIMITED } satisfies Partial<Record<StatusCode, Reply>>;

const json = (body: ZodType, description: string, headers?: HeaderName[]): Reply => ({ description, body, headers });
const badgeReplies = {
  200: { description: "The SVG badge.", body: "svg", headers: ["ETag", "Cache-Control", "Vary"] },
  304: { description: "Not modified: If-None-Match names the current ETag.", headers: ["ETag", "Cache-Control", "Vary"] },
  400: error("invalid_parameter: a required parameter is missing or a value is not allowed (the message names it)."),
  404: {
    description:
      "The server is unknown or has no verdict yet. An image request gets a grey \"not assessed\" badge, so that embeds never break; a request whose Accept asks for JSON gets the ErrorResponse (not_found).",
    body: ["svg", errorResponseSchema],
  },
  ...GATED,
} satisfies Partial<Record<StatusCode, Reply>>;

/** The subregistry's replies: the same statuses as /api/v1's reads, in the official API's error body. */
const registryErrors = (specific: Partial<Record<400 | 404, string>>): Partial<Record<StatusCode, Reply>> => {
  const official = (description: string, headers?: HeaderName[]): Reply => ({ description, body: registryErrorSchema, headers });
  return {
    ...Object.fromEntries(Object.entries(specific).map(([status, description]) => [status, official(description)])),
    401: official("X-API-Key was sent but is not a valid key (unknown or revoked)."),
    429: official(RATE_LIMITED.description, RATE_LIMITED.headers),
    500: official("Internal error."),
    503: official(DATABASE_UNAVAILABLE.description, DATABASE_UNAVAILABLE.headers),
  };
};
/** The same query schema with a description on each field, for the document (validation is unchanged: the handler parses the original). */
function described<T extends ZodObject>(schema: T, descriptions: Partial<Record<keyof T["shape"] & string, string>>): ZodObject {
  return schema.extend(Object.fromEntries(Object.entries(descriptions).map(([name, text]) => [name, (schema.shape[name] as ZodType).describe(text as string)])));
}
const REGISTRY_DETAIL_QUERY = {
  include_deleted: "true: also entries deleted upstream (status deleted).",
  min_grade: "Our addition: only servers with a verdict of this grade or better (A, B, C, D or F, any case); the instance may set a stricter one.",
};
const serverNameParameter: RouteParameter = {
  name: "serverName",
  in: "path",
  required: true,
  description: "The server's name in the official registry (namespace/name), percent-encoded (io.github.acme%2Fweather).",
  schema: z.string().min(1),
};

const adminListQuery = z.object({
  status: z.enum(APPLICATION_STATUSES).optional().describe("Only applications in this status."),
  limit: z.int().min(1).max(500).default(100).describe("At most this many, newest first."),
});

export const ROUTES: RouteOperation[] = [
  // Registry
  {
    method: "get",
    path: "/api/v1/search",
    source: "app/api/v1/search/route.ts",
    operationId: "searchServers",
    tag: "Registry",
    summary: "Search the registry",
    description: "Matches name, URL, publisher and package, case-insensitively and tolerating typos. Lists assessed servers only.",
    access: "read",
    query: searchParamsSchema,
    replies: {
      200: json(searchResponseSchema, "One page of results."),
      400: error("invalid_parameter: a parameter is malformed or out of range (the message names it)."),
      ...COUNTED,
    },
  },
  {
    method: "get",
    path: "/api/v1/stats",
    source: "app/api/v1/stats/route.ts",
    operationId: "getStats",
    tag: "Registry",
    summary: "Registry-wide statistics",
    access: "read",
    replies: { 200: json(statsResponseSchema, "Statistics and the three short lists."), ...COUNTED },
  },
  {
    method: "get",
    path: "/api/v1/server/{url}",
    source: "app/api/v1/server/[...url]/route.ts",
    operationId: "getServer",
    tag: "Registry",
    summary: "Trust profile of one server",
    access: "read",
    parameters: [serverUrlParameter],
    replies: {
      200: json(serverDetailSchema, "The profile, with the last 20 scans."),
      404: error("not_found: no assessed server has this URL."),
      ...COUNTED,
    },
  },
  {
    method: "get",
    path: "/api/v1/server/{url}/report",
    source: "app/api/v1/server/[...url]/route.ts",
    operationId: "getServerReport",
    tag: "Registry",
    summary: "Downloadable report of one server",
    description: "The evidence behind the current verdict: factor breakdown, discovered tools and resources, network and TLS, findings and history.",
    access: "read",
    parameters: [serverUrlParameter],
    replies: {
      200: json(serverReportSchema, "The report, as a JSON attachment.", ["Content-Disposition"]),
      404: error("not_found: no assessed server has this URL, or it has no report yet."),
      ...COUNTED,
    },
  },
  {
    method: "get",
    path: "/api/v1/rules",
    source: "app/api/v1/rules/route.ts",
    operationId: "listRules",
    tag: "Registry",
    summary: "The rule catalogue",
    description: "Every rule a finding id refers to, with the scoring version.",
    access: "unmetered",
    replies: { 200: json(ruleCatalogueSchema, "The rule catalogue.", ["Cache-Control"]), ...GATED },
  },

  // Badges
  {
    method: "get",
    path: "/api/v1/badge",
    source: "app/api/v1/badge/route.ts",
    operationId: "getBadgeByQuery",
    tag: "Badges",
    summary: "SVG badge of a server, by query",
    access: "unmetered",
    query: z.object({ url: z.string().min(1).describe("The server URL (or Package URL).") }).extend(badgeQuery("flat").shape),
    parameters: [ifNoneMatchParameter],
    replies: badgeReplies,
  },
  {
    method: "get",
    path: "/api/v1/server/{url}/badge",
    source: "app/api/v1/server/[...url]/route.ts",
    operationId: "getServerBadge",
    tag: "Badges",
    summary: "SVG badge of a server",
    access: "unmetered",
    query: badgeQuery("compact"),
    parameters: [serverUrlParameter, ifNoneMatchParameter],
    replies: badgeReplies,
  },
  {
    method: "get",
    path: "/api/v1/server/{url}/badge.json",
    source: "app/api/v1/server/[...url]/route.ts",
    operationId: "getServerBadgeEndpoint",
    tag: "Badges",
    summary: "shields.io endpoint document of a server",
    description:
      "For `https://img.shields.io/endpoint?url=…`: shields draws the verdict in its own styles. Always 200 for a well-formed request, since shields shows any other status as \"inaccessible\": an unknown server is `not assessed` with isError.",
    access: "unmetered",
    query: badgeQuery("flat").omit({ style: true }),
    parameters: [serverUrlParameter],
    replies: {
      200: json(badgeEndpointSchema, "The endpoint document.", ["Cache-Control"]),
      400: error("invalid_parameter: a parameter value is not allowed (the message names it)."),
      ...GATED,
    },
  },

  // Scans
  {
    method: "post",
    path: "/api/v1/scan",
    source: "app/api/v1/scan/route.ts",
    operationId: "scanServer",
    tag: "Scans",
    summary: "Scan a server now",
    description:
      "Runs synchronously (at most the scan deadline, 20 s by default) and answers the result. A server not yet in the registry is added. An unreachable server is answered 200 with status unreachable and no score.",
    access: "scan",
    requestBody: { schema: scanRequestSchema, description: "The server to scan." },
    replies: {
      200: json(scanResponseSchema, "The scan result."),
      400: error("bad_request (not JSON), invalid_url, or target_forbidden (the address is private, loopback, link-local or otherwise refused)."),
      413: TOO_LARGE,
      ...COUNTED,
      503: STORE_UNAVAILABLE,
    },
  },

  // Certification
  {
    method: "post",
    path: "/api/v1/certify",
    source: "app/api/v1/certify/route.ts",
    operationId: "requestCertification",
    tag: "Certification",
    summary: "Start a certification application",
    description:
      "Opens an application for a server and tier, or answers the open one for the same server and tier (and checks its verification again). " +
      "The publisher proves control of the server's origin by serving the token at `{origin}/.well-known/mcp-trust-verification`; " +
      "payment is taken in the publisher workflow; an operator approves. The contact email is never shown publicly. " +
      "A server not yet in the registry is scanned first.",
    access: "certify",
    requestBody: { schema: certificationRequestSchema, description: "The application. The earlier payload (publisher_name, publisher_email) is accepted and mapped." },
    replies: {
      200: json(certificationResponseSchema, "The application opened, or the open one."),
      400: error("bad_request (not JSON), invalid_url, invalid_parameter (naming the field) or target_forbidden."),
      413: TOO_LARGE,
      ...COUNTED,
      503: STORE_UNAVAILABLE,
    },
  },
  {
    method: "get",
    path: "/api/v1/certify/{applicationId}",
    source: "app/api/v1/certify/[applicationId]/route.ts",
    operationId: "getCertificationStatus",
    tag: "Certification",
    summary: "Status of a certification application",
    description: "Re-checks the verification while the application is pending (at most every 30 seconds).",
    access: "read",
    parameters: [uuidPathParameter("applicationId", "Id of the application, from the intake reply.")],
    replies: {
      200: json(certificationStatusSchema, "The application's status."),
      404: error("not_found: there is no application with this id."),
      ...COUNTED,
    },
  },

  // MCP
  {
    method: "post",
    path: "/api/v1/mcp",
    source: "app/api/v1/mcp/route.ts",
    operationId: "callMcp",
    tag: "MCP",
    summary: "Send MCP JSON-RPC messages",
    description:
      "Stateless Streamable HTTP: every POST is answered on its own, with application/json; there is no session. " +
      "Send `Accept: application/json, text/event-stream` and `Content-Type: application/json`. " +
      "GET and DELETE answer 405 with a JSON-RPC error and `Allow: POST`: there is no server-initiated stream and no session to end. " +
      "Requests whose Host or Origin does not name this service are refused (DNS rebinding).",
    access: "mcp",
    parameters: [
      {
        name: "MCP-Protocol-Version",
        in: "header",
        required: false,
        description: "The MCP protocol version negotiated at initialize; an unsupported one is 400.",
        schema: z.string(),
      },
    ],
    requestBody: { schema: jsonRpcRequestBodySchema, description: "A JSON-RPC request or notification, or a batch." },
    replies: {
      200: json(jsonRpcResponseSchema, "The JSON-RPC answer. Tool errors (rate limits included) are results with isError, not HTTP errors.", RATE_LIMIT_HEADERS),
      202: { description: "Accepted: the body held only notifications or responses." },
      400: json(jsonRpcErrorResponseSchema, "Not JSON, not JSON-RPC, or an unsupported MCP-Protocol-Version."),
      401: INVALID_KEY,
      403: json(jsonRpcErrorResponseSchema, "Host or Origin does not name this service."),
      406: json(jsonRpcErrorResponseSchema, "Accept must allow both application/json and text/event-stream."),
      413: json(jsonRpcErrorResponseSchema, "The request body is over 16 KiB."),
      415: json(jsonRpcErrorResponseSchema, "Content-Type must be application/json."),
      500: INTERNAL,
      503: DATABASE_UNAVAILABLE,
    },
  },

  // Discovery
  {
    method: "get",
    path: "/.well-known/agent.json",
    source: "app/.well-known/agent.json/route.ts",
    operationId: "getDiscoveryDocument",
    tag: "Discovery",
    summary: "Discovery document",
    description: "Where the REST interface, the MCP endpoint and this document are.",
    access: "unmetered",
    replies: { 200: json(discoveryDocumentSchema, "The discovery document.", ["Cache-Control"]), ...GATED },
  },
  {
    method: "get",
    path: "/.well-known/mcp/server-card.json",
    source: "app/.well-known/mcp/server-card.json/route.ts",
    operationId: "getMcpServerCard",
    tag: "Discovery",
    summary: "MCP server card",
    description: "The service described as a remote MCP server: where to connect and which tools it offers.",
    access: "unmetered",
    replies: { 200: json(mcpServerCardSchema, "The server card.", ["Cache-Control"]), ...GATED },
  },
  {
    method: "get",
    path: "/api/v1/openapi.json",
    source: "app/api/v1/openapi.json/route.ts",
    operationId: "getOpenApiDocument",
    tag: "Discovery",
    summary: "This OpenAPI document",
    access: "unmetered",
    replies: { 200: json(openApiDocumentSchema, "The OpenAPI 3.1 document.", ["Cache-Control"]), ...GATED },
  },

  // Operations
  {
    method: "get",
    path: "/api/health",
    source: "app/api/health/route.ts",
    operationId: "getHealth",
    tag: "Operations",
    summary: "What is up",
    description: "200 while the database answers (degraded when the shared limit store is down, since requests are still served then); 503 when it does not.",
    access: "probe",
    replies: {
      200: json(healthResponseSchema, "The database answers."),
      503: json(probeUnavailableSchema, "The database does not answer within 3 s.", ["Retry-After"]),
    },
  },
  {
    method: "get",
    path: "/api/ready",
    source: "app/api/ready/route.ts",
    operationId: "getReadiness",
    tag: "Operations",
    summary: "May this instance take traffic",
    description: "For load balancers: 200 while the database answers within 2 s, else 503. The shared limit store is not asked.",
    access: "probe",
    replies: {
      200: json(readyResponseSchema, "Ready."),
      503: json(probeUnavailableSchema, "Not ready: the database does not answer within 2 s.", ["Retry-After"]),
    },
  },

  // Admin
  {
    method: "get",
    path: "/api/v1/admin/certifications",
    source: "app/api/v1/admin/certifications/route.ts",
    operationId: "adminListCertifications",
    tag: "Admin",
    summary: "List certification applications",
    description: "Due expiries are applied first, so the list never shows a lapsed approval.",
    access: "admin",
    query: adminListQuery,
    replies: {
      200: json(adminCertificationListSchema, "The applications, newest first, with contact data."),
      400: error("invalid_parameter: status or limit is not allowed."),
      ...COUNTED,
      401: error("unauthorized: no API key of scope admin (or an invalid key)."),
    },
  },
  {
    method: "get",
    path: "/api/v1/admin/certifications/{id}",
    source: "app/api/v1/admin/certifications/[id]/route.ts",
    operationId: "adminGetCertification",
    tag: "Admin",
    summary: "One certification application, with its audit trail",
    access: "admin",
    parameters: [applicationIdParameter],
    replies: {
      200: json(adminCertificationApplicationSchema, "The application with contact data and audit trail."),
      404: error("not_found: there is no application with this id."),
      ...COUNTED,
      401: error("unauthorized: no API key of scope admin (or an invalid key)."),
    },
  },
  ...(
    [
      ["approve", "adminApproveCertification", "Approve a certification application", "Needs a verified, paid application whose server's latest grade meets the tier's floor (standard C, premium B); the server's certificationStatus becomes the tier.", null],
      ["reject", "adminRejectCertification", "Reject a certification application", "Closes an open application with the operator's reason.", adminReasonRequestSchema],
      ["revoke", "adminRevokeCertification", "Revoke a certification", "Ends an approval early; the server's certificationStatus returns to none.", adminReasonRequestSchema],
      ["mark-paid", "adminMarkCertificationPaid", "Record the payment of a certification application", "Idempotent for the same payment reference.", adminPaymentRequestSchema],
    ] as const
  ).map(
    ([action, operationId, summary, description, body]): RouteOperation => ({
      method: "post",
      path: `/api/v1/admin/certifications/{id}/${action}`,
      source: "app/api/v1/admin/certifications/[id]/[action]/route.ts",
      operationId,
      tag: "Admin",
      summary,
      description,
      access: "admin",
      parameters: [applicationIdParameter],
      ...(body ? { requestBody: { schema: body, description: "Sent as application/json." } } : {}),
      replies: {
        200: json(adminCertificationApplicationSchema, "The application after the change, with its audit trail."),
        ...(body
          ? {
              400: error("bad_request (not JSON) or invalid_parameter (the field is missing, too long or has control characters)."),
              413: TOO_LARGE,
            }
          : {}),
        404: error("not_found: there is no application with this id."),
        409: error("conflict: the transition is not allowed from the application's status, or approval's preconditions are not met (the message says which)."),
        ...COUNTED,
        401: error("unauthorized: no API key of scope admin (or an invalid key)."),
      },
    }),
  ),

  // Subregistry (docs/subregistry.md): the official MCP Registry's v0.1 read API, answered in its own error shape.
  {
    method: "get",
    path: "/v0.1/servers",
    source: "app/v0.1/servers/route.ts",
    operationId: "listRegistryServers",
    tag: "Subregistry",
    summary: "List servers (official MCP Registry API)",
    description: "Latest version of each server, by name, a page at a time.",
    access: "read",
    query: described(listServersParamsSchema, {
      cursor: "metadata.nextCursor of the previous page, as it is.",
      limit: "Servers per page.",
      search: "Substring of the server name.",
      updated_since: "Only entries changed since this RFC 3339 time (deleted ones and those now below the minimum grade included, as deleted): for syncing.",
      version: "Only this version (`latest`: the latest, which is all this registry keeps).",
      ...REGISTRY_DETAIL_QUERY,
    }),
    replies: { 200: json(registryServerListSchema, "One page of servers."), ...registryErrors({ 400: "A parameter is malformed (the message names it)." }) },
  },
  {
    method: "get",
    path: "/v0.1/servers/{serverName}/versions",
    source: "app/v0.1/servers/[...path]/route.ts",
    operationId: "listRegistryServerVersions",
    tag: "Subregistry",
    summary: "Versions of a server (official MCP Registry API)",
    description: "This registry keeps the latest version of each server, so the list holds one.",
    access: "read",
    parameters: [serverNameParameter],
    query: described(detailParamsSchema, REGISTRY_DETAIL_QUERY),
    replies: {
      200: json(registryServerListSchema, "The server's versions."),
      ...registryErrors({ 400: "A parameter is malformed (the message names it).", 404: "Server not found (or below the minimum grade)." }),
    },
  },
  {
    method: "get",
    path: "/v0.1/servers/{serverName}/versions/{version}",
    source: "app/v0.1/servers/[...path]/route.ts",
    operationId: "getRegistryServerVersion",
    tag: "Subregistry",
    summary: "One version of a server (official MCP Registry API)",
    description:
      "`latest` names the latest version. PUT, PATCH and DELETE here, the official API's optional write endpoints, answer 405 with `Allow: GET`: this registry is read-only.",
    access: "read",
    parameters: [
      serverNameParameter,
      { name: "version", in: "path", required: true, description: "A version, or `latest`.", schema: z.string().min(1) },
    ],
    query: described(detailParamsSchema, REGISTRY_DETAIL_QUERY),
    replies: {
      200: json(registryServerResponseSchema, "The server at that version."),
      ...registryErrors({ 400: "A parameter is malformed (the message names it).", 404: "Server not found, or server version not found." }),
    },
  },
];
