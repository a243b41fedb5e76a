import { z } from "zod";

/**
 * GET /api/health and GET /api/ready (lib/http/health-checks.ts): what is up,
 * and whether this instance may take traffic. Neither goes through the
 * request gate (no key check, never counted).
 */
const storeStatusSchema = z
  .enum(["ok", "down", "not_configured"])
  .describe("The rate limits' shared store (Redis); not_configured when limits are counted in process by design.");

export const healthResponseSchema = z
  .object({
    status: z.enum(["ok", "degraded"]).describe("degraded: the shared limit store is down; requests are still served."),
    database: z.literal("ok"),
    redis: storeStatusSchema,
  })
  .meta({ id: "HealthResponse" });

export const readyResponseSchema = z
  .object({ status: z.literal("ready"), database: z.literal("ok") })
  .meta({ id: "ReadyResponse" });

export const probeUnavailableSchema = z
  .object({
    error: z.literal("service_unavailable"),
    message: z.string(),
    status: z.enum(["unavailable", "not_ready"]),
    database: z.literal("down"),
    redis: storeStatusSchema.optional(),
  })
  .meta({ id: "ProbeUnavailable", description: "An ErrorResponse that also carries the component report." });
