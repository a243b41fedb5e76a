import { describe, expect, it } from "vitest";
import { detectExternalHosts, detectRedirectProblems } from "@/lib/core/scanning/rules/network-rules";
import { detectCodeTransparency, detectPublisherReputation } from "@/lib/core/scanning/rules/provenance-rules";
import { registrableDomain } from "@/lib/core/scanning/rules/registrable-domain";
import { detectTransportProblems } from "@/lib/core/scanning/rules/transport-rules";
import { analyzeField } from "@/lib/core/scanning/rules/analyzed-field";
import { UNKNOWN_SERVER_CONTEXT, type NetworkEvidence, type RegistryContext, type TlsEvidence } from "@/lib/core/scanning/scan-outcome";

const goodTls: TlsEvidence = {
  protocol: "TLSv1.3",
  cipher: "TLS_AES_256_GCM_SHA384",
  issuer: "CN=R11",
  subject: "CN=mcp.example.com",
  validFrom: null,
  validTo: null,
  authorized: true,
  authorizationError: null,
  hostnameMatch: true,
  selfSigned: false,
  expired: false,
};
const net = (over: Partial<NetworkEvidence> = {}): NetworkEvidence => ({
  scheme: "https",
  host: "mcp.example.com",
  resolvedAddresses: ["203.0.113.5"],
  redirectChain: [],
  tls: goodTls,
  hsts: { maxAge: 31536000, includeSubDomains: false, preload: false },
  ...over,
});
const ids = (hits: { ruleId: string; severity: string }[]) => hits.map((h) => `${h.ruleId}:${h.severity}`);

describe("transport rules", () => {
  it("finds nothing wrong with TLS 1.3 or 1.2, a trusted certificate and HSTS", () => {
    expect(detectTransportProblems(net())).toEqual([]);
    expect(detectTransportProblems(net({ tls: { ...goodTls, protocol: "TLSv1.2", cipher: "ECDHE-RSA-AES128-GCM-SHA256" } }))).toEqual([]);
  });

  it("reports plain http, certificate problems, old protocols, weak ciphers and HSTS gaps", () => {
    expect(ids(detectTransportProblems(net({ scheme: "http", tls: null, hsts: null })))).toEqual(["TS-PLAINTEXT-HTTP:medium"]);
    // Only the scanning machine's own loopback carries nothing over a network, in any of its spellings.
    for (const address of ["127.0.0.1", "127.3.4.5", "::1", "::ffff:127.0.0.1"]) {
      expect(ids(detectTransportProblems(net({ scheme: "http", host: "localhost", resolvedAddresses: [address], tls: null, hsts: null }))), address).toEqual(["TS-LOOPBACK-HTTP:info"]);
    }
    for (const addresses of [["10.0.0.8"], ["192.168.1.4"], ["fd00::1"], ["127.0.0.1", "203.0.113.5"], []]) {
      expect(ids(detectTransportProblems(net({ scheme: "http", resolvedAddresses: addresses, tls: null, hsts: null }))), addresses.join()).toEqual(["TS-PLAINTEXT-HTTP:medium"]);
    }
    expect(ids(detectTransportProblems(net({ tls: { ...goodTls, selfSigned: true, authorized: false } })))).toContain("TS-TLS-SELF-SIGNED:high");
    expect(ids(detectTransportProblems(net({ tls: { ...goodTls, expired: true, authorized: false } })))).toContain("TS-TLS-EXPIRED:high");
    expect(ids(detectTransportProblems(net({ tls: { ...goodTls, hostnameMatch: false, authorized: false } })))).toContain("TS-TLS-HOSTNAME-MISMATCH:high");
    expect(ids(detectTransportProblems(net({ tls: { ...goodTls, authorized: false, authorizationError: "UNABLE_TO_VERIFY_LEAF_SIGNATURE" } })))).toEqual(["TS-TLS-UNTRUSTED:high"]);
    expect(ids(detectTransportProblems(net({ tls: { ...goodTls, protocol: "TLSv1.1" } })))).toEqual(["TS-TLS-OLD-PROTOCOL:medium"]);
    expect(ids(detectTransportProblems(net({ tls: { ...goodTls, cipher: "DES-CBC3-SHA" } })))).toEqual(["TS-TLS-WEAK-CIPHER:medium"]);
    expect(ids(detectTransportProblems(net({ hsts: null })))).toEqual(["TS-NO-HSTS:low"]);
    expect(ids(detectTransportProblems(net({ hsts: { maxAge: 300, includeSubDomains: false, preload: false } })))).toEqual(["TS-HSTS-SHORT:low"]);
    expect(ids(detectTransportProblems(net({ tls: null })))).toEqual(["TS-TLS-UNKNOWN:info"]);
    expect(ids(detectTransportProblems(null))).toEqual(["TS-NO-EVIDENCE:info"]);
  });
});

