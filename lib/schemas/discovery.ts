import { z } from "zod";

export const discoveryDocumentSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    url: z.url(),
    openapi: z.url(),
    capabilities: z.array(z.string()),
    endpoints: z.object({ mcp: z.url(), rest: z.url() }),
  })
  .meta({ id: "DiscoveryDocument" });

export type DiscoveryDocument = z.infer<typeof discoveryDocumentSchema>;
