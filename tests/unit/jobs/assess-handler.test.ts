import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors";
import type { RegistryStore } from "@/lib/core/registry/registry-store";
import type { ScanServerDeps } from "@/lib/core/registry/scan-server";
import type { ServerRecord } from "@/lib/core/registry/server-record";
import { createScanCoordinator } from "@/lib/core/scanning/scan-coordinator";
import { createAssessHandler } from "@/lib/jobs/assess-handler";
import { failureOutput, isRetryable } from "@/lib/jobs/assess-job";
import type { ScanOutcome } from "@/lib/core/scanning/scan-outcome";
import { buildScanOutcome } from "../../support/scan-outcome-builder";

/** A scanner whose scan answers `status` and records nothing but the trigger it was given (and the outcome, when asked). */
function fakeScanner(status: "completed" | "partial" | "unreachable", triggers: string[], recorded: ScanOutcome[] = []): ScanServerDeps {
  const store = {
    getRegistryContext: async () => ({}),
    recordScan: async (outcome: ScanOutcome, meta: { trigger: string }) => {
      recorded.push(outcome);
      triggers.push(meta.trigger);
      return { server: { id: "s" } as ServerRecord, scan: { id: "scan" } };
    },
  } as unknown as RegistryStore;
  return {
    store,
    coordinator: createScanCoordinator({ maxConcurrent: 1 }),
    runScan: async (url) => buildScanOutcome({ url, status }),
    scanOptions: {},
  };
}

/** A package assessment a URL job must never reach. */
const noPackage = async (): Promise<never> => {
  throw new Error("a URL server was sent to the package assessment");
};
/** A remote server that names no package. */
const noRemotePackage = async () => undefined;

describe("the assess-server handler", () => {
  it("scans an http(s) server, records the job's trigger, and answers the scan's status", async () => {
    const triggers: string[] = [];
    const handle = createAssessHandler({ scanner: fakeScanner("partial", triggers), assessPackage: noPackage, assessPackageOfRemote: noRemotePackage });
    expect(await handle({ serverId: "s", url: "https://mcp.example.com/mcp", trigger: "import" })).toEqual({ status: "partial" });
    expect(await handle({ serverId: "s", url: "https://mcp.example.com/mcp", trigger: "schedule" })).toEqual({ status: "partial" });
    expect(triggers).toEqual(["import", "schedule"]);
  });

  it("hands a package server to the package assessment, with the job's trigger", async () => {
    const calls: [string, string][] = [];
    const handle = createAssessHandler({
      scanner: fakeScanner("completed", []),
      assessPackage: async (url, trigger) => {
        calls.push([url, trigger]);
        return { status: "completed" };
      },
      assessPackageOfRemote: async () => {
        throw new Error("a package server has no remote");
      },
    });
    expect(await handle({ serverId: "p", url: "pkg:npm/%40scope/server", trigger: "schedule" })).toEqual({ status: "completed" });
    expect(calls).toEqual([["pkg:npm/%40scope/server", "schedule"]]);
  });
  it("joins the package of a remote server to the scan it records", async () => {
    const recorded: ScanOutcome[] = [];
    const asked: string[] = [];
    const handle = createAssessHandler({
      scanner: fakeScanner("completed", [], recorded),
      assessPackage: noPackage,
      assessPackageOfRemote: async (url) => {
        asked.push(url);
        return (outcome) => ({ ...outcome, findings: [...outcome.findings, { ...outcome.findings[0]!, id: "PKG-JOINED" }] });
      },
    });
    expect(await handle({ serverId: "r", url: "https://mcp.example.com/mcp", trigger: "import" })).toEqual({ status: "completed" });
    expect(asked).toEqual(["https://mcp.example.com/mcp"]);
    expect(recorded.map((o) => o.findings.map((f) => f.id))[0]).toContain("PKG-JOINED");
  });
});

describe("which failures are retried", () => {
  it("retries what may pass, not refusals of the target", () => {
    expect(isRetryable(new Error("connect ECONNREFUSED 127.0.0.1:5432"))).toBe(true);
    expect(isRetryable(new AppError("rate_limited", "Too many scans"))).toBe(true);
    expect(isRetryable(new AppError("service_unavailable", "database down"))).toBe(true);
    expect(isRetryable(new AppError("target_forbidden", "private address"))).toBe(false);
    expect(isRetryable(new AppError("invalid_url", "not a URL"))).toBe(false);
    expect(failureOutput(new AppError("target_forbidden", "private address"))).toEqual({ reason: "private address", code: "target_forbidden" });
  });
});
