import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/core/errors";
import { packagePurl } from "@/lib/core/registry/import/package-identity";
import { candidatePurls } from "@/lib/core/registry/find-package-servers";
import { normalizeServerIdentity, normalizeServerUrl, tryNormalizeServerIdentity } from "@/lib/core/registry/normalize-url";
import { canonicalPurl, formatPurl, packageOfPurl, parsePurl } from "@/lib/core/registry/purl";

const roundTrip = (text: string) => {
  const parsed = parsePurl(text);
  return parsed ? canonicalPurl(parsed) : null;
};

describe("formatPurl", () => {
  it("writes npm names, the scope's @ percent-encoded", () => {
    expect(formatPurl({ ecosystem: "npm", name: "left-pad" })).toBe("pkg:npm/left-pad");
    expect(formatPurl({ ecosystem: "npm", name: "@modelcontextprotocol/server-github" })).toBe("pkg:npm/%40modelcontextprotocol/server-github");
    expect(formatPurl({ ecosystem: "npm", name: "@angular/animation", version: "12.3.1" })).toBe("pkg:npm/%40angular/animation@12.3.1");
    // Legacy names keep their case (npm names are case-sensitive) and their !'()* encoded.
    expect(formatPurl({ ecosystem: "npm", name: "JSONStream" })).toBe("pkg:npm/JSONStream");
    expect(formatPurl({ ecosystem: "npm", name: "wow!" })).toBe("pkg:npm/wow%21");
    expect(formatPurl({ ecosystem: "npm", name: "x", version: "1.0.0-beta+build.5" })).toBe("pkg:npm/x@1.0.0-beta%2Bbuild.5");
  });

  it("refuses what is not an npm name", () => {
    for (const name of ["", "a b", "@scope", "@scope/", "scope/name", "@a/b/c", ".hidden", "x".repeat(215), "naïve", "a\u0000b"]) {
      expect(formatPurl({ ecosystem: "npm", name }), name).toBeNull();
    }
  });

  it("normalises PyPI names per PEP 503", () => {
    expect(formatPurl({ ecosystem: "pypi", name: "Django_REST.framework" })).toBe("pkg:pypi/django-rest-framework");
    expect(formatPurl({ ecosystem: "pypi", name: "mcp-server-fetch", version: "0.6.2" })).toBe("pkg:pypi/mcp-server-fetch@0.6.2");
    expect(formatPurl({ ecosystem: "pypi", name: "foo__.-bar" })).toBe("pkg:pypi/foo-bar");
    expect(formatPurl({ ecosystem: "pypi", name: "-leading" })).toBeNull();
    expect(formatPurl({ ecosystem: "pypi", name: "@scope/x" })).toBeNull();
  });

  it("writes OCI images as the last path component with the repository in repository_url", () => {
    expect(formatPurl({ ecosystem: "oci", name: "ghcr.io/Acme/Weather-MCP" })).toBe("pkg:oci/weather-mcp?repository_url=ghcr.io%2Facme%2Fweather-mcp");
    expect(formatPurl({ ecosystem: "oci", name: "acme/weather" })).toBe("pkg:oci/weather?repository_url=docker.io%2Facme%2Fweather");
    expect(formatPurl({ ecosystem: "oci", name: "debian", version: "sha256:244fd47e07d10" })).toBe(
      "pkg:oci/debian@sha256:244fd47e07d10?repository_url=docker.io%2Flibrary%2Fdebian",
    );
    expect(formatPurl({ ecosystem: "oci", name: "localhost:5000/x" })).toBe("pkg:oci/x?repository_url=localhost:5000%2Fx");
    expect(formatPurl({ ecosystem: "oci", name: "ghcr.io/acme/weather:1.0" })).toBeNull();
  });
});

