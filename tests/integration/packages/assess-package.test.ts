import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPurl } from "@/lib/core/registry/purl";
import { ASSESS_QUEUE } from "@/lib/jobs/assess-job";
import { startJobRunner } from "@/lib/jobs/job-runner";
import type { ScanRecord } from "@/lib/core/registry/server-record";
import { startLocalNpmRegistry, type LocalNpmRegistry } from "../../support/local-npm-registry";
import { settledJob } from "../jobs/job-helpers";
import { openTestServices, type TestServices } from "../support/test-services";

/**
 * The whole package assessment (D16) as the job queue runs it: a package
 * server imported into the registry, fetched from a verdaccio on loopback,
 * read, run in the bubblewrap sandbox, scored and recorded. Real registry,
 * real npm, real sandbox, real database.
 */

const FIXTURES = ["benign-weather", "benign-shell", "malicious-postinstall", "phones-home", "poisoned-tool", "needs-token", "hangs", "fork-bomb", "oversized"];

let registry: LocalNpmRegistry;
let services: TestServices;
const scans = new Map<string, { status: string; scan: ScanRecord }>();

function identity(name: string): string {
  return formatPurl({ ecosystem: "npm", name })!;
}

beforeAll(async () => {
  registry = await startLocalNpmRegistry();
  await Promise.all([
    ...["tiny-mcp-stdio", "install-hook-dep", ...FIXTURES.filter((n) => n !== "oversized")].map((name) => registry.publishFixture(name)),
    registry.publishFixture("oversized", { paddingBytes: 3 * 1024 * 1024 }),
  ]);
  services = await openTestServices(
    { NPM_REGISTRY_URL: registry.url },
    { packages: { fetch: { maxTarballBytes: 1024 * 1024 }, sandbox: { deadlineMs: 15_000 } } },
  );
  for (const name of FIXTURES) {
    await services.store.upsertImportedServer(
      {
        registryName: `io.test/${name}`,
        url: identity(name),
        name,
        title: null,
        description: `Fixture ${name}`,
        version: "1.0.0",
        publisherName: "fixture-publisher",
        packageName: name,
        packageRegistry: "npm",
        repositoryUrl: null,
        websiteUrl: null,
        transportType: "stdio",
        registryStatus: "active",
      },
      `hash-${name}`,
    );
  }
  // Two at a time, as two job workers would.
  const queue = [...FIXTURES];
  const work = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      const { status } = await services.assessPackage(identity(name), "rescan");
      const server = await services.store.findServerByUrl(identity(name));
      const [latest] = await services.store.listScans(server!.id, 1);
      scans.set(name, { status, scan: (await services.store.getScan(latest!.id))! });
    }
  };
  await Promise.all([work(), work()]);
}, 600_000);

afterAll(async () => {
  await services?.close();
  await registry?.stop();
});

const ids = (name: string) => scans.get(name)!.scan.findings.map((f) => f.id);

describe("package assessment end to end", () => {
  it("lists the tools of an honest package from the running server and does not grade it D or F", () => {
    for (const name of ["benign-weather", "benign-shell"]) {
      const { status, scan } = scans.get(name)!;
      expect(status, name).toBe("completed");
      expect(scan.discovery?.transport).toBe("stdio");
      expect(scan.discovery?.tools.length, name).toBeGreaterThan(0);
      expect(["A", "B", "C"], `${name}: ${scan.trustSummary}`).toContain(scan.grade);
      expect(scan.packageEvidence?.distribution?.integrityVerified).toBe(true);
      expect(scan.factors?.transportSecurity.rationale).toMatch(/distribut/i);
    }
  });

  it("grades the malicious packages F", () => {
    for (const name of ["malicious-postinstall", "phones-home", "poisoned-tool", "fork-bomb"]) {
      const { scan } = scans.get(name)!;
      expect(scan.grade, `${name}: ${ids(name).join(", ")}`).toBe("F");
      expect(scan.trustLabel).toBe("dangerous");
    }
    expect(ids("fork-bomb")).toContain("PKG-SANDBOX-RESOURCE-ABUSE");
    expect(ids("malicious-postinstall")).toContain("PKG-INSTALL-EXFIL");
  });

  it("records what the sandbox refused as network evidence", () => {
    const { scan } = scans.get("phones-home")!;
    expect(scan.packageEvidence?.sandbox?.refusedConnections.length).toBeGreaterThan(0);
    expect(ids("phones-home")).toContain("PKG-SANDBOX-NETWORK");
  });

  it("starts a package that checks for a declared token with a placeholder, and lists its tools", () => {
    const { status, scan } = scans.get("needs-token")!;
    expect(status).toBe("completed");
    expect(scan.discovery?.tools.length).toBeGreaterThan(0);
    expect(ids("needs-token")).not.toContain("PKG-NEEDS-CREDENTIALS");
  });

  it("ends a server that never answers within the deadline, with a finding", () => {
    const { scan } = scans.get("hangs")!;
    expect(ids("hangs")).toContain("PKG-NO-HANDSHAKE");
    expect(scan.durationMs).toBeLessThan(60_000);
  });

  it("refuses a tarball over the cap without a verdict", () => {
    const { status, scan } = scans.get("oversized")!;
    expect(status).toBe("unreachable");
    expect(scan.grade).toBeNull();
    expect(scan.findings[0]?.detail).toMatch(/cap|limit|large|bytes/i);
  });

  it("shows an assessed package under its purl in the registry's reads", async () => {
    const server = await services.store.findServerByUrl(identity("benign-weather"));
    expect(server?.listed).toBe(true);
    expect(server?.scanType).toBe("package");
    const found = await services.store.searchServers({ q: "benign-weather", sort: "relevance", page: 1, limit: 10 });
    expect(found.rows.map((r) => r.url)).toContain(identity("benign-weather"));
  });
});

describe("package assessment as a queued job", () => {
  it("a pkg: job queued by an import goes through the default handler to the package assessment, and its scan records the trigger", async () => {
    const server = (await services.store.findServerByUrl(identity("benign-shell")))!;
    const before = (await services.store.listScans(server.id, 10)).length;
    // The default handler (no test handler): what the app, the worker and rescan --wait run.
    const queue = await startJobRunner(services, { concurrency: 1, cron: "off", instanceName: "package-job-test", queue: { pollingIntervalSeconds: 0.5 } });
    try {
      expect(await queue.enqueue([{ serverId: server.id, url: server.url!, trigger: "import" }])).toBe(1);
      const settled = await settledJob(queue, ASSESS_QUEUE, server.id, 120_000);
      expect(settled).toMatchObject({ state: "completed", output: { status: "completed" } });
    } finally {
      await queue.stop(5_000);
    }
    const scans = await services.store.listScans(server.id, 10);
    expect(scans).toHaveLength(before + 1);
    expect(scans[0]).toMatchObject({ status: "completed", trigger: "import" });
  }, 180_000);
});

