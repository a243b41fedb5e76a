import { z } from "zod";

/**
 * The official MCP Registry's v0.1 read API, as its published OpenAPI
 * document (docs/reference/api/openapi.yaml of modelcontextprotocol/registry,
 * info.version 2025-12-01, server.json schema 2025-12-11) defines the
 * replies: components ServerList, ServerResponse, ServerDetail and the
 * 404 body. Written for the tests from that document, separately from the
 * app's own schemas (lib/core/registry/subregistry/server-json-schema.ts), so a mistake in
 * one is caught by the other. `additionalProperties: false` in the
 * document is z.strictObject here; everything else allows more properties.
 */

const uriFormat = z.string().refine((s) => URL.canParse(s), "format: uri");
const dateTimeFormat = z.iso.datetime({ offset: true });

// components.schemas.Input
const Input = z.looseObject({
  description: z.string().optional(),
  isRequired: z.boolean().optional(),
  format: z.enum(["string", "number", "boolean", "filepath"]).optional(),
  value: z.string().optional(),
  isSecret: z.boolean().optional(),
  default: z.string().optional(),
  placeholder: z.string().optional(),
  choices: z.array(z.string()).optional(),
});
// InputWithVariables = allOf [Input, { variables: map of Input }]
const InputWithVariables = Input.and(z.looseObject({ variables: z.record(z.string(), Input).optional() }));
// KeyValueInput = allOf [InputWithVariables, { name (required) }]
const KeyValueInput = InputWithVariables.and(z.looseObject({ name: z.string() }));
// PositionalArgument: type "positional", anyOf required valueHint | value
const PositionalArgument = InputWithVariables.and(
  z
    .looseObject({ type: z.literal("positional"), valueHint: z.string().optional(), value: z.string().optional(), isRepeated: z.boolean().optional() })
    .refine((a) => a.valueHint !== undefined || a.value !== undefined, "anyOf: valueHint or value required"),
);
// NamedArgument: type "named", name required
const NamedArgument = InputWithVariables.and(z.looseObject({ type: z.literal("named"), name: z.string(), isRepeated: z.boolean().optional() }));
const Argument = z.union([PositionalArgument, NamedArgument]);

const templatedUrl = z.string().regex(/^(https?:\/\/[^\s]+|\{[a-zA-Z_][a-zA-Z0-9_]*\}[^\s]*)$/);
const StdioTransport = z.looseObject({ type: z.literal("stdio") });
const StreamableHttpTransport = z.looseObject({ type: z.literal("streamable-http"), url: templatedUrl, headers: z.array(KeyValueInput).optional() });
const SseTransport = z.looseObject({ type: z.literal("sse"), url: templatedUrl, headers: z.array(KeyValueInput).optional() });
const LocalTransport = z.union([StdioTransport, StreamableHttpTransport, SseTransport]);
// RemoteTransport = allOf [anyOf [StreamableHttp, Sse], { variables }]
const RemoteTransport = z.union([StreamableHttpTransport, SseTransport]).and(z.looseObject({ variables: z.record(z.string(), Input).optional() }));

const Package = z.looseObject({
  registryType: z.string(),
  registryBaseUrl: uriFormat.optional(),
  identifier: z.string(),
  version: z.string().min(1).refine((v) => v !== "latest", "not: const latest").optional(),
  fileSha256: z.string().regex(/^[a-f0-9]{64}$/).optional(),
  runtimeHint: z.string().optional(),
  transport: LocalTransport,
  runtimeArguments: z.array(Argument).optional(),
  packageArguments: z.array(Argument).optional(),
  environmentVariables: z.array(KeyValueInput).optional(),
});

const Icon = z.looseObject({
  src: uriFormat.refine((s) => s.length <= 255, "maxLength 255"),
  mimeType: z.enum(["image/png", "image/jpeg", "image/jpg", "image/svg+xml", "image/webp"]).optional(),
  sizes: z.array(z.string().regex(/^(\d+x\d+|any)$/)).optional(),
  theme: z.enum(["light", "dark"]).optional(),
});

const Repository = z.looseObject({ url: uriFormat, source: z.string(), id: z.string().optional(), subfolder: z.string().optional() });

export const ServerDetail = z.looseObject({
  name: z.string().min(3).max(200).regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
  description: z.string().min(1).max(100),
  title: z.string().min(1).max(100).optional(),
  repository: Repository.optional(),
  version: z.string().max(255),
  websiteUrl: uriFormat.optional(),
  icons: z.array(Icon).optional(),
  $schema: uriFormat.optional(),
  packages: z.array(Package).optional(),
  remotes: z.array(RemoteTransport).optional(),
  _meta: z.looseObject({ "io.modelcontextprotocol.registry/publisher-provided": z.record(z.string(), z.unknown()).optional() }).optional(),
});

const OfficialMeta = z.strictObject({
  status: z.enum(["active", "deprecated", "deleted"]).optional(),
  statusMessage: z.string().max(500).optional(),
  statusChangedAt: dateTimeFormat.optional(),
  publishedAt: dateTimeFormat.optional(),
  updatedAt: dateTimeFormat.optional(),
  isLatest: z.boolean().optional(),
});

export const ServerResponse = z.looseObject({
  server: ServerDetail,
  _meta: z.looseObject({ "io.modelcontextprotocol.registry/official": OfficialMeta.optional() }).optional(),
});

export const ServerList = z.looseObject({
  servers: z.array(ServerResponse),
  metadata: z.looseObject({ nextCursor: z.string().optional(), count: z.number().int().optional() }).optional(),
});

/** The body every error response of the document has: `{ error: string }`. */
export const ErrorBody = z.looseObject({ error: z.string() });

/** Parses or throws with the first issue's path, for readable test failures. */
export function expectShape<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`not the official shape at ${issue.path.join(".") || "(root)"}: ${issue.message}\n${JSON.stringify(value).slice(0, 2000)}`);
  }
  return result.data;
}
