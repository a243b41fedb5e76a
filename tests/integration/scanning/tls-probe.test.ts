import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseHsts, probeTls, TlsProbeError } from "@/lib/core/scanning/tls-probe";
import { startHttpFixture, type FixtureHandle } from "../../fixtures/harness/http-fixture";
import { makeTestCertificate } from "../../fixtures/harness/test-certificates";
import { startHangingServer } from "../../fixtures/servers/misbehaving/hanging";

let selfSigned: { key: string; cert: string };
let valid: FixtureHandle;
let expired: FixtureHandle;
let plain: FixtureHandle;

beforeAll(async () => {
  selfSigned = await makeTestCertificate({ hostname: "localhost" });
  const expiredCert = await makeTestCertificate({ hostname: "localhost", expired: true });
  const ok = (_req: unknown, res: import("node:http").ServerResponse) => void res.writeHead(200).end("ok");
  valid = await startHttpFixture(ok, { tls: selfSigned, urlHost: "localhost" });
  expired = await startHttpFixture(ok, { tls: expiredCert, urlHost: "localhost" });
  plain = await startHangingServer();
});
afterAll(async () => {
  await Promise.all([valid?.close(), expired?.close(), plain?.close()]);
});

const probe = (port: number, extra: Partial<Parameters<typeof probeTls>[0]> = {}) =>
  probeTls({ address: "127.0.0.1", port, hostname: "localhost", timeoutMs: 2000, ...extra });

describe("TLS probe", () => {
  it("describes a self-signed certificate without trusting it", async () => {
    const tls = await probe(valid.port);
    expect(tls).toMatchObject({
      authorized: false,
      authorizationError: "DEPTH_ZERO_SELF_SIGNED_CERT",
      selfSigned: true,
      expired: false,
      hostnameMatch: true,
      subject: "CN=localhost",
      issuer: "CN=localhost",
    });
    expect(tls.protocol).toMatch(/^TLSv1\.[23]$/);
    expect(tls.cipher).toBeTruthy();
    expect(new Date(tls.validTo ?? "").getTime()).toBeGreaterThan(Date.now());
  });

  it("reports a trusted chain when the certificate is in the given trust store", async () => {
    const tls = await probe(valid.port, { ca: selfSigned.cert });
    expect(tls).toMatchObject({ authorized: true, authorizationError: null, hostnameMatch: true });
  });

  it("reports a host name mismatch", async () => {
    const tls = await probe(valid.port, { hostname: "other.example", ca: selfSigned.cert });
    expect(tls.hostnameMatch).toBe(false);
    expect(tls.authorized).toBe(true); // the chain is fine; the name is not
  });

  it("reports an expired certificate", async () => {
    const tls = await probe(expired.port);
    expect(tls.expired).toBe(true);
    expect(new Date(tls.validTo ?? "").getTime()).toBeLessThan(Date.now());
    expect(tls.authorized).toBe(false);
  });

  it("fails with TlsProbeError within its timeout when the peer never speaks TLS", async () => {
    const started = performance.now();
    await expect(probe(plain.port, { timeoutMs: 500 })).rejects.toBeInstanceOf(TlsProbeError);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("parseHsts", () => {
  it.each([
    ["max-age=31536000; includeSubDomains; preload", { maxAge: 31536000, includeSubDomains: true, preload: true }],
    ['max-age="600"', { maxAge: 600, includeSubDomains: false, preload: false }],
    ["MAX-AGE=0;INCLUDESUBDOMAINS", { maxAge: 0, includeSubDomains: true, preload: false }],
    ["includeSubDomains", null],
    ["max-age=abc", null],
    ["", null],
    [null, null],
  ])("%s", (header, expected) => {
    expect(parseHsts(header)).toEqual(expected);
  });
});
