import { describe, expect, it } from "vitest";
import { checkIntegrity } from "@/lib/core/packages/npm/integrity";
import { escapedPackageName, isValidPackageName, packumentSchema, publishTimes, resolveVersion } from "@/lib/core/packages/npm/packument";
import { readProvenance, sourceRepositoryOf } from "@/lib/core/packages/npm/provenance";
import { DEFAULT_NPM_REGISTRY, registryFromNpmrc, resolveRegistryUrl } from "@/lib/core/packages/npm/registry-config";
import { nonRegistryDependencies } from "@/lib/core/packages/npm/install-dependencies";
import { normalizeRepositoryUrl, sameRepository } from "@/lib/core/packages/npm/repository-url";
import { sha1Hex, sri } from "./make-tarball";

describe("registry configuration", () => {
  it("prefers NPM_REGISTRY_URL, then npm_config_registry, then .npmrc, then the public registry", () => {
    const rc = "# comment\nregistry=https://rc.example.net/npm\n";
    expect(resolveRegistryUrl({ env: { NPM_REGISTRY_URL: "http://127.0.0.1:4873", npm_config_registry: "https://b.test/" }, npmrcs: [rc] })).toBe("http://127.0.0.1:4873/");
    expect(resolveRegistryUrl({ env: { npm_config_registry: "https://b.test/x" }, npmrcs: [rc] })).toBe("https://b.test/x/");
    expect(resolveRegistryUrl({ env: {}, npmrcs: [rc] })).toBe("https://rc.example.net/npm/");
    expect(resolveRegistryUrl({ env: {}, npmrcs: [] })).toBe(DEFAULT_NPM_REGISTRY);
  });

  it("reads the last registry line of an .npmrc, expands ${VAR}, ignores scoped registries and comments", () => {
    expect(registryFromNpmrc("@corp:registry=https://corp.test/\n;registry=https://no.test/\nregistry = \"https://a.test/\"\nregistry=${REG}", { REG: "https://env.test/" })).toBe("https://env.test/");
    expect(registryFromNpmrc("@corp:registry=https://corp.test/", {})).toBeNull();
  });

  it("skips values that are not http(s) URLs or carry credentials", () => {
    expect(resolveRegistryUrl({ env: { NPM_REGISTRY_URL: "file:///etc", npm_config_registry: "https://u:p@x.test/" }, npmrcs: [] })).toBe(DEFAULT_NPM_REGISTRY);
  });
});

describe("repository URLs", () => {
  it.each([
    ["github:owner/repo", "https://github.com/owner/repo"],
    ["owner/repo", "https://github.com/owner/repo"],
    ["git+https://github.com/Owner/Repo.git", "https://github.com/Owner/Repo"],
    ["git://github.com/owner/repo.git", "https://github.com/owner/repo"],
    ["git+ssh://git@github.com/owner/repo.git", "https://github.com/owner/repo"],
    ["git@github.com:owner/repo.git", "https://github.com/owner/repo"],
    ["https://github.com/owner/repo/tree/main/packages/x", "https://github.com/owner/repo"],
    ["git+https://github.com/owner/repo@refs/heads/main", "https://github.com/owner/repo"],
    ["gitlab:group/sub", "https://gitlab.com/group/sub"],
    ["", null],
    ["not a url at all", null],
  ])("%s → %s", (raw, expected) => {
    expect(normalizeRepositoryUrl(raw)).toBe(expected);
  });

  it("compares case-insensitively across forms", () => {
    expect(sameRepository("github:Owner/Repo", "git+https://github.com/owner/repo.git")).toBe(true);
    expect(sameRepository("github:owner/repo", "github:owner/other")).toBe(false);
    expect(sameRepository(null, "github:owner/repo")).toBe(false);
  });
});

describe("integrity", () => {
  const data = Buffer.from("tarball bytes");
  it("verifies sha512 SRI and reports a mismatch", () => {
    expect(checkIntegrity(data, sri(data), null)).toMatchObject({ algorithm: "sha512", matches: true, verified: true });
    expect(checkIntegrity(Buffer.from("other"), sri(data), sha1Hex(Buffer.from("other")))).toMatchObject({ algorithm: "sha512", matches: false, verified: false });
  });
  it("picks the strongest hash of several", () => {
    expect(checkIntegrity(data, `${sri(data, "sha1")} ${sri(data)}`, null).algorithm).toBe("sha512");
  });
  it("falls back to sha1 shasum only without SRI, and never calls it verified", () => {
    expect(checkIntegrity(data, undefined, sha1Hex(data))).toMatchObject({ algorithm: "sha1", matches: true, verified: false });
    expect(checkIntegrity(data, undefined, "0".repeat(40))).toMatchObject({ algorithm: "sha1", matches: false });
    expect(checkIntegrity(data, undefined, undefined)).toMatchObject({ algorithm: null, verified: false });
  });
});

