import { describe, expect, it } from "vitest";
import type { Finding } from "@/lib/core/findings";
import { FACTOR_KEYS, FACTOR_MAX } from "@/lib/core/scoring/factors";
import type { NetworkEvidence, RegistryContext } from "@/lib/core/scanning/scan-outcome";
import { assessScan, scoreFindings, SCORING_VERSION } from "@/lib/core/scoring/assess-scan";
import { summarizeFindings } from "@/lib/core/scoring/summarize-findings";
import { describeLocation } from "@/lib/core/scoring/describe-location";
import { ALL_FIXTURES } from "@/tests/fixtures/corpus/all-fixtures";
import { CORPUS_NETWORK, assessFixture } from "@/tests/fixtures/corpus/assess-fixture";
import { weatherServer } from "@/tests/fixtures/servers/benign/web-and-media";
import { poisonedAddServer } from "@/tests/fixtures/servers/malicious/instruction-injection";

const context = (over: Partial<RegistryContext> = {}): RegistryContext => ({
  name: "weather",
  publisherName: "Acme Weather",
  repositoryUrl: "https://github.com/acme/weather-mcp",
  packageName: "@acme/weather-mcp",
  certificationStatus: "none",
  publisherServerCount: 4,
  publisherAverageScore: 86,
  previousToolHashes: null,
  ...over,
});
const loopbackHttp: NetworkEvidence = { scheme: "http", host: "127.0.0.1", resolvedAddresses: ["127.0.0.1"], redirectChain: [], tls: null, hsts: null };

function assess(over: Partial<Parameters<typeof assessScan>[0]> = {}) {
  return assessScan({ discovery: weatherServer.discovery, network: CORPUS_NETWORK, status: "completed", context: context(), transportFailure: null, ...over });
}

