import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { fetchNpmPackage, NpmFetchError } from "@/lib/core/packages/npm/fetch-package";
import { makeTgz, sri } from "../../unit/packages/make-tarball";
import { startFakeRegistry, type FakeRegistry, type FakeRoute } from "./fake-registry";

/** The fetch against a lying registry (node:http on loopback). */

const open: FakeRegistry[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
});

const goodTgz = makeTgz([
  { path: "package/package.json", content: JSON.stringify({ name: "pkg", version: "1.0.0", license: "MIT", repository: "github:owner/pkg" }) },
  { path: "package/index.js", content: "module.exports = 1;\n" },
]);

function packument(dist: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return (base: string) =>
    JSON.stringify({
      name: "pkg",
      "dist-tags": { latest: "1.0.0" },
      versions: { "1.0.0": { name: "pkg", version: "1.0.0", dist: { tarball: `${base}pkg/-/pkg-1.0.0.tgz`, ...dist } } },
      time: { created: "2024-01-01T00:00:00.000Z", "1.0.0": "2024-01-01T00:00:00.000Z" },
      maintainers: [{ name: "alice", email: "a@x.test" }],
      ...extra,
    });
}

async function registry(routes: Record<string, FakeRoute>): Promise<FakeRegistry> {
  const r = await startFakeRegistry(routes);
  open.push(r);
  return r;
}

async function fetchError(registryUrl: string, options = {}): Promise<NpmFetchError> {
  const error = await fetchNpmPackage({ ecosystem: "npm", name: "pkg", version: null }, { registryUrl, ...options }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NpmFetchError);
  return error as NpmFetchError;
}

