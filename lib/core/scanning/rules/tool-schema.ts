/**
 * Read-only views of a tool's JSON Schema for the capability rules: the
 * top-level properties with their type, enum and description. Schemas come
 * from the server, so nothing here trusts their shape.
 */
export interface SchemaParam {
  name: string;
  type: string | null;
  hasEnum: boolean;
  description: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Top-level parameters of an input schema (at most 200). */
export function schemaParams(inputSchema: unknown): SchemaParam[] {
  if (!isRecord(inputSchema) || !isRecord(inputSchema.properties)) return [];
  return Object.entries(inputSchema.properties)
    .slice(0, 200)
    .map(([name, raw]) => {
      const prop = isRecord(raw) ? raw : {};
      const type = typeof prop.type === "string" ? prop.type : Array.isArray(prop.type) ? String(prop.type[0] ?? "") : null;
      return {
        name,
        type,
        hasEnum: Array.isArray(prop.enum) || prop.const !== undefined,
        description: typeof prop.description === "string" ? prop.description.slice(0, 2000) : "",
      };
    });
}

/** True when the schema is an object schema, as MCP requires. */
export function isObjectSchema(inputSchema: unknown): boolean {
  return isRecord(inputSchema) && inputSchema.type === "object";
}
