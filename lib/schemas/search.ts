import { z } from "zod";
import { GRADES } from "@/lib/core/grades";
import { CERTIFIED_FILTERS, SEARCH_SORTS } from "@/lib/core/registry/registry-store";
import type { SearchResults } from "@/lib/core/registry/search-servers";
import type { Expect, IsSameType } from "./common";
import { serverSummarySchema } from "./server";

const MAX_WHOLE_NUMBER = 999_999_999;

/**
 * A whole number in a query string: up to nine digits, then 1..max. Text on
 * the wire, an integer once parsed, and `type: integer` (with its bounds) in
 * the OpenAPI document: zod describes a preprocess by the schema after it, so
 * generated clients send `limit: 2`, not `limit: "2"`. Text that is not
 * digits is left as text, which the integer schema refuses.
 */
const positiveInt = (name: string, max: number = MAX_WHOLE_NUMBER) => {
  const range = max === MAX_WHOLE_NUMBER ? `${name} must be at least 1` : `${name} must be between 1 and ${max}`;
  return z.preprocess(
    (raw) => (typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : raw),
    z.int({ error: `${name} must be a whole number` }).min(1, range).max(max, range),
  );
};

const MAX_SEARCH_TEXT_CHARS = 200;
const UNSEARCHABLE_RE = /[\p{Cc}\uFFFD]+/gu;

/**
 * Search text as the database is asked for it: control characters (NUL
 * among them, which PostgreSQL refuses in a text parameter), lone
 * surrogates and U+FFFD (what invalid UTF-8 in a URL decodes to) separate
 * words like spaces do. No stored name holds them (the scanner keeps control
 * characters as visible escapes), so they can match nothing, and the word
 * search already splits on every other ASCII non-alphanumeric; refusing the
 * query instead would turn a stray character from a paste or a form into an
 * error. q=a%00b searches "a b"; q=%00 is no search text.
 */
function searchableText(text: string): string {
  return text.toWellFormed().replace(UNSEARCHABLE_RE, " ");
}

/**
 * The search text parameter, shared by GET /api/v1/search, the home page
 * (both parse searchParamsSchema) and the MCP tool search_registry (whose
 * parameter is named `query`).
 */
export const searchTextSchema = (name: string) =>
  z.string().max(MAX_SEARCH_TEXT_CHARS, `${name} must be at most ${MAX_SEARCH_TEXT_CHARS} characters`).transform(searchableText);

/** An empty filter field ("any grade", as a plain GET form sends it) is no filter. */
const emptyIsAbsent = <T extends string>(name: string, values: readonly [T, ...T[]]) =>
  z
    .enum(["", ...values] as [string, ...string[]], { error: `${name} must be one of ${values.join(", ")}` })
    .transform((v) => (v === "" ? undefined : (v as T)));

/** Query parameters of GET /api/v1/search (docs/search-and-stats.md#parameters); strings in, typed values out. */
export const searchParamsSchema = z.object({
  q: searchTextSchema("q").optional().describe("Search text matched against name, URL, publisher or package (typo-tolerant)."),
  sort: z.enum(SEARCH_SORTS).default("relevance"),
  page: positiveInt("page").default(1),
  limit: positiveInt("limit", 50).default(20),
  certified: emptyIsAbsent("certified", CERTIFIED_FILTERS).optional().describe("true = standard or premium. Empty or absent: no certification filter."),
  grade: emptyIsAbsent("grade", GRADES).optional().describe("Empty or absent: any grade."),
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

/** What the core's search returns (lib/core/registry/search-servers.ts) is exactly this shape. */
type _Agree = Expect<IsSameType<SearchResponse, SearchResults>>;
