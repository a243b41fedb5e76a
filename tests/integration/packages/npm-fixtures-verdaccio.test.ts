import { spawn } from "node:child_process";
import { access, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Finding, Severity } from "@/lib/core/findings";
import { fetchNpmPackage, NpmFetchError, type FetchedNpmPackage } from "@/lib/core/packages/npm/fetch-package";
import { installNpmDependencies } from "@/lib/core/packages/npm/install-dependencies";
import { readNpmPackage, type NpmStaticReading } from "@/lib/core/packages/npm/read-package";
import { startLocalNpmRegistry, type LocalNpmRegistry } from "../../support/local-npm-registry";

/**
 * Fetch, verify, extract, install and read every fixture package from a
 * verdaccio on loopback with no uplinks (nothing leaves the machine).
 */

const FIXTURES = ["benign-weather", "benign-shell", "malicious-postinstall", "phones-home", "poisoned-tool", "needs-token", "hangs", "fork-bomb"];
const ORDER: Severity[] = ["info", "low", "medium", "high", "critical"];
const worst = (findings: Finding[], id?: string) =>
  findings
    .filter((f) => id === undefined || f.id === id)
    .map((f) => f.severity)
    .sort((a, b) => ORDER.indexOf(b) - ORDER.indexOf(a))[0] ?? null;

let registry: LocalNpmRegistry;
const assessed = new Map<string, { fetched: FetchedNpmPackage; install: Awaited<ReturnType<typeof installNpmDependencies>>; reading: NpmStaticReading }>();

beforeAll(async () => {
  registry = await startLocalNpmRegistry();
  await Promise.all([
    ...["tiny-mcp-stdio", "install-hook-dep", ...FIXTURES].map((name) => registry.publishFixture(name)),
    registry.publishFixture("oversized", { paddingBytes: 3 * 1024 * 1024 }),
  ]);
  await Promise.all(
    FIXTURES.map(async (name) => {
      const fetched = await fetchNpmPackage({ ecosystem: "npm", name, version: null }, { registryUrl: registry.url });
      const install = await installNpmDependencies(fetched.dir, fetched.manifest, { registryUrl: registry.url, deadlineMs: 60_000 });
      const reading = await readNpmPackage(fetched.dir, fetched.manifest);
      assessed.set(name, { fetched, install, reading });
    }),
  );
}, 180_000);

afterAll(async () => {
  await Promise.all([...assessed.values()].map((a) => a.fetched.cleanup()));
  await registry?.stop();
});

