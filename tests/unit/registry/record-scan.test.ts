import { describe, expect, it } from "vitest";
import type { Finding } from "@/lib/core/findings";
import { decideScanRecording, type ScanRecordingContext } from "@/lib/core/registry/record-scan";
import type { ScanRecord, ServerRecord } from "@/lib/core/registry/server-record";
import { buildScanOutcome } from "../../support/scan-outcome-builder";

const URL = "https://weather.example/mcp";

function server(overrides: Partial<ServerRecord> = {}): ServerRecord {
  return {
    id: "s1",
    url: URL,
    registryName: null,
    name: "weather.example",
    description: null,
    publisherName: "weather.example",
    packageName: null,
    packageRegistry: null,
    repositoryUrl: null,
    websiteUrl: null,
    transportType: null,
    registryStatus: "active",
    certificationStatus: "none",
    trustScore: null,
    grade: null,
    trustLabel: null,
    trustSummary: null,
    findingsSummary: null,
    scanType: null,
    lastScannedAt: null,
    latestScanId: null,
    scanCount: 0,
    listed: false,
    ...overrides,
  };
}

const finding = (id: string, severity: Finding["severity"], location = "tool:get_weather"): Finding =>
  ({ id, severity, location, title: id, description: id, evidence: id, category: "test" }) as unknown as Finding;

function latest(findings: Finding[]): ScanRecord {
  return { findings } as ScanRecord;
}

function context(overrides: Partial<ScanRecordingContext> = {}): ScanRecordingContext {
  return { server: server(), createdByScan: true, latestScan: null, ...overrides };
}

describe("deciding what a scan changes", () => {
  it("copies a scored scan's verdict onto the server, ends the scan at start plus duration and lists it", () => {
    const outcome = buildScanOutcome({ url: URL, score: 88, serverName: "Acme Weather" });
    const decision = decideScanRecording(outcome, context());
    expect(decision.scannedAt.getTime()).toBe(outcome.startedAt.getTime() + outcome.durationMs);
    expect(decision.verdict).toEqual({
      trustScore: 88,
      grade: outcome.score!.grade,
      trustLabel: outcome.score!.trustLabel,
      trustSummary: "test summary",
      findingsSummary: "No findings",
      lastScannedAt: decision.scannedAt,
      scanType: "remote",
      transportType: "streamable-http",
      listed: true,
      name: "Acme Weather",
    });
    // A first verdict with no high finding is not news.
    expect(decision.flagged).toBe(false);
  });

  it("leaves the verdict alone when the scan has no score, and never flags it", () => {
    const decision = decideScanRecording(buildScanOutcome({ url: URL, status: "unreachable" }), context({ latestScan: latest([]) }));
    expect(decision).toMatchObject({ verdict: null, flagged: false });
  });

  it("keeps the name of a server an import or certification claimed, and a deleted server out of view", () => {
    const outcome = buildScanOutcome({ url: URL, score: 90, serverName: "Announced" });
    const decision = decideScanRecording(outcome, context({ createdByScan: false, server: server({ registryStatus: "deleted" }) }));
    expect(decision.verdict).not.toHaveProperty("name");
    expect(decision.verdict!.listed).toBe(false);
  });

  it("calls a Package URL a package assessment", () => {
    const decision = decideScanRecording(buildScanOutcome({ url: "pkg:npm/weather-mcp", score: 80 }), context());
    expect(decision.verdict!.scanType).toBe("package");
  });

  it("flags a lower grade, a new high finding, changed tools, or a certified server under its floor", () => {
    const previous = context({ server: server({ grade: "A" }), latestScan: latest([finding("TM-X", "high")]), createdByScan: false });
    expect(decideScanRecording(buildScanOutcome({ url: URL, score: 72 }), previous).flagged).toBe(true);
    // The same high finding again, same grade: nothing new.
    expect(decideScanRecording(buildScanOutcome({ url: URL, score: 95, findings: [finding("TM-X", "high")] }), previous).flagged).toBe(false);
    // The same rule at a new place is a new finding.
    expect(decideScanRecording(buildScanOutcome({ url: URL, score: 95, findings: [finding("TM-X", "high", "tool:other")] }), previous).flagged).toBe(true);
    expect(decideScanRecording(buildScanOutcome({ url: URL, score: 95, findings: [finding("TM-Y", "medium")] }), previous).flagged).toBe(false);
    const changes = { added: ["new_tool"], removed: [], changed: [] };
    expect(decideScanRecording(buildScanOutcome({ url: URL, score: 95, changes }), previous).flagged).toBe(true);
    // Premium needs B: a C that is no lower than before is still news on a premium server, not on a standard one.
    const premium = context({ server: server({ grade: "C", certificationStatus: "premium" }), latestScan: latest([]) });
    expect(decideScanRecording(buildScanOutcome({ url: URL, score: 72 }), premium).flagged).toBe(true);
    const standard = context({ server: server({ grade: "C", certificationStatus: "standard" }), latestScan: latest([]) });
    expect(decideScanRecording(buildScanOutcome({ url: URL, score: 72 }), standard).flagged).toBe(false);
  });
});
