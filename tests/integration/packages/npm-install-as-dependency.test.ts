import { mkdtemp, readFile, rm, writeFile, mkdir, access } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchNpmPackage, type FetchedNpmPackage } from "@/lib/core/packages/npm/fetch-package";
import { installNpmDependencies } from "@/lib/core/packages/npm/install-dependencies";
import { startLocalNpmRegistry, type LocalNpmRegistry } from "../../support/local-npm-registry";

/**
 * A package is installed as npx installs it, as a dependency (docs/package-assessment.md):
 * its devDependencies are never resolved, and a peer conflict among its
 * dependencies is overridden rather than fatal. Packages published to a
 * verdaccio on loopback by the test itself.
 */

let registry: LocalNpmRegistry;
let workDir: string;
const fetched: FetchedNpmPackage[] = [];

async function publishPackage(manifest: Record<string, unknown>, files: Record<string, string> = { "index.js": "module.exports = 1;\n" }): Promise<void> {
  const dir = path.join(workDir, `${String(manifest.name)}-${String(manifest.version)}`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ license: "MIT", main: "index.js", ...manifest }, null, 2));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  await registry.publish(dir);
}

async function fetchAndInstall(name: string) {
  const pkg = await fetchNpmPackage({ ecosystem: "npm", name, version: null }, { registryUrl: registry.url });
  fetched.push(pkg);
  const publishedManifest = await readFile(path.join(pkg.dir, "package.json"), "utf8");
  const install = await installNpmDependencies(pkg.dir, pkg.manifest, { registryUrl: registry.url, deadlineMs: 60_000 });
  return { pkg, install, publishedManifest };
}

beforeAll(async () => {
  registry = await startLocalNpmRegistry();
  workDir = await mkdtemp(path.join(os.tmpdir(), "install-as-dependency-"));
  await publishPackage({ name: "peer-host", version: "1.0.0" });
  await publishPackage({ name: "peer-host", version: "2.0.0" });
  await publishPackage({ name: "peer-plugin", version: "1.0.0", peerDependencies: { "peer-host": "1.0.0" } });
  await publishPackage({ name: "helper-lib", version: "1.0.0" });
}, 120_000);

afterAll(async () => {
  await Promise.all(fetched.map((f) => f.cleanup()));
  await registry?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe("installing a package as a dependency", () => {
  it("never resolves devDependencies (one that no registry holds does not fail the install), and puts package.json back", async () => {
    await publishPackage({
      name: "dev-deps-unpublished",
      version: "1.0.0",
      dependencies: { "helper-lib": "^1.0.0" },
      devDependencies: { "internal-workspace-tool": "9.9.9" },
      workspaces: ["packages/*"],
    });
    const { pkg, install, publishedManifest } = await fetchAndInstall("dev-deps-unpublished");
    expect(install).toMatchObject({ ok: true, failure: null });
    await access(path.join(pkg.dir, "node_modules", "helper-lib", "package.json"));
    expect(await readFile(path.join(pkg.dir, "package.json"), "utf8")).toBe(publishedManifest);
  }, 120_000);

  it("installs dependencies whose peers conflict with npm's override, and says so", async () => {
    await publishPackage({ name: "peer-conflicted", version: "1.0.0", dependencies: { "peer-host": "2.0.0", "peer-plugin": "1.0.0" } });
    const { pkg, install, publishedManifest } = await fetchAndInstall("peer-conflicted");
    expect(install.ok).toBe(true);
    const conflict = install.findings.find((f) => f.id === "PKG-PEER-CONFLICT");
    expect(conflict?.severity).toBe("info");
    expect(conflict?.evidence).toMatch(/ERESOLVE/);
    expect(JSON.parse(await readFile(path.join(pkg.dir, "node_modules", "peer-host", "package.json"), "utf8")).version).toBe("2.0.0");
    expect(await readFile(path.join(pkg.dir, "package.json"), "utf8")).toBe(publishedManifest);
  }, 120_000);

  it("still fails, without an override, when a runtime dependency does not exist", async () => {
    await publishPackage({ name: "runtime-dep-missing", version: "1.0.0", dependencies: { "nowhere-to-be-found": "1.0.0" } });
    const { install } = await fetchAndInstall("runtime-dep-missing");
    expect(install.ok).toBe(false);
    expect(install.failure).toMatch(/npm install failed/);
    expect(install.findings.map((f) => f.id)).not.toContain("PKG-PEER-CONFLICT");
  }, 120_000);
});