describe("npm fixtures through verdaccio", () => {
  it.each(FIXTURES)("%s: fetched with verified integrity, installed without scripts", (name) => {
    const { fetched, install } = assessed.get(name)!;
    expect(fetched.distribution).toMatchObject({
      registryUrl: registry.url,
      registryTls: false,
      resolvedVersion: "1.0.0",
      integrityVerified: true,
      license: "MIT",
      declaredRepository: `https://github.com/mcp-trust-registry/${name}`,
      provenance: null,
    });
    expect(fetched.distribution.integrity).toMatch(/^sha512-/);
    expect(fetched.distribution.tarballUrl.startsWith(registry.url)).toBe(true);
    expect(fetched.distribution.fileCount).toBeGreaterThanOrEqual(2);
    expect(fetched.manifest.name).toBe(name);
    expect(install).toMatchObject({ ok: true, failure: null });
  });

  it("installs the vendored server from the local registry", async () => {
    const { fetched, install } = assessed.get("benign-weather")!;
    await access(path.join(fetched.dir, "node_modules/tiny-mcp-stdio/index.js"));
    expect(install.installedBytes).toBeGreaterThan(0);
  });

  it("never runs a dependency's postinstall, and lists it", async () => {
    const { fetched, install, reading } = assessed.get("needs-token")!;
    await expect(access(path.join(fetched.dir, "node_modules/install-hook-dep/postinstall-ran"))).rejects.toThrow();
    expect(install.dependenciesWithInstallScripts).toEqual(["install-hook-dep@1.0.0"]);
    expect(reading.staticEvidence.dependenciesWithInstallScripts).toEqual(["install-hook-dep@1.0.0"]);
    expect(reading.staticEvidence.declaredEnvironment).toContain("API_TOKEN");
  });

  it("honest servers get nothing above low", () => {
    for (const name of ["benign-weather", "benign-shell"]) {
      const { reading } = assessed.get(name)!;
      expect(ORDER.indexOf(worst(reading.findings) ?? "info"), `${name}: ${JSON.stringify(reading.findings)}`).toBeLessThanOrEqual(ORDER.indexOf("low"));
    }
    const weather = assessed.get("benign-weather")!.reading.staticEvidence;
    expect(weather.networkEndpoints.map((e) => e.value)).toContain("https://api.open-meteo.com/v1/forecast");
    expect(weather.declaredEnvironment).toEqual(["WEATHER_UNITS"]);
    const shell = assessed.get("benign-shell")!.reading.staticEvidence;
    expect(shell.processAndEvalUse).toEqual([expect.objectContaining({ file: "index.js", kind: "child_process" })]);
  });

  it("malicious-postinstall: exfiltration at install time is critical", () => {
    const { reading } = assessed.get("malicious-postinstall")!;
    expect(reading.staticEvidence.installScripts).toEqual([{ script: "postinstall", command: "node scripts/setup.js" }]);
    const f = reading.findings.find((x) => x.id === "PKG-INSTALL-EXFIL");
    expect(f).toMatchObject({ severity: "critical", location: expect.stringMatching(/^scripts\/setup\.js:\d+$/) });
  });

  it("phones-home: environment and SSH key sent at start is critical", () => {
    const { reading } = assessed.get("phones-home")!;
    expect(worst(reading.findings, "PKG-ENV-EXFIL")).toBe("critical");
    expect(reading.staticEvidence.credentialPathReads.map((c) => c.path)).toContain("~/.ssh");
    expect(reading.staticEvidence.networkEndpoints.map((e) => e.value)).toContain("http://198.51.100.7:8080/beacon");
  });

  it("the others read as what they are", () => {
    expect(assessed.get("fork-bomb")!.reading.staticEvidence.processAndEvalUse.map((u) => u.kind)).toEqual(["child_process"]);
    expect(assessed.get("hangs")!.reading.findings.filter((f) => f.severity !== "info")).toEqual([]);
    // The poisoned description is for the MCP rules once the server runs; statically only the credential paths it names show.
    const poisoned = assessed.get("poisoned-tool")!.reading;
    expect(worst(poisoned.findings)).toBe("medium");
    expect(poisoned.staticEvidence.credentialPathReads.map((c) => c.path)).toContain("~/.ssh");
  });

  it("oversized: refused at the tarball cap", async () => {
    const error = await fetchNpmPackage({ ecosystem: "npm", name: "oversized", version: "1.0.0" }, { registryUrl: registry.url, maxTarballBytes: 1024 * 1024 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NpmFetchError);
    expect((error as NpmFetchError).reason).toMatch(/over the limit of 1048576/);
  });

  it("a package the registry does not hold is a 404, never fetched from elsewhere", async () => {
    const error = await fetchNpmPackage({ ecosystem: "npm", name: "left-pad", version: null }, { registryUrl: registry.url }).catch((e: unknown) => e);
    expect((error as NpmFetchError).reason).toMatch(/not in the registry/);
  });

  it("an installed fixture answers MCP over stdio (benign-shell)", async () => {
    const { fetched } = assessed.get("benign-shell")!;
    const child = spawn(process.execPath, ["index.js"], { cwd: fetched.dir, stdio: ["pipe", "pipe", "pipe"] });
    const lines: string[] = [];
    const done = new Promise<void>((resolve) => {
      let buffer = "";
      child.stdout.on("data", (c: Buffer) => {
        buffer += c.toString();
        const parts = buffer.split("\n");
        buffer = parts.pop() ?? "";
        lines.push(...parts);
        if (lines.length >= 2) resolve();
      });
    });
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } })}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" })}\n`);
    await done;
    child.kill();
    const [init, list] = lines.map((l) => JSON.parse(l));
    expect(init.result.serverInfo.name).toBe("benign-shell");
    expect(list.result.tools.map((t: { name: string }) => t.name)).toEqual(["run_command"]);
  });
});

describe("dependency install refusals", () => {
  it("does not install git or URL dependencies", async () => {
    const { fetched } = assessed.get("hangs")!;
    const result = await installNpmDependencies(fetched.dir, { dependencies: { evil: "git+https://github.com/x/y.git" } }, { registryUrl: registry.url });
    expect(result.ok).toBe(false);
    expect(result.findings.map((f) => f.id)).toContain("PKG-NON-REGISTRY-DEPENDENCY");
    await rm(path.join(fetched.dir, "node_modules"), { recursive: true, force: true });
  });
});
