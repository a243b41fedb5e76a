import { z } from "zod";
import { GRADES } from "@/lib/core/grades";
import { CERTIFIED_FILTERS, SEARCH_SORTS } from "@/lib/core/registry/registry-store";
import { serverSummarySchema } from "./server";

const positiveInt = (name: string, max?: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= 1 && (max === undefined || n <= max), max ? `${name} must be between 1 and ${max}` : `${name} must be at least 1`);

/** Query parameters of GET /api/v1/search (spec 4.1, D7); strings in, typed values out. */
export const searchParamsSchema = z.object({
  q: z.string().max(200, "q must be at most 200 characters").optional().describe("Search text matched against name, URL, publisher or package (typo-tolerant)."),
  sort: z.enum(SEARCH_SORTS).default("relevance"),
  page: positiveInt("page").default(1),
  limit: positiveInt("limit", 50).default(20),
  certified: z.enum(CERTIFIED_FILTERS).optional().describe("true = standard or premium."),
  grade: z.enum(GRADES).optional(),
});

export const searchResponseSchema = z
  .object({
    query: z.string(),
    sort: z.enum(SEARCH_SORTS),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    results: z.array(serverSummarySchema),
  })
  .meta({ id: "SearchResponse" });

export type SearchResponse = z.infer<typeof searchResponseSchema>;
