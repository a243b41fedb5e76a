import { expect } from "vitest";
import { inlineVerdict } from "@/tests/fixtures/corpus/assess-fixture";

/**
 * Tool specs for inlineVerdict cases (tests/fixtures/corpus/assess-fixture): one call per tool, the rule ids of
 * a verdict without their locations.
 */
export const str = (description: string) => ({ type: "string", description });
/** A true/false parameter. */
export const flag = (description: string) => ({ type: "boolean", description });
/** A string parameter with a default the tool fills in. */
export const withDefault = (description: string, value: unknown) => ({ type: "string", description, default: value });

export function tool(name: string, description: string, params: Record<string, unknown> = { input: str("What to process.") }, annotations?: Record<string, boolean>) {
  return { name, description, inputSchema: { type: "object", properties: params }, ...(annotations ? { annotations } : {}) };
}

export function ruleIds(v: { ids: string[] }): string[] {
  return v.ids.map((id) => id.split(":")[0]);
}

type CaseTool = ReturnType<typeof tool>;
type CaseServer = { instructions?: string; serverName?: string };

/** The server is refused (graded D or F with a critical or high finding), and `rule` is among its serious findings. */
export function expectRefused(tools: CaseTool[], rule: string, extra: CaseServer = {}) {
  const v = inlineVerdict(tools, extra);
  expect(v.refused, JSON.stringify(v)).toBe(true);
  expect(ruleIds(v)).toContain(rule);
}

/** The server is not refused. */
export function expectClean(tools: CaseTool[], extra: CaseServer = {}) {
  const v = inlineVerdict(tools, extra);
  expect(v.refused, JSON.stringify(v)).toBe(false);
}

/** No high or critical finding at all (a medium may remain; it does not refuse). */
export function expectNoSeriousFinding(tools: CaseTool[], extra: CaseServer = {}) {
  const v = inlineVerdict(tools, extra);
  expect(v.ids, JSON.stringify(v)).toEqual([]);
}
