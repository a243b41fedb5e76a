import { z } from "zod";

/**
 * GET /api/v1/server/{url}/badge.json: a shields.io endpoint document
 * (https://shields.io/badges/endpoint-badge), as lib/http/badge-response.ts
 * (badgeEndpointResponse) builds it, so img.shields.io/endpoint can draw our
 * verdict in its own styles.
 */
export const badgeEndpointSchema = z
  .object({
    schemaVersion: z.literal(1),
    label: z.string().describe("Empty when the style shows no label."),
    message: z.string().describe("Grade and score (\"A 92\"), or \"not assessed\"."),
    color: z.string().regex(/^[0-9a-f]{6}$/).describe("Message colour, hex without #."),
    labelColor: z.string().regex(/^[0-9a-f]{6}$/).optional(),
    cacheSeconds: z.number().int().min(300).max(86_400),
    isError: z.literal(true).optional().describe("Set when the registry has no verdict for the server."),
  })
  .meta({ id: "BadgeEndpoint" });
