import { CURRENT_SERVER_JSON_SCHEMA } from "@/lib/core/registry/subregistry/server-json-schema";

/**
 * The shapes the import reads, told apart by their top level:
 * - the official registry's list (GET /v0.1/servers and /v0/servers):
 *   `{ "servers": [{ "server": {...}, "_meta": {...} }], "metadata": { "nextCursor": "..." } }`;
 * - a JSON array of server.json objects (the registry's data/seed.json),
 *   or of list items;
 * - one server.json (or one list item).
 * Anything else stops the run with a message naming these shapes.
 */
export interface ImportPage {
  shape: "list" | "array" | "server.json";
  items: unknown[];
  nextCursor?: string;
}

const expectedShapes =
  `expected the official MCP Registry's list ({ "servers": [{ "server": {...}, "_meta": {...} }], "metadata": {...} }, as GET /v0.1/servers answers), ` +
  `a JSON array of server.json objects (as the registry's data/seed.json), or a single server.json, ` +
  `in server.json schema ${CURRENT_SERVER_JSON_SCHEMA} (older camelCase versions are read as they are; the snake_case schema of 2025-07-09 and before is mapped)`;

/** A few words on what a JSON value is, for the message. */
function describeShape(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? "" : "s"}`;
  if (typeof value !== "object") return `a ${typeof value}`;
  const keys = Object.keys(value);
  if (keys.length === 0) return "an empty object";
  const shown = keys.slice(0, 6).map((k) => JSON.stringify(k.slice(0, 40)));
  return `an object with ${keys.length === 1 ? "the key" : "the keys"} ${shown.join(", ")}${keys.length > 6 ? ", ..." : ""}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

class ImportShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportShapeError";
  }
}

/** Reads one page (or file) into its entries; `where` names it in the message ("registry.json", "page 2 of https://..."). */
export function readImportPage(raw: unknown, where: string): ImportPage {
  if (Array.isArray(raw)) return { shape: "array", items: raw };
  if (isObject(raw)) {
    if ("servers" in raw) {
      if (!Array.isArray(raw.servers)) {
        throw new ImportShapeError(`${where} is not a registry list: "servers" is ${describeShape(raw.servers)}, not an array; ${expectedShapes}.`);
      }
      const metadata = isObject(raw.metadata) ? raw.metadata : {};
      // Older replies of the registry spelled it next_cursor.
      const next = metadata.nextCursor ?? metadata.next_cursor;
      return { shape: "list", items: raw.servers, nextCursor: typeof next === "string" && next ? next : undefined };
    }
    if (isObject(raw.server) || typeof raw.name === "string") return { shape: "server.json", items: [raw] };
  }
  throw new ImportShapeError(`${where} is not something this import reads: it is ${describeShape(raw)}; ${expectedShapes}.`);
}
