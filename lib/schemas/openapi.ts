import { z, type ZodObject, type ZodType } from "zod";
import { certificationRequestSchema, certificationResponseSchema, certificationStatusSchema } from "./certify";
import { errorResponseSchema } from "./common";
import { discoveryDocumentSchema } from "./discovery";
import { factorPointsSchema, findingSchema, scanRequestSchema, scanResponseSchema } from "./scan";
import { searchParamsSchema, searchResponseSchema } from "./search";
import { scanHistoryEntrySchema, serverDetailSchema, serverSummarySchema } from "./server";
import { statsResponseSchema } from "./stats";

/**
 * The OpenAPI 3.1 document (D12), generated from the same zod schemas that
 * validate requests and replies: one source of truth. Named schemas (with
 * `.meta({ id })`) become components and are referenced, not inlined.
 */
const COMPONENTS = [
  errorResponseSchema,
  serverSummarySchema,
  scanHistoryEntrySchema,
  serverDetailSchema,
  findingSchema,
  factorPointsSchema,
  searchResponseSchema,
  statsResponseSchema,
  scanRequestSchema,
  scanResponseSchema,
  discoveryDocumentSchema,
  certificationRequestSchema,
  certificationResponseSchema,
  certificationStatusSchema,
];

export type OpenApiExtension = (doc: OpenApiDocument) => void;
export type OpenApiDocument = {
  openapi: "3.1.0";
  info: Record<string, unknown>;
  servers: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  security: Record<string, string[]>[];
};

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const jsonContent = (id: string) => ({ "application/json": { schema: ref(id) } });
const errorReply = (description: string) => ({ description, content: jsonContent("ErrorResponse") });
const rateLimited = {
  description: "Rate limit exceeded.",
  headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } },
  content: jsonContent("ErrorResponse"),
};
const svgReply = { description: "SVG badge.", content: { "image/svg+xml": { schema: { type: "string" } } } };

function queryParameters(schema: ZodObject, required: string[] = []) {
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    in: "query",
    required: required.includes(name),
    schema: z.toJSONSchema(field as ZodType, { io: "input", unrepresentable: "any" }),
  }));
}

const serverUrlPathParameter = {
  name: "url",
  in: "path",
  required: true,
  description: "The server URL, percent-encoded (the whole URL, including scheme and slashes).",
  schema: { type: "string" },
};
const badgeStyle = (fallback: string) => ({
  name: "style",
  in: "query",
  required: false,
  schema: { type: "string", enum: ["flat", "compact"], default: fallback },
});

export function buildOpenApiDocument(baseUrl: string, extensions: OpenApiExtension[] = []): OpenApiDocument {
  const registry = z.registry<{ id: string }>();
  for (const schema of COMPONENTS) registry.add(schema, { id: (schema.meta() as { id: string }).id });
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: "any",
  }) as { schemas: Record<string, Record<string, unknown>> };
  for (const schema of Object.values(schemas)) delete schema.$schema;

  const doc: OpenApiDocument = {
    openapi: "3.1.0",
    info: {
      title: "MCP Trust Registry",
      version: "3.0.0",
      description: "Trust scores, findings and scan results are decision support, not guarantees.",
    },
    servers: [{ url: `${baseUrl}` }],
    security: [{}, { apiKey: [] }],
    components: {
      schemas,
      securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "X-API-Key" } },
    },
    paths: {
      "/api/v1/search": {
        get: {
          operationId: "searchServers",
          summary: "Search the registry by name, URL, publisher or package.",
          parameters: queryParameters(searchParamsSchema),
          responses: {
            "200": { description: "Search results.", content: jsonContent("SearchResponse") },
            "400": errorReply("Invalid parameter."),
            "401": errorReply("Invalid API key."),
            "429": rateLimited,
          },
        },
      },
      "/api/v1/stats": {
        get: {
          operationId: "getStats",
          summary: "Registry-wide statistics.",
          responses: { "200": { description: "Statistics.", content: jsonContent("StatsResponse") }, "429": rateLimited },
        },
      },
      "/api/v1/badge": {
        get: {
          operationId: "getBadgeByQuery",
          summary: "SVG badge of a server.",
          parameters: [{ name: "url", in: "query", required: true, schema: { type: "string" } }, badgeStyle("flat")],
          responses: { "200": svgReply, "304": { description: "Not modified (ETag)." }, "400": errorReply("Invalid parameter."), "404": errorReply("Unknown server.") },
        },
      },
      "/api/v1/server/{url}": {
        get: {
          operationId: "getServer",
          summary: "Public trust profile of one server.",
          parameters: [serverUrlPathParameter],
          responses: { "200": { description: "Profile.", content: jsonContent("ServerDetail") }, "404": errorReply("Unknown server."), "429": rateLimited },
        },
      },
      "/api/v1/server/{url}/report": {
        get: {
          operationId: "getServerReport",
          summary: "Downloadable report: factor breakdown, discovered tools and resources, network behaviour, findings.",
          parameters: [serverUrlPathParameter],
          responses: {
            "200": { description: "Report (JSON attachment).", content: { "application/json": { schema: { type: "object" } } } },
            "404": errorReply("Unknown server."),
            "429": rateLimited,
          },
        },
      },
      "/api/v1/server/{url}/badge": {
        get: {
          operationId: "getServerBadge",
          summary: "SVG badge of a server.",
          parameters: [serverUrlPathParameter, badgeStyle("compact")],
          responses: { "200": svgReply, "304": { description: "Not modified (ETag)." }, "400": errorReply("Invalid parameter."), "404": errorReply("Unknown server.") },
        },
      },
      "/api/v1/scan": {
        post: {
          operationId: "scanServer",
          summary: "Scan a server now (synchronous).",
          requestBody: { required: true, content: jsonContent("ScanRequest") },
          responses: {
            "200": { description: "Scan result.", content: jsonContent("ScanResponse") },
            "400": errorReply("Invalid URL or forbidden target."),
            "413": errorReply("Body over 16 KiB."),
            "429": rateLimited,
          },
        },
      },
      "/api/v1/certify": {
        post: {
          operationId: "requestCertification",
          summary: "Start a certification application (standard or premium) for a server.",
          description:
            "Opens an application, or answers the open one for the same server and tier (and checks its verification again). " +
            "The publisher proves control of the server's origin by serving the token at <origin>/.well-known/mcp-trust-verification; " +
            "payment is taken in the publisher workflow; an operator approves. The contact email is never shown publicly.",
          requestBody: { required: true, content: jsonContent("CertificationRequest") },
          responses: {
            "200": { description: "Application opened (or the open one).", content: jsonContent("CertificationResponse") },
            "400": errorReply("Invalid URL or parameter."),
            "401": errorReply("Invalid API key."),
            "413": errorReply("Body over 16 KiB."),
            "429": rateLimited,
          },
        },
      },
      "/api/v1/certify/{applicationId}": {
        get: {
          operationId: "getCertificationStatus",
          summary: "Status of a certification application (re-checks verification while pending).",
          parameters: [{ name: "applicationId", in: "path", required: true, schema: { type: "string", format: "uuid" } }],
          responses: {
            "200": { description: "Application status.", content: jsonContent("CertificationStatus") },
            "401": errorReply("Invalid API key."),
            "404": errorReply("Unknown application."),
            "429": rateLimited,
          },
        },
      },
      "/.well-known/agent.json": {
        get: {
          operationId: "getDiscoveryDocument",
          summary: "Discovery document.",
          responses: { "200": { description: "Discovery document.", content: jsonContent("DiscoveryDocument") } },
        },
      },
    },
  };
  for (const extend of extensions) extend(doc);
  return doc;
}
