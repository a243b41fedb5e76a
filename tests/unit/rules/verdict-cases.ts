/**
 * Tool specs for inlineVerdict cases (tests/fixtures/corpus/assess-fixture): one call per tool, and the rule ids of
 * a verdict without their locations.
 */
export const str = (description: string) => ({ type: "string", description });

export function tool(name: string, description: string, params: Record<string, unknown> = { input: str("What to process.") }, annotations?: Record<string, boolean>) {
  return { name, description, inputSchema: { type: "object", properties: params }, ...(annotations ? { annotations } : {}) };
}

export function ruleIds(v: { ids: string[] }): string[] {
  return v.ids.map((id) => id.split(":")[0]);
}