describe("network rules", () => {
  it("tells another site from another subdomain", () => {
    expect(registrableDomain("api.example.co.uk")).toBe("example.co.uk");
    expect(registrableDomain("a.b.example.com")).toBe("example.com");
    expect(ids(detectRedirectProblems(net({ redirectChain: [{ url: "https://edge.example.com/mcp", status: 307, host: "edge.example.com" }] })))).toEqual(["NB-CROSS-HOST-REDIRECT:low"]);
    expect(ids(detectRedirectProblems(net({ redirectChain: [{ url: "https://evil.example.net/mcp", status: 302, host: "evil.example.net" }] })))).toEqual(["NB-CROSS-HOST-REDIRECT:medium"]);
  });

  it("reports downgrades and long chains", () => {
    const hop = (url: string) => ({ url, status: 301, host: new URL(url).host });
    const chain = [hop("https://mcp.example.com/a"), hop("https://mcp.example.com/b"), hop("https://mcp.example.com/c"), hop("http://mcp.example.com/d")];
    expect(ids(detectRedirectProblems(net({ redirectChain: chain })))).toEqual(["NB-HTTPS-DOWNGRADE:high", "NB-LONG-REDIRECT-CHAIN:low"]);
  });

  it("lists external hosts named in metadata as info", () => {
    const field = analyzeField({ location: "tools/x/description", kind: "description", owner: "tool", ownerName: "x", text: "See https://docs.other.org/a and https://mcp.example.com/b" });
    const [hit] = detectExternalHosts([field], net());
    expect(hit).toMatchObject({ ruleId: "NB-EXTERNAL-HOSTS", severity: "info" });
    expect(hit.detail).toContain("docs.other.org");
    expect(hit.detail).not.toContain("mcp.example.com");
  });
});

describe("provenance rules", () => {
  const ctx = (over: Partial<RegistryContext>): RegistryContext => ({ ...UNKNOWN_SERVER_CONTEXT, name: "x", publisherName: "Acme", ...over });

  it("says a declared repository was not audited", () => {
    const hits = detectCodeTransparency(ctx({ repositoryUrl: "https://github.com/acme/x" }));
    expect(ids(hits)).toEqual(["CT-NOT-AUDITED:info"]);
    expect(hits[0].detail).toMatch(/repository declared.*not audited/i);
    expect(ids(detectCodeTransparency(ctx({ repositoryUrl: "https://git.acme.example/x" })))).toEqual(["CT-REPOSITORY-UNKNOWN-HOST:info", "CT-NOT-AUDITED:info"]);
    expect(ids(detectCodeTransparency(ctx({ packageName: "@acme/x" })))).toEqual(["CT-PACKAGE-ONLY:low"]);
    expect(ids(detectCodeTransparency(ctx({})))).toEqual(["CT-NO-SOURCE:low"]);
  });

  it("earns reputation from certification and track record, never assumes it", () => {
    expect(ids(detectPublisherReputation(ctx({})))).toEqual(["PR-NOT-CERTIFIED:info", "PR-NO-TRACK-RECORD:info"]);
    expect(ids(detectPublisherReputation(ctx({ certificationStatus: "premium", publisherServerCount: 4, publisherAverageScore: 88 })))).toEqual([]);
    expect(ids(detectPublisherReputation(ctx({ certificationStatus: "standard", publisherServerCount: 2, publisherAverageScore: 70 })))).toEqual(["PR-STANDARD-TIER:info", "PR-MIXED-TRACK-RECORD:info"]);
    expect(ids(detectPublisherReputation(ctx({ publisherName: null, publisherServerCount: 2, publisherAverageScore: 35 })))).toEqual([
      "PR-UNNAMED-PUBLISHER:info",
      "PR-NOT-CERTIFIED:info",
      "PR-POOR-TRACK-RECORD:low",
    ]);
  });
});
