import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPurl } from "@/lib/core/registry/purl";
import { importOfficialRegistry } from "@/lib/core/registry/import-official-registry";
import { createAssessHandler } from "@/lib/jobs/assess-handler";
import type { FixtureHandle } from "../../fixtures/harness/http-fixture";
import { startStreamableHttpFixture } from "../../fixtures/harness/mcp-fixture";
import { BENIGN_DEVELOPMENT_SERVERS } from "../../fixtures/servers/benign/benign-servers";
import { ASSESS_QUEUE } from "@/lib/jobs/assess-job";
import { startJobRunner } from "@/lib/jobs/job-runner";
import type { ScanRecord } from "@/lib/core/registry/server-record";
import { startLocalNpmRegistry, type LocalNpmRegistry } from "../../support/local-npm-registry";
import { settledJob } from "../jobs/job-helpers";
import { openTestServices, type TestServices } from "../support/test-services";
import { importServerEntry } from "@/lib/core/registry/import/decide-import";

/**
 * The whole package assessment (docs/package-assessment.md) as the job queue runs it: a package
 * server imported into the registry, fetched from a verdaccio on loopback,
 * read, run in the bubblewrap sandbox, scored and recorded. Real registry,
 * real npm, real sandbox, real database.
 */

const FIXTURES = ["benign-weather", "benign-shell", "malicious-postinstall", "phones-home", "poisoned-tool", "needs-token", "hangs", "fork-bomb", "oversized"];

/** A server.json as a publisher writes it: the server needs a directory, a mode and a service URL to start. */
const NEEDS_ARGUMENTS_ENTRY = {
  name: "io.test/needs-arguments",
  description: "Lists the files of a directory.",
  version: "1.0.0",
  packages: [
    {
      registryType: "npm",
      identifier: "needs-arguments",
      transport: { type: "stdio" },
      packageArguments: [
        { type: "named", name: "--mode", choices: ["readonly", "readwrite"], description: "Access mode" },
        { type: "positional", valueHint: "directory", format: "filepath", isRequired: true, description: "The directory to list" },
      ],
      environmentVariables: [{ name: "NOTES_SERVICE_URL", default: "https://notes.example.com", description: "Where notes are kept" }],
    },
  ],
};

let registry: LocalNpmRegistry;
let services: TestServices;
const scans = new Map<string, { status: string; scan: ScanRecord }>();

function identity(name: string): string {
  return formatPurl({ ecosystem: "npm", name })!;
}

beforeAll(async () => {
  registry = await startLocalNpmRegistry();
  await Promise.all([
    ...["tiny-mcp-stdio", "install-hook-dep", "needs-arguments", ...FIXTURES.filter((n) => n !== "oversized")].map((name) => registry.publishFixture(name)),
    registry.publishFixture("oversized", { paddingBytes: 3 * 1024 * 1024 }),
  ]);
  services = await openTestServices(
    { NPM_REGISTRY_URL: registry.url },
    {
      packages: { fetch: { maxTarballBytes: 1024 * 1024 }, sandbox: { deadlineMs: 15_000 } },
      scan: { allowPrivateTargets: false, allowedRanges: ["127.0.0.0/8"], deadlineMs: 5000 },
    },
  );
  for (const name of FIXTURES) {
    await importServerEntry(services.store, 
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
  // This one comes through the import of a registry entry that says how to start it.
  await importOfficialRegistry(
    services.store,
    { label: "needs-arguments entry", followCursor: false, fetchPage: async () => [NEEDS_ARGUMENTS_ENTRY] },
    { subregistry: services.subregistry },
  );
  // Two at a time, as two job workers would.
  const queue = [...FIXTURES, "needs-arguments"];
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

  it("starts a package with the arguments and variables its registry entry declares, and lists its tools", () => {
    const { status, scan } = scans.get("needs-arguments")!;
    expect(status).toBe("completed");
    // The directory is the sandbox's own /tmp, the mode the entry's first choice.
    expect(scan.discovery?.tools.map((t) => [t.name, t.description])).toEqual([["list_files", "Lists the files in /tmp (readonly)."]]);
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

// docs/package-assessment.md#a-remote-server-with-a-package
describe("a remote server that also names a package", () => {
  let remote: FixtureHandle | undefined;
  afterAll(async () => {
    await remote?.close();
  });

  it("has both assessed in one job and shown as one verdict under its URL: the package's findings join the remote scan", async () => {
    remote = await startStreamableHttpFixture(() => BENIGN_DEVELOPMENT_SERVERS[0]!.createServer());
    await importOfficialRegistry(
      services.store,
      {
        label: "remote with package",
        followCursor: false,
        fetchPage: async () => [
          { name: "io.test/remote-with-package", description: "Remote, also published to npm.", version: "1.0.0", remotes: [{ type: "streamable-http", url: remote!.url }], packages: [{ registryType: "npm", identifier: "phones-home", transport: { type: "stdio" } }] },
        ],
      },
      { subregistry: services.subregistry, identityPolicy: { allowedRanges: ["127.0.0.0/8"] } },
    );
    const server = (await services.store.findServerByUrl(remote.url))!;
    expect(server.packageName).toBe("phones-home");
    const packageServer = (await services.store.findServerByUrl(identity("phones-home")))!;
    const handle = createAssessHandler(services);
    expect(await handle({ serverId: server.id, url: server.url!, trigger: "import" })).toEqual({ status: "completed" });

    const after = (await services.store.findServerByUrl(remote.url))!;
    const [latest] = await services.store.listScans(after.id, 1);
    const scan = (await services.store.getScan(latest!.id))!;
    // The remote's own listing, and the package's evidence and findings with it.
    expect(scan.discovery?.transport).not.toBe("stdio");
    expect(scan.packageEvidence?.distribution?.resolvedVersion).toBe("1.0.0");
    expect(scan.findings.filter((f) => f.severity === "critical").map((f) => f.id)).toContain("PKG-ENV-EXFIL");
    // A package that sends the environment home makes the remote server's grade F: one server, one verdict.
    expect(after).toMatchObject({ grade: "F", scanType: "remote", url: remote.url });
    // The package's assessment was recorded only with the remote scan: its own pkg: server got no scan from this job.
    expect((await services.store.findServerByUrl(identity("phones-home")))!.scanCount).toBe(packageServer.scanCount);
    expect(scan.serverId).toBe(server.id);
  }, 180_000);
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