describe("fetch against a lying registry", () => {
  it("fetches, verifies and reads provenance when everything is honest", async () => {
    const statement = { predicateType: "https://slsa.dev/provenance/v1", predicate: { buildDefinition: { externalParameters: { workflow: { repository: "https://github.com/owner/pkg" } } } } };
    const r = await registry({
      "/pkg": { body: packument({ integrity: sri(goodTgz) }) },
      "/pkg/-/pkg-1.0.0.tgz": { body: goodTgz },
      "/-/npm/v1/attestations/pkg@1.0.0": { body: JSON.stringify({ attestations: [{ predicateType: "https://slsa.dev/provenance/v1", bundle: { dsseEnvelope: { payload: Buffer.from(JSON.stringify(statement)).toString("base64") } } }] }) },
    });
    const fetched = await fetchNpmPackage({ ecosystem: "npm", name: "pkg", version: null }, { registryUrl: r.url });
    try {
      expect(fetched.distribution).toMatchObject({
        registryTls: false,
        resolvedVersion: "1.0.0",
        integrityVerified: true,
        fileCount: 2,
        maintainers: ["alice"],
        license: "MIT",
        declaredRepository: "https://github.com/owner/pkg",
        provenance: { sourceRepository: "https://github.com/owner/pkg", matchesDeclared: true },
        publishedAt: "2024-01-01T00:00:00.000Z",
      });
      expect(fetched.findings).toEqual([]);
    } finally {
      await fetched.cleanup();
    }
  });

  it("reports a provenance attestation from another repository", async () => {
    const statement = { predicateType: "https://slsa.dev/provenance/v1", predicate: { buildDefinition: { externalParameters: { workflow: { repository: "https://github.com/attacker/fork" } } } } };
    const r = await registry({
      "/pkg": { body: packument({ integrity: sri(goodTgz) }) },
      "/pkg/-/pkg-1.0.0.tgz": { body: goodTgz },
      "/-/npm/v1/attestations/pkg@1.0.0": { body: JSON.stringify({ attestations: [{ bundle: { dsseEnvelope: { payload: Buffer.from(JSON.stringify(statement)).toString("base64") } } }] }) },
    });
    const fetched = await fetchNpmPackage({ ecosystem: "npm", name: "pkg", version: "1.0.0" }, { registryUrl: r.url });
    await fetched.cleanup();
    expect(fetched.findings.map((f) => [f.id, f.severity])).toEqual([["PKG-PROVENANCE-MISMATCH", "high"]]);
  });

  it("detects an integrity mismatch and reads nothing", async () => {
    const r = await registry({
      "/pkg": { body: packument({ integrity: sri(Buffer.from("something else")) }) },
      "/pkg/-/pkg-1.0.0.tgz": { body: goodTgz },
    });
    const error = await fetchError(r.url);
    expect(error.reason).toMatch(/integrity/);
    expect(error.findings).toEqual([expect.objectContaining({ id: "PKG-INTEGRITY-MISMATCH", severity: "critical", factor: "transportSecurity" })]);
    expect(error.distribution?.integrityVerified).toBe(false);
  });

  it("accepts a sha1-only package but does not call it verified", async () => {
    const { createHash } = await import("node:crypto");
    const r = await registry({
      "/pkg": { body: packument({ shasum: createHash("sha1").update(goodTgz).digest("hex") }) },
      "/pkg/-/pkg-1.0.0.tgz": { body: goodTgz },
    });
    const fetched = await fetchNpmPackage({ ecosystem: "npm", name: "pkg", version: null }, { registryUrl: r.url });
    await fetched.cleanup();
    expect(fetched.distribution.integrityVerified).toBe(false);
    expect(fetched.findings.map((f) => f.id)).toContain("PKG-WEAK-INTEGRITY");
  });

  it("refuses a path-traversal tarball", async () => {
    const evil = makeTgz([{ path: "package/package.json", content: "{}" }, { path: "package/../../../../tmp/owned.js", content: "x" }]);
    const r = await registry({ "/pkg": { body: packument({ integrity: sri(evil) }) }, "/pkg/-/pkg-1.0.0.tgz": { body: evil } });
    const error = await fetchError(r.url);
    expect(error.reason).toMatch(/escapes the package directory/);
    expect(error.findings[0]).toMatchObject({ id: "PKG-TARBALL-UNSAFE-PATH", severity: "critical" });
  });

  it("refuses a tarball URL on another origin without requesting it", async () => {
    const other = await registry({ "/pkg.tgz": { body: goodTgz } });
    const r = await registry({ "/pkg": { body: JSON.stringify({ name: "pkg", "dist-tags": { latest: "1.0.0" }, versions: { "1.0.0": { version: "1.0.0", dist: { tarball: `${other.url}pkg.tgz`, integrity: sri(goodTgz) } } } }) } });
    const error = await fetchError(r.url);
    expect(error.reason).toMatch(/not on the registry's origin/);
    expect(other.requests).toEqual([]);
  });

  it("does not follow a redirect to another origin", async () => {
    const other = await registry({ "/pkg.tgz": { body: goodTgz } });
    const r = await registry({
      "/pkg": { body: packument({ integrity: sri(goodTgz) }) },
      "/pkg/-/pkg-1.0.0.tgz": { status: 302, headers: { location: `${other.url}pkg.tgz` } },
    });
    const error = await fetchError(r.url);
    expect(error.reason).toMatch(/not on the registry's origin/);
    expect(other.requests).toEqual([]);
  });

  it("caps the tarball and the packument", async () => {
    const big = makeTgz([{ path: "package/package.json", content: "{}" }, { path: "package/x.bin", content: randomBytes(300_000) }]);
    const r = await registry({ "/pkg": { body: packument({ integrity: sri(big) }) }, "/pkg/-/pkg-1.0.0.tgz": { body: big } });
    expect((await fetchError(r.url, { maxTarballBytes: 100_000 })).reason).toMatch(/over the limit/);
    expect((await fetchError(r.url, { maxPackumentBytes: 100 })).reason).toMatch(/over the limit/);
  });

  it("gives up at the deadline", async () => {
    const r = await startFakeRegistry({});
    open.push(r);
    const slow = await import("node:http").then(({ createServer }) => createServer(() => undefined));
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    try {
      const port = (slow.address() as { port: number }).port;
      const error = await fetchError(`http://127.0.0.1:${port}/`, { deadlineMs: 300 });
      expect(error.reason).toMatch(/in time/);
    } finally {
      slow.closeAllConnections();
      slow.close();
    }
  });

  it("reports a missing package, version and malformed document plainly", async () => {
    const r = await registry({ "/pkg": { body: "<html>" } });
    expect((await fetchError(r.url)).reason).toMatch(/not JSON/);
    const missing = await fetchNpmPackage({ ecosystem: "npm", name: "nope", version: null }, { registryUrl: r.url }).catch((e: NpmFetchError) => e);
    expect((missing as NpmFetchError).reason).toMatch(/not in the registry/);
    const bad = await fetchNpmPackage({ ecosystem: "npm", name: "../x", version: null }, { registryUrl: r.url }).catch((e: NpmFetchError) => e);
    expect((bad as NpmFetchError).reason).toMatch(/not a valid npm package name/);
  });
});
