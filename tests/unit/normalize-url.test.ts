import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors";
import { normalizeServerUrl, serverUrlFromPathSegments } from "@/lib/core/registry/normalize-url";

// docs/identity.md#what-a-server-is-keyed-by
describe("normalizeServerUrl", () => {
  it.each([
    ["HTTPS://Example.COM/mcp", "https://example.com/mcp"],
    ["https://example.com:443/mcp", "https://example.com/mcp"],
    ["http://example.com:80/mcp", "http://example.com/mcp"],
    ["https://example.com:8443/mcp", "https://example.com:8443/mcp"],
    ["http://example.com:443/mcp", "http://example.com:443/mcp"],
    ["https://example.com/mcp/", "https://example.com/mcp"],
    ["https://example.com/", "https://example.com"],
    ["https://example.com", "https://example.com"],
    ["https://example.com/mcp//", "https://example.com/mcp/"],
    ["https://example.com/mcp#section", "https://example.com/mcp"],
    ["https://example.com/mcp/#", "https://example.com/mcp"],
    ["https://example.com/mcp/?tenant=a", "https://example.com/mcp?tenant=a"],
    ["https://example.com/MCP", "https://example.com/MCP"],
    ["  https://example.com/mcp  ", "https://example.com/mcp"],
    ["https://bücher.example/mcp", "https://xn--bcher-kva.example/mcp"],
    ["https://XN--BCHER-KVA.example/mcp", "https://xn--bcher-kva.example/mcp"],
    ["http://[2001:DB8::1]:80/mcp", "http://[2001:db8::1]/mcp"],
    ["http://[2001:0db8:0000:0000:0000:0000:0000:0001]:8080/", "http://[2001:db8::1]:8080"],
    ["http://127.0.0.1:3000/mcp", "http://127.0.0.1:3000/mcp"],
    ["https://example.com/a%20b", "https://example.com/a%20b"],
  ])("%s -> %s", (input, expected) => {
    expect(normalizeServerUrl(input)).toBe(expected);
  });

  it("is idempotent", () => {
    for (const url of ["HTTPS://Example.COM:443/mcp/#x", "https://bücher.example/", "http://[::1]:80/"]) {
      const once = normalizeServerUrl(url);
      expect(normalizeServerUrl(once)).toBe(once);
    }
  });

  it.each([
    ["", "empty"],
    ["not a url", "valid absolute URL"],
    ["ftp://example.com/mcp", "http or https"],
    ["javascript:alert(1)", "http or https"],
    ["file:///etc/passwd", "http or https"],
    ["https://user:secret@example.com/mcp", "user name or password"],
    [`https://example.com/${"a".repeat(2100)}`, "longer than"],
  ])("refuses %s", (input, message) => {
    expect(() => normalizeServerUrl(input)).toThrowError(AppError);
    try {
      normalizeServerUrl(input);
    } catch (error) {
      expect((error as AppError).code).toBe("invalid_url");
      expect((error as AppError).message).toContain(message);
    }
  });
});

describe("serverUrlFromPathSegments", () => {
  it("decodes a percent-encoded URL in one segment", () => {
    expect(serverUrlFromPathSegments([encodeURIComponent("https://example.com/mcp")])).toBe("https://example.com/mcp");
  });
  it("restores slashes a proxy decoded, including a collapsed //", () => {
    expect(serverUrlFromPathSegments(["https:", "", "example.com", "mcp"])).toBe("https://example.com/mcp");
    expect(serverUrlFromPathSegments(["https:", "example.com", "mcp"])).toBe("https://example.com/mcp");
    expect(serverUrlFromPathSegments(["http:", "127.0.0.1:8080", "a", "b"])).toBe("http://127.0.0.1:8080/a/b");
  });
  it("leaves a malformed escape as it is instead of throwing", () => {
    expect(serverUrlFromPathSegments(["https%3A%2F%2Fexample.com%2F%E0%A4%A"])).toContain("example.com");
  });
});
