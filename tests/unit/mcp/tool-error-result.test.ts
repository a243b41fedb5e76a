import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors";
import { TOOL_ERROR_META_KEY, toolErrorResult } from "@/lib/mcp/create-mcp-server";

describe("MCP tool errors", () => {
  it("answers a database that does not answer as service_unavailable with a retry time, without the driver's words", () => {
    const driver = Object.assign(new Error('the database system is starting up: select * from "servers"'), { code: "57P03" });
    const result = toolErrorResult(new Error("Failed query", { cause: driver }));
    expect(result.isError).toBe(true);
    const text = (result.content[0] as { text: string }).text;
    expect(text).toMatch(/^service_unavailable: /);
    expect(text).not.toMatch(/select|servers|starting up/i);
    expect(result._meta?.[TOOL_ERROR_META_KEY]).toMatchObject({ code: "service_unavailable", retryAfterSeconds: 5 });
  });

  it("keeps AppErrors as they are and hides anything else", () => {
    expect((toolErrorResult(new AppError("not_found", "No such server.")).content[0] as { text: string }).text).toBe("not_found: No such server.");
    const hidden = toolErrorResult(new Error("TypeError at /work/main/lib/x.ts:3"));
    expect((hidden.content[0] as { text: string }).text).toBe("internal_error: Something went wrong on our side. Please try again later.");
  });
});
