import { describe, expect, it } from "vitest";
import { allowedHostKeys, rebindingRefusal } from "@/lib/mcp/mcp-host-guard";

/** DNS-rebinding protection of /api/v1/mcp: which Host/Origin pairs name us. */
describe("MCP host guard", () => {
  const behindProxy = allowedHostKeys("https://registry.example.org", 8080);
  const local = allowedHostKeys("http://localhost:3000", 3000);
  const refusal = (allowed: Set<string>, headers: Record<string, string>) => rebindingRefusal(new Headers(headers), "fallback.invalid", allowed);

  it.each([
    [{ host: "registry.example.org" }],
    [{ host: "registry.example.org:443" }],
    [{ host: "Registry.Example.org", origin: "https://registry.example.org" }],
    [{ host: "localhost:8080" }],
    [{ host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080" }],
    [{ host: "[::1]:8080" }],
  ])("allows %o for BASE_URL https://registry.example.org on port 8080", (headers) => {
    expect(refusal(behindProxy, headers)).toBeNull();
  });

  it.each([
    [{ host: "evil.example.com" }],
    [{ host: "registry.example.org.evil.example.com" }],
    [{ host: "registry.example.org:8443" }],
    [{ host: "localhost:3000" }],
    [{ host: "localhost" }],
    [{ host: "registry.example.org", origin: "http://registry.example.org" }],
    [{ host: "registry.example.org", origin: "https://evil.example.com" }],
    [{ host: "registry.example.org", origin: "null" }],
    [{ host: "registry.example.org", origin: "file://" }],
    [{ host: "registry.example.org/path" }],
    [{ host: "user@registry.example.org" }],
    [{ host: "" }],
  ])("refuses %o for BASE_URL https://registry.example.org on port 8080", (headers) => {
    expect(refusal(behindProxy, headers)).toMatch(/Host header|Origin/);
  });

  it("uses the request URL's host when there is no Host header (in-process calls)", () => {
    expect(rebindingRefusal(new Headers(), "localhost:3000", local)).toBeNull();
    expect(rebindingRefusal(new Headers(), "evil.example.com:3000", local)).toMatch(/Host header/);
  });

  it("takes a bare Host as port 80 or 443, an Origin's port from its scheme", () => {
    const plain = allowedHostKeys("http://registry.example.org", 3000);
    expect(refusal(plain, { host: "registry.example.org" })).toBeNull();
    expect(refusal(plain, { host: "registry.example.org", origin: "http://registry.example.org" })).toBeNull();
    expect(refusal(plain, { host: "registry.example.org", origin: "https://registry.example.org" })).toMatch(/Origin/);
  });
});