describe("parsePurl", () => {
  it.each([
    "pkg:npm/left-pad",
    "pkg:npm/%40angular/animation@12.3.1",
    "pkg:pypi/django-rest-framework@3.0",
    "pkg:oci/debian@sha256:244fd47e07d10?arch=amd64&repository_url=docker.io%2Flibrary%2Fdebian&tag=latest",
    "pkg:maven/org.apache.commons/commons-lang3@3.12.0?classifier=sources&type=jar",
    "pkg:golang/github.com/gorilla/context@234fd47e07d1004f0aed9c#api/v1",
  ])("round-trips the canonical %s", (purl) => {
    expect(roundTrip(purl)).toBe(purl);
  });

  it("reads other spellings of the same package into the canonical form", () => {
    expect(roundTrip("PKG:NPM/%40angular/animation")).toBe("pkg:npm/%40angular/animation");
    expect(roundTrip("pkg://npm//%40angular/animation/")).toBe("pkg:npm/%40angular/animation");
    // A literal @ that starts the namespace (a proxy decoded the path once too often) is the scope.
    expect(roundTrip("pkg:npm/@angular/animation@12.3.1")).toBe("pkg:npm/%40angular/animation@12.3.1");
    expect(roundTrip("pkg:pypi/Django_REST.framework")).toBe("pkg:pypi/django-rest-framework");
    expect(roundTrip("pkg:oci/Debian?Repository_URL=docker.io/library/debian&tag=")).toBe("pkg:oci/debian?repository_url=docker.io%2Flibrary%2Fdebian");
    expect(roundTrip("pkg:npm/x@sha256%3Aab")).toBe("pkg:npm/x@sha256:ab");
    expect(roundTrip("pkg:generic/x?b=2&a=1#./sub/../path")).toBe("pkg:generic/x?a=1&b=2#sub/path");
  });

  it("keeps the parts apart", () => {
    expect(parsePurl("pkg:npm/%40scope/name@1.2.3")).toEqual({
      type: "npm",
      namespace: ["@scope"],
      name: "name",
      version: "1.2.3",
      qualifiers: [],
      subpath: [],
    });
    expect(packageOfPurl(parsePurl("pkg:npm/%40scope/name")!)).toEqual({ ecosystem: "npm", name: "@scope/name" });
    expect(packageOfPurl(parsePurl("pkg:oci/x?repository_url=ghcr.io%2Fa%2Fx")!)).toEqual({ ecosystem: "oci", name: "ghcr.io/a/x" });
    expect(packageOfPurl(parsePurl("pkg:maven/a/b")!)).toBeNull();
  });

  it.each([
    "",
    "npm/left-pad",
    "pkg:",
    "pkg:npm",
    "pkg:npm/",
    "pkg:npm/@scope",
    "pkg:npm/a@",
    "pkg:1npm/x",
    "pkg:n%70m/x",
    "pkg:npm/x%zz",
    "pkg:npm/x%2",
    "pkg:npm/a%2Fb",
    "pkg:npm/%C3%28",
    "pkg:npm/x%00",
    "pkg:npm/x\u0007",
    "pkg:npm/scope/name",
    "pkg:npm/%40a/%40b/c",
    "pkg:npm/a b",
    "pkg:pypi/ns/name",
    "pkg:oci/ns/name",
    "pkg:npm/x?=v",
    "pkg:npm/x?1a=v",
    "pkg:npm/x?a=1&A=2",
    "javascript:alert(1)",
    "https://example.com/pkg:npm/x",
    `pkg:npm/${"x".repeat(3000)}`,
  ])("refuses %j", (junk) => {
    expect(parsePurl(junk)).toBeNull();
  });
});

describe("server identities", () => {
  it("normalises a purl or an http(s) URL, and nothing else", () => {
    expect(normalizeServerIdentity("  pkg:npm/@scope/name ")).toBe("pkg:npm/%40scope/name");
    expect(normalizeServerIdentity("HTTPS://Example.com:443/mcp/")).toBe("https://example.com/mcp");
    expect(tryNormalizeServerIdentity("pkg:npm/%zz")).toBeNull();
    expect(tryNormalizeServerIdentity("ftp://example.com")).toBeNull();
  });

  it("refuses a purl where a running server's URL is needed, saying why", () => {
    try {
      normalizeServerUrl("pkg:npm/%40scope/name");
      expect.unreachable();
    } catch (error) {
      expect(isAppError(error) && error.code).toBe("invalid_url");
      expect((error as Error).message).toMatch(/Package URL .* assessed by the registry itself/);
    }
  });

  it("maps a server.json package to its purl, without the version", () => {
    expect(packagePurl({ registryType: "npm", identifier: "@acme/weather-mcp" })).toBe("pkg:npm/%40acme/weather-mcp");
    expect(packagePurl({ registryType: "PyPI", identifier: "Weather_MCP" })).toBe("pkg:pypi/weather-mcp");
    expect(packagePurl({ registryType: "oci", identifier: "docker.io/fixturelabs/spreadsheet-mcp:2.10.1" })).toBe(
      "pkg:oci/spreadsheet-mcp?repository_url=docker.io%2Ffixturelabs%2Fspreadsheet-mcp",
    );
    expect(packagePurl({ registryType: "oci", identifier: "acme/weather@sha256:abc" })).toBe("pkg:oci/weather?repository_url=docker.io%2Facme%2Fweather");
    expect(packagePurl({ registryType: "oci", identifier: "acme/weather", registryBaseUrl: "https://ghcr.io" })).toBe(
      "pkg:oci/weather?repository_url=ghcr.io%2Facme%2Fweather",
    );
    expect(packagePurl({ registryType: "nuget", identifier: "Fixture.Clock" })).toBeNull();
    expect(packagePurl({ identifier: "left-pad" })).toBeNull();
  });

  it("tries every ecosystem where a plain package name is valid", () => {
    expect(candidatePurls("@acme/weather")).toEqual(["pkg:npm/%40acme/weather"]);
    expect(candidatePurls("weather")).toEqual(["pkg:npm/weather", "pkg:pypi/weather", "pkg:oci/weather?repository_url=docker.io%2Flibrary%2Fweather"]);
    expect(candidatePurls("pkg:npm/@acme/weather")).toEqual(["pkg:npm/%40acme/weather"]);
    expect(candidatePurls("pkg:npm/%zz")).toEqual([]);
  });
});
