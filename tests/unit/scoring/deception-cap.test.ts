import { describe, expect, it } from "vitest";
import type { Finding } from "@/lib/core/findings";
import { scoreFindings } from "@/lib/core/scoring/assess-scan";
import type { NetworkEvidence } from "@/lib/core/scanning/scan-outcome";

const HTTPS: NetworkEvidence = {
  scheme: "https",
  host: "mcp.example.com",
  resolvedAddresses: ["93.184.215.14"],
  redirectChain: [],
  tls: {
    protocol: "TLSv1.3",
    cipher: "TLS_AES_128_GCM_SHA256",
    issuer: "CN=Example CA",
    subject: "CN=mcp.example.com",
    validFrom: "2026-01-01T00:00:00Z",
    validTo: "2027-01-01T00:00:00Z",
    authorized: true,
    authorizationError: null,
    hostnameMatch: true,
    selfSigned: false,
    expired: false,
  },
  hsts: { maxAge: 31536000, includeSubDomains: true, preload: false },
};

const finding = (id: string, factor: Finding["factor"], severity: Finding["severity"]): Finding => ({
  id,
  factor,
  severity,
  title: id,
  detail: "d",
  location: "tools/x/description",
  evidence: "e",
  remediation: "r",
});

// docs/scoring.md#caps: the deception cap goes further than the contract on purpose.
describe("deception cap", () => {
  it.each([
    ["TM-CONCEALMENT", "threatMatch"],
    ["OB-ANSI-ESCAPE", "threatMatch"],
    ["DA-ANNOTATION-MISMATCH", "declarationAccuracy"],
  ] as const)("a high %s finding keeps the server below the allow gate", (id, factor) => {
    const result = scoreFindings([finding(id, factor, "high")], HTTPS);
    expect(["D", "F"]).toContain(result.grade);
    expect(["caution", "warning", "dangerous"]).toContain(result.trustLabel);
    expect(result.capReason).toMatch(new RegExp(id));
    expect(result.trustScore).toBe(Object.values(result.factors).reduce((sum, f) => sum + f.points, 0));
  });

  it.each([
    ["PM-SHELL-EXEC", "permissionMinimality"],
    ["SEC-SECRET-IN-METADATA", "declarationAccuracy"],
  ] as const)("a high %s finding costs points but is not capped", (id, factor) => {
    const result = scoreFindings([finding(id, factor, "high")], HTTPS);
    expect(result.capReason).toBeNull();
    expect(result.grade).toBe(result.uncappedGrade);
  });

  it("honest capabilities share one budget: the costliest in full, each further one 2 points", () => {
    const shell = finding("PM-SHELL-EXEC", "permissionMinimality", "medium");
    const code = finding("PM-CODE-EVAL", "permissionMinimality", "medium");
    const sql = finding("PM-RAW-SQL", "permissionMinimality", "low");
    expect(scoreFindings([shell], HTTPS).factors.permissionMinimality.points).toBe(15 - 8);
    expect(scoreFindings([shell, code], HTTPS).factors.permissionMinimality.points).toBe(15 - 8 - 2);
    expect(scoreFindings([shell, code, sql], HTTPS).factors.permissionMinimality.points).toBe(15 - 8 - 2 - 2);
  });

  it.each([
    ["TM-VALUE-OVERRIDE"],
    ["TM-TOOL-DEPENDENCY"],
    ["TM-PREFERENCE-MANIPULATION"],
    ["TM-TOOL-IMPERSONATION"],
    ["TM-IMPERSONATION"],
  ] as const)("a high %s finding (deception by its catalogue tags) is capped at D", (id) => {
    const result = scoreFindings([finding(id, "threatMatch", "high")], HTTPS);
    expect(result.grade).toBe("D");
    expect(result.capReason).toMatch(new RegExp(id));
  });
});
