import { z, type ZodType } from "zod";
import { SERVICE_VERSION } from "@/lib/version";
import { ACCESS_CLASSES, HEADERS, ROUTES, TAGS, type Reply, type ReplyBody, type RouteOperation, type RouteParameter, type StatusCode } from "./route-table";

/**
 * The OpenAPI 3.1 document (docs/openapi.md), generated from the route table
 * (route-table.ts) and the same zod schemas that validate requests and
 * replies: one source of truth. Named schemas (with `.meta({ id })`) become
 * components and are referenced, not inlined. docs/openapi.md explains the
 * table, the lint and the generated-client test.
 */

export type OpenApiExtension = (doc: OpenApiDocument) => void;
export type OpenApiDocument = {
  openapi: "3.1.0";
  info: Record<string, unknown>;
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, unknown>;
    headers: Record<string, unknown>;
    securitySchemes: Record<string, unknown>;
  };
  security: Record<string, string[]>[];
};

/**
 * The licence the document is published under. The repository names none
 * (package.json is private, without a "license" field), so the description
 * says "all rights reserved" in SPDX's form for a licence of one's own.
 */
export const API_LICENSE = { name: "Proprietary (all rights reserved)", identifier: "LicenseRef-Proprietary" } as const;

const COMPONENT_PREFIX = "#/components/schemas/";
const ref = (id: string) => ({ $ref: `${COMPONENT_PREFIX}${id}` });

function schemaId(schema: ZodType): string {
  const id = (schema.meta() as { id?: unknown } | undefined)?.id;
  if (typeof id !== "string") throw new Error("A request or reply body in the route table needs a named schema (.meta({ id }))");
  return id;
}

const bodiesOf = (reply: Reply | undefined): ReplyBody[] => (reply?.body === undefined ? [] : Array.isArray(reply.body) ? reply.body : [reply.body]);

/** Every body schema of the table: the named components. */
function bodySchemas(routes: RouteOperation[]): ZodType[] {
  const bodies = new Set<ZodType>();
  for (const route of routes) {
    if (route.requestBody) bodies.add(route.requestBody.schema);
    for (const reply of Object.values(route.replies)) for (const body of bodiesOf(reply)) if (body !== "svg") bodies.add(body);
  }
  return [...bodies];
}

/**
 * JSON Schemas of the components, from zod. A named schema nested in a body
 * (Finding in ScanResponse) is made a component of its own too: zod puts
 * such schemas in a `__shared` bucket when they are not registered, so they
 * are looked up by id and registered until none is left there.
 */
function componentSchemas(routes: RouteOperation[]): Record<string, Record<string, unknown>> {
  const nested = namedSchemasWithin(bodySchemas(routes));
  const registry = z.registry<{ id: string }>();
  const add = (schema: ZodType) => {
    const id = schemaId(schema);
    const existing = registry._idmap.get(id);
    if (existing && existing !== schema) throw new Error(`Two different schemas are named ${id}`);
    if (!existing) registry.add(schema, { id });
  };
  for (const schema of bodySchemas(routes)) add(schema);
  for (;;) {
    const { schemas } = z.toJSONSchema(registry, {
      target: "draft-2020-12",
      uri: (id) => `${COMPONENT_PREFIX}${id}`,
      unrepresentable: "any",
    }) as { schemas: Record<string, Record<string, unknown>> };
    const shared = schemas.__shared as { $defs?: Record<string, unknown> } | undefined;
    const missing = Object.keys(shared?.$defs ?? {});
    if (missing.length === 0) {
      for (const schema of Object.values(schemas)) {
        delete schema.$schema;
        delete schema.$id;
      }
      return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
    }
    for (const id of missing) {
      const schema = nested.get(id);
      if (!schema) throw new Error(`A nested schema named ${id} is not reachable from any body`);
      add(schema);
    }
  }
}

/**
 * The named schemas reachable from `roots`, as this module graph has them.
 * Never looked up in zod's global registry by id: the production bundler
 * evaluates a module once per route, so other copies of these schemas, with
 * the same ids, sit in that registry too, and mixing copies made the
 * conversion fail ("Duplicate schema id") once another route had loaded.
 */
function namedSchemasWithin(roots: ZodType[]): Map<string, ZodType> {
  const found = new Map<string, ZodType>();
  const collect = (ctx: { zodSchema: unknown }) => {
    const schema = ctx.zodSchema as ZodType;
    const id = (schema.meta() as { id?: unknown } | undefined)?.id;
    if (typeof id === "string" && !found.has(id)) found.set(id, schema);
  };
  for (const root of roots) {
    for (const io of ["input", "output"] as const) z.toJSONSchema(root, { io, unrepresentable: "any", override: collect });
  }
  return found;
}

/** A parameter's JSON Schema, in input mode: what the client sends (page and limit are integers: docs/search-and-stats.md#parameters). */
function parameterSchema(schema: ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as Record<string, unknown>;
  delete json.$schema;
  // zod leaves a default out in input mode when it sits on a preprocess; the client should still see it.
  const def = schema._zod.def as { type: string; defaultValue?: unknown };
  if (def.type === "default" && !("default" in json)) json.default = def.defaultValue;
  return json;
}

