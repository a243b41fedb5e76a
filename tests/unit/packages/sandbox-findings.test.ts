import { describe, expect, it } from "vitest";
import type { SandboxRunResult } from "@/lib/core/packages/package-evidence";
import { distributionTransportFindings, sandboxFindings } from "@/lib/core/packages/sandbox-findings";

function run(over: Partial<SandboxRunResult["observations"]> = {}, rest: Partial<SandboxRunResult> = {}): SandboxRunResult {
  return {
    discovery: null,
    failure: "the server exited (exit code 1)",
    neededNetworkOrCredentials: false,
    stderrTail: "",
    ...rest,
    observations: {
      refusedConnections: [],
      refusedWrites: [],
      spawnedProcesses: 0,
      stopReason: null,
      peakMemoryBytes: null,
      peakProcesses: 12,
      processLimit: 128,
      ...over,
    },
  };
}

const listed = { discovery: { tools: [] } as unknown as SandboxRunResult["discovery"], failure: null };
const ids = (r: SandboxRunResult) => sandboxFindings(r).map((f) => `${f.id}:${f.severity}`);

describe("findings from a sandboxed run", () => {
  it("says nothing about a server that listed its tools quietly", () => {
    expect(sandboxFindings(run({}, listed))).toEqual([]);
  });

  it.each([
    ["/home/sandbox/.bashrc"],
    ["/home/sandbox/.zshenv"],
    ["/home/sandbox/.ssh/authorized_keys"],
    ["/root/.npmrc"],
    ["/home/sandbox/.config/autostart/updater.desktop"],
    ["/etc/cron.d/job"],
    ["/home/sandbox/.config/systemd/user/agent.service"],
  ])("calls a write to %s persistence (critical)", (path) => {
    expect(ids(run({ refusedWrites: [path] }, listed))).toEqual(["PKG-SANDBOX-PERSISTENCE:critical"]);
  });

  it.each([["/home/sandbox/.cache/my-server/index.json"], ["/pkg/logs/server.log"], ["/home/sandbox/.local/share/app/state.db"], ["/var/log/app.log"]])(
    "calls a write to %s an ordinary refused write (low)",
    (path) => {
      expect(ids(run({ refusedWrites: [path] }, listed))).toEqual(["PKG-SANDBOX-WRITE:low"]);
    },
  );

  it("reports refused connections with their targets", () => {
    const [finding] = sandboxFindings(run({ refusedConnections: [{ host: "198.51.100.7", port: 443 }, { host: "collector.example", port: null }] }, listed));
    expect(finding.id).toBe("PKG-SANDBOX-NETWORK");
    expect(finding.evidence).toContain("198.51.100.7:443");
    expect(finding.evidence).toContain("collector.example");
  });

  it("calls reaching most of the process limit a fork bomb, and a busy but normal tree nothing", () => {
    expect(ids(run({ peakProcesses: 120 }, listed))).toContain("PKG-SANDBOX-RESOURCE-ABUSE:critical");
    expect(ids(run({ stopReason: "process limit (128) reached; the server ended with exit code 1" }))).toContain("PKG-SANDBOX-RESOURCE-ABUSE:critical");
    expect(ids(run({ peakProcesses: 40 }, listed))).toEqual([]);
  });

  it("tells a server that needs credentials from one that never answered", () => {
    expect(ids(run({}, { neededNetworkOrCredentials: true, stderrTail: "Error: GITHUB_TOKEN is required\n" }))).toEqual(["PKG-NEEDS-CREDENTIALS:info"]);
    expect(ids(run({ stopReason: "deadline: the run was stopped after 30000 ms" }))).toEqual(["PKG-NO-HANDSHAKE:low"]);
  });

  it("notes a memory or output limit as a low finding", () => {
    expect(ids(run({ stopReason: "memory limit (1024 MiB) reached; the server ended with signal SIGABRT" }))).toContain("PKG-SANDBOX-LIMIT:low");
  });

  it("judges a package's transport by its registry's TLS", () => {
    const base = { registryUrl: "https://registry.npmjs.org/", registryTls: true } as Parameters<typeof distributionTransportFindings>[0];
    expect(distributionTransportFindings(base)).toEqual([]);
    expect(distributionTransportFindings({ ...base, registryUrl: "http://mirror.test/", registryTls: false }).map((f) => f.id)).toEqual(["PKG-REGISTRY-PLAINTEXT"]);
  });
});
