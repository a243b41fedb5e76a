import { z } from "zod";

/**
 * server.json as the official MCP Registry's v0.1 API serves it (its
 * OpenAPI `ServerDetail`, server.json schema 2025-12-11), written here from
 * the published specification. The import normalizes every entry through
 * these schemas before the subregistry stores it, so what /v0.1 serves is
 * valid by construction; parts that fail (a package without a transport, an
 * icon that is not a URL) are dropped one by one rather than failing the
 * entry, and the import says which.
 *
 * Objects are loose (`z.looseObject`) as in the specification: properties
 * it does not name pass through untouched.
 */

/** The schema version this service reads natively and serves. */
export const CURRENT_SERVER_JSON_SCHEMA = "2025-12-11";

export const REGISTRY_NAME_PATTERN = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;

const uri = z.string().refine((value) => URL.canParse(value), "must be an absolute URI");

const inputSchema = z.looseObject({
  description: z.string().optional(),
  isRequired: z.boolean().optional(),
  format: z.enum(["string", "number", "boolean", "filepath"]).optional(),
  value: z.string().optional(),
  isSecret: z.boolean().optional(),
  default: z.string().optional(),
  placeholder: z.string().optional(),
  choices: z.array(z.string()).optional(),
});

const inputWithVariables = inputSchema.extend({ variables: z.record(z.string(), inputSchema).optional() });

const keyValueInputSchema = inputWithVariables.extend({ name: z.string() });

const positionalArgument = inputWithVariables
  .extend({ type: z.literal("positional"), valueHint: z.string().optional(), isRepeated: z.boolean().optional() })
  .refine((arg) => arg.valueHint !== undefined || arg.value !== undefined, "a positional argument needs valueHint or value");
const namedArgument = inputWithVariables.extend({ type: z.literal("named"), name: z.string(), isRepeated: z.boolean().optional() });
const argumentSchema = z.union([positionalArgument, namedArgument]);

/** A transport URL: http(s) or a {template} variable first, no whitespace. */
const transportUrl = z.string().regex(/^(https?:\/\/[^\s]+|\{[a-zA-Z_][a-zA-Z0-9_]*\}[^\s]*)$/, "must start with http://, https:// or a {variable}");
const stdioTransport = z.looseObject({ type: z.literal("stdio") });
const streamableHttpTransport = z.looseObject({
  type: z.literal("streamable-http"),
  url: transportUrl,
  headers: z.array(keyValueInputSchema).optional(),
});
const sseTransport = z.looseObject({ type: z.literal("sse"), url: transportUrl, headers: z.array(keyValueInputSchema).optional() });
const localTransportSchema = z.union([stdioTransport, streamableHttpTransport, sseTransport]);
export const remoteTransportSchema = z.union([
  streamableHttpTransport.extend({ variables: z.record(z.string(), inputSchema).optional() }),
  sseTransport.extend({ variables: z.record(z.string(), inputSchema).optional() }),
]);

export const packageSchema = z.looseObject({
  registryType: z.string().min(1),
  registryBaseUrl: uri.optional(),
  identifier: z.string().min(1),
  version: z
    .string()
    .min(1)
    .max(255)
    .refine((v) => v !== "latest", "must be a specific version, not 'latest'")
    .optional(),
  fileSha256: z.string().regex(/^[a-f0-9]{64}$/).optional(),
  runtimeHint: z.string().optional(),
  transport: localTransportSchema,
  runtimeArguments: z.array(argumentSchema).optional(),
  packageArguments: z.array(argumentSchema).optional(),
  environmentVariables: z.array(keyValueInputSchema).optional(),
});

export const iconSchema = z.looseObject({
  src: uri.refine((v) => v.length <= 255, "at most 255 characters"),
  mimeType: z.enum(["image/png", "image/jpeg", "image/jpg", "image/svg+xml", "image/webp"]).optional(),
  sizes: z.array(z.string().regex(/^(\d+x\d+|any)$/)).optional(),
  theme: z.enum(["light", "dark"]).optional(),
});

export const repositorySchema = z.looseObject({
  url: uri,
  source: z.string(),
  id: z.string().optional(),
  subfolder: z.string().optional(),
});

export const serverDetailSchema = z.looseObject({
  name: z.string().min(3).max(200).regex(REGISTRY_NAME_PATTERN, "name must be namespace/name"),
  description: z.string().min(1).max(100),
  title: z.string().min(1).max(100).optional(),
  repository: repositorySchema.optional(),
  version: z.string().min(1).max(255),
  websiteUrl: uri.optional(),
  icons: z.array(iconSchema).optional(),
  $schema: uri.optional(),
  packages: z.array(packageSchema).optional(),
  remotes: z.array(remoteTransportSchema).optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});
export type ServerDetail = z.infer<typeof serverDetailSchema>;
