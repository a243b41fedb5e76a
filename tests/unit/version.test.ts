import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVICE_VERSION } from "@/lib/version";
import { buildOpenApiDocument } from "@/lib/schemas/openapi";
import { mcpServerCard } from "@/lib/http/discovery-documents";

describe("the service's one version number", () => {
  it("is package.json's version, the OpenAPI document's and the MCP server card's, and the spec's interface version", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { version: string; packages: Record<string, { version: string }> };
    expect(pkg.version).toBe(SERVICE_VERSION);
    expect(lock.version).toBe(SERVICE_VERSION);
    expect(lock.packages[""].version).toBe(SERVICE_VERSION);
    expect(buildOpenApiDocument("https://x.example").info.version).toBe(SERVICE_VERSION);
    expect(mcpServerCard("https://x.example").version).toBe(SERVICE_VERSION);
    // The interface version, 3.0.0 (docs/search-and-stats.md#discovery-document).
    expect(SERVICE_VERSION).toBe("3.0.0");
  });
});
