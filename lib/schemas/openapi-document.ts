import { z } from "zod";

/** GET /api/v1/openapi.json answers an OpenAPI 3.1 document; only its outline is described here. */
export const openApiDocumentSchema = z
  .looseObject({
    openapi: z.literal("3.1.0"),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  })
  .meta({ id: "OpenApiDocument", description: "An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0)." });