function parameter(p: RouteParameter) {
  const schema = parameterSchema(p.schema);
  const description = p.description || (typeof schema.description === "string" ? schema.description : undefined);
  delete schema.description;
  return { name: p.name, in: p.in, required: p.required, ...(description ? { description } : {}), schema };
}

function parameters(route: RouteOperation) {
  const fromQuery: RouteParameter[] = Object.entries(route.query?.shape ?? {}).map(([name, field]) => {
    const schema = field as ZodType;
    return {
      name,
      in: "query",
      // A field that accepts nothing is required; optional and defaulted ones are not.
      required: !schema.safeParse(undefined).success,
      description: schema.description ?? "",
      schema,
    };
  });
  const all = [...(route.parameters ?? []).filter((p) => p.in === "path"), ...fromQuery, ...(route.parameters ?? []).filter((p) => p.in !== "path")];
  return all.map(parameter);
}

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

function response(route: RouteOperation, status: StatusCode, reply: Reply) {
  const headers = new Set(reply.headers ?? []);
  // A counted route carries its quota on every reply the gate let through (docs/api-keys-and-rate-limits.md#headers).
  if (ACCESS_CLASSES[route.access].counted && route.access !== "mcp" && status < 500 && status !== 401) {
    for (const name of ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"] as const) headers.add(name);
  }
  const bodies = bodiesOf(reply);
  const content = bodies.length
    ? Object.fromEntries(
        bodies.map((body) =>
          body === "svg"
            ? ["image/svg+xml", { schema: { type: "string", description: "An SVG document." } }]
            : ["application/json", { schema: ref(schemaId(body)) }],
        ),
      )
    : undefined;
  return {
    description: reply.description,
    ...(headers.size ? { headers: Object.fromEntries([...headers].map((name) => [name, headerRef(name)])) } : {}),
    ...(content ? { content } : {}),
  };
}

function operation(route: RouteOperation) {
  const params = parameters(route);
  const security = route.access === "admin" ? [{ apiKey: [] }] : route.access === "probe" ? [] : undefined;
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: [route.description, `Access: ${ACCESS_CLASSES[route.access].description}`].filter(Boolean).join("\n\n"),
    tags: [route.tag],
    "x-access-class": route.access,
    ...(params.length ? { parameters: params } : {}),
    ...(route.requestBody
      ? {
          requestBody: {
            required: true,
            description: route.requestBody.description,
            content: { "application/json": { schema: ref(schemaId(route.requestBody.schema)) } },
          },
        }
      : {}),
    responses: Object.fromEntries(
      (Object.entries(route.replies) as [string, Reply][])
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([status, reply]) => [status, response(route, Number(status) as StatusCode, reply)]),
    ),
    ...(security ? { security } : {}),
  };
}

const DESCRIPTION = [
  "The MCP Trust Registry keeps a registry of MCP servers and publishes a trust assessment of each: a score from 0 to 100, a grade, findings, a report and a badge.",
  "Trust scores, findings and scan results are decision support, not guarantees.",
  "",
  "Errors are an ErrorResponse: `error` is a stable code, `message` is for people (the /v0.1 subregistry answers the official MCP Registry API's `{ error }` instead). A method a path does not list is answered 405 with `Allow`; an unknown path under /api/v1, /.well-known or /v0.1 is 404.",
  "",
  "An API key is optional: send it in `X-API-Key` for the higher limit. A key that is sent must be valid, on every route (401 otherwise). Without a key: 100 reads and 5 scans an hour per client address; with one, 1,000 requests an hour. Each operation says how it is counted.",
].join("\n");

export function buildOpenApiDocument(baseUrl: string, extensions: OpenApiExtension[] = [], routes: RouteOperation[] = ROUTES): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    if (item[route.method]) throw new Error(`Two routes for ${route.method.toUpperCase()} ${route.path}`);
    item[route.method] = operation(route);
  }
  const usedTags = new Set(routes.map((r) => r.tag));
  const doc: OpenApiDocument = {
    openapi: "3.1.0",
    info: {
      title: "MCP Trust Registry",
      version: SERVICE_VERSION,
      description: DESCRIPTION,
      license: { ...API_LICENSE },
    },
    servers: [{ url: baseUrl, description: "This deployment (its BASE_URL)." }],
    tags: TAGS.filter((t) => usedTags.has(t.name)).map((t) => ({ ...t })),
    security: [{}, { apiKey: [] }],
    paths,
    components: {
      schemas: componentSchemas(routes),
      headers: Object.fromEntries(Object.entries(HEADERS).map(([name, header]) => [name, { ...header, schema: { ...header.schema } }])),
      securitySchemes: {
        apiKey: {
          type: "apiKey",
          in: "header",
          name: "X-API-Key",
          description: "Optional on public routes (the higher limit); an admin-scope key for the operator routes. Created with the project's `keys` command.",
        },
      },
    },
  };
  for (const extend of extensions) extend(doc);
  return doc;
}