describe("assessScan", () => {
  it("exports a scoring version", () => {
    // The release date, with a revision number when rules change twice in one day (2026.11.23.2).
    expect(SCORING_VERSION).toMatch(/^\d{4}\.\d{1,2}\.\d+(?:\.\d+)?$/);
  });

  it("gives an unreachable server no score, and a finding that says why", () => {
    const r = assess({ status: "unreachable", discovery: null, transportFailure: "connect ECONNREFUSED 203.0.113.9:443" });
    expect(r.score).toBeNull();
    expect(r.findings).toEqual([expect.objectContaining({ id: "SCAN-UNREACHABLE", severity: "info", evidence: "connect ECONNREFUSED 203.0.113.9:443" })]);
    expect(r.findings[0].detail).toBe("connect ECONNREFUSED 203.0.113.9:443");
    expect(r).toMatchObject({ toolHashes: {}, toolsHash: null, changes: null });
  });

  it("puts a clean https server with a repository and a reputable publisher in A or B", () => {
    const s = assess().score!;
    expect(["A", "B"]).toContain(s.grade);
    expect(s.trustLabel).toBe("trusted");
    expect(s.capReason).toBeNull();
    expect(s.trustSummary).toMatch(/^(Strong|Good): no threats found; \d+ points lost to /);
  });

  it("caps a clean remote http server at C and names the cap; the scanner's own loopback is not remote and is neither charged nor capped", () => {
    const remoteHttp: NetworkEvidence = { ...loopbackHttp, host: "mcp.example.com", resolvedAddresses: ["203.0.113.10"] };
    const capped = assess({ network: remoteHttp }).score!;
    expect(capped.factors.transportSecurity.points).toBe(0);
    expect(capped.factors.transportSecurity.findingIds).toEqual(["TS-PLAINTEXT-HTTP"]);
    expect(capped).toMatchObject({ grade: "C", capReason: "Plain HTTP caps the grade at C" });
    expect(["A", "B"]).toContain(capped.uncappedGrade);
    expect(capped.trustSummary).toMatch(/^Capped at C: served over plain HTTP \(otherwise [AB]\)/);
    // A private-network address is still a network: only loopback is exempt.
    expect(assess({ network: { ...remoteHttp, resolvedAddresses: ["10.1.2.3"] } }).score!.capReason).toBe("Plain HTTP caps the grade at C");
    // One loopback address among others is not loopback-only.
    expect(assess({ network: { ...loopbackHttp, resolvedAddresses: ["127.0.0.1", "203.0.113.10"] } }).score!.capReason).toBe("Plain HTTP caps the grade at C");

    const local = assess({ network: loopbackHttp }).score!;
    expect(local.capReason).toBeNull();
    expect(local.grade).toBe(local.uncappedGrade);
    expect(local.factors.transportSecurity.points).toBe(FACTOR_MAX.transportSecurity);
    expect(local.factors.transportSecurity.findingIds).toEqual([]);
    expect(local.factors.transportSecurity.rationale).toMatch(/loopback/);
    // Without a repository or a publisher it still loses those factors' points, whatever the transport.
    const bare = assess({ network: loopbackHttp, context: context({ repositoryUrl: null, packageName: null, publisherName: null, publisherServerCount: 0, publisherAverageScore: null }) }).score!;
    expect(bare.trustScore).toBeLessThan(local.trustScore);
  });

  it("caps a poisoned server at F and dangerous while the score stays the factor sum", () => {
    const r = assess({ discovery: poisonedAddServer.discovery });
    const s = r.score!;
    expect(s.grade).toBe("F");
    expect(s.trustLabel).toBe("dangerous");
    expect(s.trustScore).toBe(FACTOR_KEYS.reduce((sum, k) => sum + s.factors[k].points, 0));
    expect(s.capReason).toMatch(/^A critical finding \(TM-[A-Z-]+ at tools\/add\/description\) caps the grade at F/);
    expect(s.trustSummary).toMatch(/^Capped at F: .+ in tool add's description \(and \d+ more critical findings\)$/);
    expect(s.findingsSummary).toMatch(/^\d+ critical/);
  });

  it("keeps the worse of both caps", () => {
    const s = assess({ discovery: poisonedAddServer.discovery, network: loopbackHttp }).score!;
    expect(s.grade).toBe("F");
  });

  it("computes tool hashes and the rug-pull diff", () => {
    const r = assess({ context: context({ previousToolHashes: { get_forecast: "stale", old_tool: "x" } }) });
    expect(Object.keys(r.toolHashes).sort()).toEqual(["get_alerts", "get_forecast"]);
    expect(r.toolsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(r.changes).toEqual({ added: ["get_alerts"], removed: ["old_tool"], changed: ["get_forecast"] });
    expect(r.findings.map((f) => f.id)).toEqual(expect.arrayContaining(["RP-TOOL-ADDED", "RP-TOOL-REMOVED", "RP-TOOL-CHANGED"]));
  });

  it("says what was and was not verified for code and publisher", () => {
    const s = assess().score!;
    expect(s.factors.codeTransparency.rationale).toMatch(/CT-NOT-AUDITED.*Repository declared, not audited/);
    expect(assess().findings.find((f) => f.id === "CT-NOT-AUDITED")?.detail).toMatch(/Repository declared .* not audited/);
    expect(s.factors.publisherReputation.rationale).toContain("registry records only");
    expect(s.factors.networkBehavior.rationale).toContain("cannot be observed by a remote scan");
    const premium = assess({ context: context({ certificationStatus: "premium" }) }).score!;
    expect(premium.factors.publisherReputation.points).toBe(10);
    const unknown = assess({ context: context({ publisherName: null, publisherServerCount: 0, publisherAverageScore: null }) }).score!;
    expect(unknown.factors.publisherReputation.points).toBe(0);
  });

  it("handles a partial scan and a scan without network evidence without inventing points", () => {
    const partial = assess({ status: "partial", discovery: { ...weatherServer.discovery, listingProblems: [{ listing: "prompts", problem: "prompts/list timed out" }] } });
    expect(partial.findings.map((f) => f.id)).toContain("DA-LISTING-INCOMPLETE");
    const blind = assess({ network: null }).score!;
    expect(blind.factors.transportSecurity).toMatchObject({ points: 0, findingIds: ["TS-NO-EVIDENCE"] });
  });
});

// docs/scoring.md and docs/findings-and-scans.md#findings
describe("scoring invariants over the whole corpus", () => {
  it("every factor is an integer within 0..max, the score is their sum, and every lost point has a finding", () => {
    for (const fixture of ALL_FIXTURES) {
      const r = assessFixture(fixture);
      const s = r.score!;
      const ids = new Set(r.findings.map((f) => f.id));
      let sum = 0;
      for (const key of FACTOR_KEYS) {
        const f = s.factors[key];
        expect(Number.isInteger(f.points), `${fixture.id} ${key}`).toBe(true);
        expect(f.points).toBeGreaterThanOrEqual(0);
        expect(f.points).toBeLessThanOrEqual(FACTOR_MAX[key]);
        expect(f.max).toBe(FACTOR_MAX[key]);
        if (f.points < f.max) expect(f.findingIds.length, `${fixture.id} ${key} lost points without a finding`).toBeGreaterThan(0);
        for (const id of f.findingIds) expect(ids.has(id), `${fixture.id} ${key} cites ${id}`).toBe(true);
        expect(f.rationale.length).toBeGreaterThan(10);
        sum += f.points;
      }
      expect(s.trustScore).toBe(sum);
      expect(s.trustSummary.length).toBeGreaterThan(10);
      if (r.findings.some((f) => f.severity === "critical")) expect(s).toMatchObject({ grade: "F", trustLabel: "dangerous" });
    }
  });
});

describe("summaries", () => {
  const f = (severity: Finding["severity"]): Finding => ({ id: "X", factor: "threatMatch", severity, title: "", detail: "", location: "", evidence: "", remediation: "" });
  it("counts findings by severity", () => {
    expect(summarizeFindings([])).toBe("No findings");
    expect(summarizeFindings([f("low"), f("critical"), f("low"), f("high"), f("critical"), f("low")])).toBe("2 critical, 1 high, 3 low");
  });

  it("describes locations in words", () => {
    expect(describeLocation("tools/send_email/description")).toBe("tool send_email's description");
    expect(describeLocation("tools/x/inputSchema/properties/notes/description")).toBe("parameter notes of tool x");
    expect(describeLocation("instructions")).toBe("the server instructions");
    expect(describeLocation("resources/file:///etc/description")).toBe("resource file:///etc");
    expect(describeLocation("prompts/p/arguments/a/description")).toBe("prompt p");
  });

  it("scores an empty finding list at 100 with grade A", () => {
    const s = scoreFindings([], CORPUS_NETWORK);
    expect(s).toMatchObject({ trustScore: 100, grade: "A", uncappedGrade: "A", trustLabel: "trusted", capReason: null, findingsSummary: "No findings" });
    expect(s.trustSummary).toBe("Strong: no threats found; no points lost");
  });
});
