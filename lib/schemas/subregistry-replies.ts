import { z } from "zod";
import { CERTIFICATION_STATUSES, GRADES } from "@/lib/core/grades";
import { OFFICIAL_META_KEY, VERDICT_META_KEY } from "@/lib/core/registry/subregistry/subregistry-api";
import { serverDetailSchema as serverJsonSchema } from "@/lib/core/registry/subregistry/server-json-schema";

/**
 * The replies of the subregistry (docs/subregistry.md: the official MCP Registry's v0.1 read
 * API over this registry's data), as lib/core/registry/subregistry/subregistry-api.ts
 * builds them (ServerList, ServerResponse), for the OpenAPI document. The
 * server.json itself is the official schema's (lib/core/registry/subregistry/server-json-schema.ts);
 * our verdict rides under its own `_meta` key.
 */

const officialMetaSchema = z.object({
  status: z.enum(["active", "deprecated", "deleted"]).describe("deleted also for an entry below the minimum grade asked for."),
  statusMessage: z.string().max(500).optional(),
  statusChangedAt: z.iso.datetime().optional(),
  publishedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  isLatest: z.boolean(),
});

const verdictMetaSchema = z
  .discriminatedUnion("status", [
    z.object({
      status: z.literal("assessed"),
      grade: z.enum(GRADES),
      score: z.number().min(0).max(100),
      label: z.string().nullable(),
      trustSummary: z.string().nullable(),
      findingsSummary: z.string().nullable(),
      scannedAt: z.iso.datetime().nullable(),
      certificationStatus: z.enum(CERTIFICATION_STATUSES),
      url: z.string().nullable().describe("The server's identity in this registry (its URL or Package URL)."),
      reportUrl: z.url().nullable(),
      registry: z.url(),
    }),
    z.object({ status: z.literal("unassessed"), registry: z.url() }),
  ])
  .describe("This registry's verdict on the server.");

export const registryServerResponseSchema = z
  .object({
    server: serverJsonSchema.meta({ id: "RegistryServerJson", description: "The server.json, as the official registry publishes it." }),
    _meta: z.object({ [OFFICIAL_META_KEY]: officialMetaSchema, [VERDICT_META_KEY]: verdictMetaSchema }),
  })
  .meta({ id: "RegistryServerResponse" });

export const registryServerListSchema = z
  .object({
    servers: z.array(registryServerResponseSchema),
    metadata: z.object({
      nextCursor: z.string().optional().describe("Pass as cursor for the next page; absent on the last one."),
      count: z.number().int().min(0),
    }),
  })
  .meta({ id: "RegistryServerList" });

export const registryErrorSchema = z
  .object({ error: z.string().describe("What went wrong, in the official API's words.") })
  .meta({ id: "RegistryError", description: "The official MCP Registry API's error body." });
