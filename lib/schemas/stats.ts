import { z } from "zod";
import type { RegistryStats } from "@/lib/core/registry/stats-reader";
import type { Expect, IsSameType } from "./common";
import { serverSummarySchema } from "./server";

export const statsResponseSchema = z
  .object({
    stats: z
      .object({
        totalServers: z.number().int(),
        certifiedServers: z.number().int(),
        avgTrustScore: z.number(),
        recentlyFlagged: z.number().int(),
        gradeDistribution: z.object({ A: z.number().int(), B: z.number().int(), C: z.number().int(), D: z.number().int(), F: z.number().int() }),
        totalScans: z.number().int(),
        scansLast24h: z.number().int(),
      })
      .describe("Registry-wide numbers."),
    recentlyScanned: z.array(serverSummarySchema).max(10),
    highestRated: z.array(serverSummarySchema).max(10),
    recentlyFlagged: z
      .array(serverSummarySchema)
      .max(10)
      .describe("Servers whose latest scan in the last 7 days lowered the grade, added a critical or high finding, changed tool definitions, or fell below a certification floor."),
  })
  .meta({ id: "StatsResponse" });

export type StatsResponse = z.infer<typeof statsResponseSchema>;

/** What the core's stats reader returns (lib/core/registry/stats-reader.ts) is exactly this shape. */
type _Agree = Expect<IsSameType<StatsResponse, RegistryStats>>;