describe("packument", () => {
  const doc = packumentSchema.parse({
    name: "pkg",
    "dist-tags": { latest: "1.1.0", next: "2.0.0-beta.1", ghost: "9.9.9" },
    versions: {
      "1.0.0": { version: "1.0.0", dist: { tarball: "https://r.test/pkg/-/pkg-1.0.0.tgz" } },
      "1.1.0": { version: "1.1.0", dist: { tarball: "https://r.test/pkg/-/pkg-1.1.0.tgz" }, license: 42 },
      "2.0.0-beta.1": { version: "2.0.0-beta.1", dist: "broken" },
    },
    time: { created: "2020-01-01T00:00:00.000Z", "1.0.0": "2020-01-01T00:00:00.000Z", "1.1.0": "2021-06-01T00:00:00Z", modified: "2022-01-01T00:00:00Z" },
    maintainers: "not an array",
  });

  it("resolves the named version, a tag, else latest", () => {
    expect(resolveVersion(doc, null)).toMatchObject({ ok: true, version: "1.1.0" });
    expect(resolveVersion(doc, "1.0.0")).toMatchObject({ ok: true, version: "1.0.0" });
    expect(resolveVersion(doc, "3.0.0")).toMatchObject({ ok: false });
    expect(resolveVersion(doc, "ghost")).toMatchObject({ ok: false });
    expect(resolveVersion(doc, "next")).toMatchObject({ ok: false, reason: expect.stringContaining("malformed") });
  });

  it("drops fields of the wrong type instead of failing", () => {
    expect(doc.maintainers).toBeUndefined();
    const v = resolveVersion(doc, null);
    expect(v.ok && v.manifest.license).toBeUndefined();
  });

  it("reads publish times", () => {
    expect(publishTimes(doc, "1.1.0")).toEqual({ publishedAt: "2021-06-01T00:00:00.000Z", firstPublishedAt: "2020-01-01T00:00:00.000Z" });
  });

  it("validates and escapes names", () => {
    expect(isValidPackageName("@scope/name")).toBe(true);
    expect(isValidPackageName("../etc/passwd")).toBe(false);
    expect(isValidPackageName("a/b")).toBe(false);
    expect(isValidPackageName("name?x=1")).toBe(false);
    expect(escapedPackageName("@scope/name")).toBe("@scope%2Fname");
  });
});

describe("provenance", () => {
  const envelope = (statement: unknown) => ({ payload: Buffer.from(JSON.stringify(statement)).toString("base64"), payloadType: "application/vnd.in-toto+json" });
  const v1 = {
    _type: "https://in-toto.io/Statement/v1",
    predicateType: "https://slsa.dev/provenance/v1",
    predicate: {
      buildDefinition: {
        externalParameters: { workflow: { ref: "refs/heads/main", repository: "https://github.com/owner/repo", path: ".github/workflows/publish.yml" } },
        resolvedDependencies: [{ uri: "git+https://github.com/owner/repo@refs/heads/main" }],
      },
    },
  };
  const doc = (statement: unknown) => ({
    attestations: [
      { predicateType: "https://github.com/npm/attestation/tree/main/specs/publish/v0.1", bundle: { dsseEnvelope: envelope({ predicateType: "https://github.com/npm/attestation/tree/main/specs/publish/v0.1", predicate: {} }) } },
      { predicateType: "https://slsa.dev/provenance/v1", bundle: { dsseEnvelope: envelope(statement) } },
    ],
  });

  it("reads the SLSA v1 source repository and compares it with the declared one", () => {
    expect(readProvenance(doc(v1), "git+https://github.com/owner/repo.git")).toEqual({ sourceRepository: "https://github.com/owner/repo", matchesDeclared: true });
    expect(readProvenance(doc(v1), "https://github.com/someone/else")).toEqual({ sourceRepository: "https://github.com/owner/repo", matchesDeclared: false });
  });

  it("reads SLSA v0.2 config sources", () => {
    expect(sourceRepositoryOf({ invocation: { configSource: { uri: "git+https://github.com/o/r@refs/heads/main" } } })).toBe("https://github.com/o/r");
  });

  it("is null without a SLSA attestation or for garbage", () => {
    expect(readProvenance({ attestations: [] }, null)).toBeNull();
    expect(readProvenance({ attestations: [{ bundle: { dsseEnvelope: { payload: "!!!" } } }] }, null)).toBeNull();
    expect(readProvenance("nope", null)).toBeNull();
  });
});

describe("dependency specifiers", () => {
  it("flags git, URL and file dependencies, not registry ranges or npm: aliases", () => {
    const names = nonRegistryDependencies({
      dependencies: {
        a: "^1.0.0",
        b: "latest",
        c: "npm:@scope/real@^2.0.0",
        d: "git+https://github.com/x/y.git",
        e: "github:x/y",
        f: "x/y",
        g: "https://evil.test/p.tgz",
        h: "file:../../etc",
        i: "*",
        j: "1.2.3 - 2.0.0",
      },
    }).map((d) => d.name);
    expect(names.sort()).toEqual(["d", "e", "f", "g", "h"]);
  });
});
