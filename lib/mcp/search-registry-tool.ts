import { z } from "zod";
import { GRADES } from "@/lib/core/grades";
import { CERTIFIED_FILTERS, SEARCH_SORTS, type SearchQuery } from "@/lib/core/registry/registry-store";
import { searchServers } from "@/lib/core/registry/search-servers";
import { searchResponseSchema, searchTextSchema, type SearchResponse } from "@/lib/schemas/search";
import { defineTool } from "./mcp-tool";

/**
 * The arguments of GET /api/v1/search (docs/search-and-stats.md#parameters) as JSON values: the
 * same names (q is `query` here), the same allowed values and bounds, the
 * same defaults. tests/integration/mcp checks the two schemas agree.
 */
const MAX_PAGE = 999_999_999;

// Same messages as the REST schema: "page must be at least 1", "limit must be between 1 and 50".
const wholeNumber = (name: string, max: number, messages: { min: string; max: string }) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, messages.min)
    .max(max, messages.max);

/** No filter, as form-based clients send it: an unticked box (false), a cleared field (null) or an empty one (""). */
const NO_FILTER = [z.literal(false), z.literal(""), z.null()] as const;

export const searchRegistryInputSchema = z.strictObject({
  query: searchTextSchema("query").optional().describe("Search text matched against name, URL, publisher or package (typo-tolerant)."),
  sort: z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(", ")}` }).default("relevance"),
  page: wholeNumber("page", MAX_PAGE, { min: "page must be at least 1", max: `page must be at most ${MAX_PAGE}` }).default(1),
  limit: wholeNumber("limit", 50, { min: "limit must be between 1 and 50", max: "limit must be between 1 and 50" }).default(20).describe("Results per page, 1 to 50."),
  certified: z
    .union([z.enum(CERTIFIED_FILTERS), z.literal(true), ...NO_FILTER], { error: `certified must be one of ${CERTIFIED_FILTERS.join(", ")}` })
    .optional()
    .describe('"true" (or true): standard or premium; "standard"; "premium". Leave out (or false, null, "") to include uncertified servers.'),
  grade: z
    .union([z.enum(GRADES), z.literal(""), z.null()], { error: `grade must be one of ${GRADES.join(", ")}` })
    .optional()
    .describe('Only servers with this grade. Leave out (or null, "") for any grade.'),
});

// A fresh object (not the named SearchResponse component) so the output schema is an inline `type: object`, as MCP requires.
export const searchRegistryOutputSchema = z.object(searchResponseSchema.shape);

/** MCP arguments to the query the REST route builds from its parameters. */
function toSearchQuery(input: z.output<typeof searchRegistryInputSchema>): SearchQuery {
  return {
    q: input.query,
    sort: input.sort,
    page: input.page,
    limit: input.limit,
    certified: input.certified === true ? "true" : input.certified || undefined,
    grade: input.grade || undefined,
  };
}

/** The readable twin of a SearchResponse: one line per server with its verdict. */
function describeSearch(result: SearchResponse): string {
  const what = result.query ? `matching "${result.query}"` : "in the registry";
  if (result.total === 0) return `No servers ${what}.`;
  const first = (result.page - 1) * result.limit + 1;
  const head = `${result.total} ${result.total === 1 ? "server" : "servers"} ${what}; page ${result.page} of ${result.totalPages}, sorted by ${result.sort}.`;
  if (result.results.length === 0) return `${head} This page is past the last one.`;
  const lines = result.results.map(
    (s, i) => `${first + i}. ${s.name} — ${s.url} — grade ${s.grade} (${s.trustScore}, ${s.trustLabel}), certification ${s.certificationStatus}, publisher ${s.publisherName}`,
  );
  return [head, ...lines].join("\n");
}

export const searchRegistryTool = defineTool({
  name: "search_registry",
  title: "Search the registry",
  description:
    "Searches the registry of scanned MCP servers by name, URL, publisher or package (typo-tolerant) and returns one page of servers with their score, grade and certification. " +
    "Filter by grade (A-F) or certification; sort by relevance, score-high, score-low, recent or name.",
  inputSchema: searchRegistryInputSchema,
  outputSchema: searchRegistryOutputSchema,
  annotations: { title: "Search registry", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  access: "read",
  async run(input, context) {
    const result = await searchServers(context.store, toSearchQuery(input));
    return { structured: result, text: describeSearch(result) };
  },
});
