import { describe, expect, it } from "vitest";
import { isDecodablePath, refuseExpectation, refuseRequestLine, renderRefusal, wantsJson } from "@/lib/server/front-door";
import { routeForLog } from "@/lib/server/request-log";
import { contentSecurityPolicy } from "@/lib/server/content-security-policy";

describe("front door", () => {
  it("refuses path segments that are not percent-encoded UTF-8", () => {
    for (const bad of ["%ff", "%", "%zz", "%c0%af", "%ed%a0%80", "%e2%82", "%00", "a%", "%2e%2e", "%2E", "..", "."]) {
      for (const prefix of ["/api/v1/server/", "/servers/", "/certify/", "/api/v1/", "/"]) {
        const refusal = refuseRequestLine("GET", `${prefix}${bad}`);
        expect(refusal, `${prefix}${bad}`).toMatchObject({ status: 400, code: "bad_request" });
      }
    }
  });

  it("passes well-formed paths, encoded server URLs and any query string", () => {
    for (const good of [
      "/",
      "/api/v1/search?q=%ff%00",
      `/api/v1/server/${encodeURIComponent("https://example.com/mcp?x=é")}/badge`,
      "/api/v1/server/https://example.com/mcp",
      "/servers/%E2%9C%93",
      "/api/v1/search?q=a#frag",
    ]) {
      expect(refuseRequestLine("GET", good), good).toBeNull();
    }
    expect(isDecodablePath("/a%20b")).toBe(true);
  });

  it("refuses methods no route serves with 405 and an Allow header, and targets that are not paths with 400", () => {
    for (const method of ["TRACE", "PROPFIND", "MKCOL", "CONNECT", "LOCK", "SEARCH", undefined]) {
      const refusal = refuseRequestLine(method, "/api/v1/search");
      expect(refusal?.status, String(method)).toBe(405);
      expect(refusal?.headers?.allow).toContain("GET");
    }
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) expect(refuseRequestLine(method, "/")).toBeNull();
    for (const target of ["*", "http://example.com/", "//evil.example/x", "", undefined]) {
      expect(refuseRequestLine("GET", target), String(target)).toMatchObject({ status: 400 });
    }
  });

  it("renders refusals as JSON for API clients and as escaped HTML for pages", () => {
    expect(wantsJson("/api/v1/x")).toBe(true);
    expect(wantsJson("/.well-known/agent.json")).toBe(true);
    expect(wantsJson("/api")).toBe(true);
    expect(wantsJson("/v0.1/servers/%ff")).toBe(true);
    expect(wantsJson("/servers/x")).toBe(false);
    expect(wantsJson("/apiary")).toBe(false);
    const json = renderRefusal(refuseRequestLine("TRACE", "/api/v1/search")!, true);
    expect(JSON.parse(json.body)).toEqual({ error: "method_not_allowed", message: "The method TRACE is not served here." });
    const hostileMethod = refuseRequestLine("<SCRIPT>", "/")!;
    const html = renderRefusal(hostileMethod, false);
    expect(html.headers["content-type"]).toMatch(/^text\/html/);
    expect(html.body).not.toContain("<SCRIPT>");
    const expectation = refuseExpectation("x".repeat(500) + "\u0000");
    expect(expectation.status).toBe(417);
    expect(expectation.message.length).toBeLessThan(200);
  });
});

describe("request log routes", () => {
  it("names the route pattern, never the server URL, application id or query", () => {
    const secretUrl = encodeURIComponent("https://example.com/mcp?token=SECRET");
    expect(routeForLog(`/api/v1/server/${secretUrl}/report`)).toBe("/api/v1/server/:url/report");
    expect(routeForLog(`/api/v1/server/${secretUrl}/badge?style=flat`)).toBe("/api/v1/server/:url/badge");
    expect(routeForLog(`/api/v1/server/${secretUrl}`)).toBe("/api/v1/server/:url");
    expect(routeForLog(`/servers/${secretUrl}`)).toBe("/servers/:url");
    expect(routeForLog("/certify/app_123SECRET")).toBe("/certify/:applicationId");
    expect(routeForLog("/api/v1/admin/certifications/abc/approve")).toBe("/api/v1/admin/certifications/:id/:action");
    expect(routeForLog("/api/v1/search?q=alice@example.com")).toBe("/api/v1/search");
    expect(routeForLog("/api/v1/SECRET")).toBe("/api/v1/(unknown)");
    expect(routeForLog("/wp-login.php")).toBe("(unknown)");
  });
});

describe("content security policy", () => {
  it("gives pages a nonce-based script policy and everything else a policy that loads nothing", () => {
    const page = contentSecurityPolicy("/servers/x", "abc123");
    expect(page).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(page).toContain("frame-ancestors 'none'");
    expect(page).toContain("object-src 'none'");
    expect(page).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    for (const target of ["/api/v1/badge?url=x", "/.well-known/agent.json", "/servers/x/opengraph-image"]) {
      expect(contentSecurityPolicy(target, "n")).toMatch(/^default-src 'none'/);
    }
  });
});
