import SwaggerParser from "@apidevtools/swagger-parser";
import { eq } from "drizzle-orm";
import { servers } from "@/db/schema";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { approveCertification } from "@/lib/core/certification/approve-certification";
import { checkApplicationVerification } from "@/lib/core/certification/check-application-verification";
import { expireDueCertifications } from "@/lib/core/certification/expire-due-certifications";
import { markCertificationPaid } from "@/lib/core/certification/mark-certification-paid";
import { provideAppServices } from "@/lib/services/app-services";
import { certificationResponseSchema, certificationStatusSchema } from "@/lib/schemas/certify";
import * as certifyRoute from "@/app/api/v1/certify/route";
import * as statusRoute from "@/app/api/v1/certify/[applicationId]/route";
import * as adminListRoute from "@/app/api/v1/admin/certifications/route";
import * as adminGetRoute from "@/app/api/v1/admin/certifications/[id]/route";
import * as adminActionRoute from "@/app/api/v1/admin/certifications/[id]/[action]/route";
import * as searchRoute from "@/app/api/v1/search/route";
import * as statsRoute from "@/app/api/v1/stats/route";
import * as serverRoute from "@/app/api/v1/server/[...url]/route";
import * as badgeRoute from "@/app/api/v1/badge/route";
import * as agentRoute from "@/app/.well-known/agent.json/route";
import * as openapiRoute from "@/app/api/v1/openapi.json/route";
import { startHttpFixture, type FixtureHandle } from "../../fixtures/harness/http-fixture";
import { buildScanOutcome } from "../../support/scan-outcome-builder";
import { callRoute, encodeServerUrl } from "../api/call-route";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { recordScanOutcome } from "@/lib/core/registry/record-scan";

const HOUR = 3600_000;
const EMAIL = "security-team@publisher.example";
const LEGACY_EMAIL = "legal@legacy-publisher.example";
const LEGACY_NAME = "Legacy Publisher Ltd";

describe(`certification workflow on ${databaseKind()}`, () => {
  let services: TestServices;
  let origin: FixtureHandle;
  let adminKey: string;
  let adminId: string;
  /** What the publisher's origin serves at /.well-known/mcp-trust-verification (404 when empty). */
  const published: string[] = [];
  const scanIfUnknown = vi.fn(async (_url: string) => {});
  let realScanIfUnknown: ((url: string) => Promise<void>) | undefined;
  const intakeReplies: string[] = [];

  const serverUrl = (path: string) => `http://127.0.0.1:${origin.port}/${path}`;
  const meta = { trigger: "api" as const, fallbackName: "fixture", fallbackPublisher: "publisher" };
  const scanAt = (url: string, score: number) => recordScanOutcome(services.store, buildScanOutcome({ url, score, serverName: `Server ${url}` }), meta);

  async function intake(body: unknown, clientIp = "198.51.100.20"): Promise<Response> {
    const response = await callRoute(certifyRoute.POST, "/api/v1/certify", {
      method: "POST",
      clientIp,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    intakeReplies.push(await response.clone().text());
    return response;
  }
  async function open(path: string, tier: "standard" | "premium" = "standard") {
    const response = await intake({ server_url: serverUrl(path), tier, contact_email: EMAIL });
    expect(response.status).toBe(200);
    return certificationResponseSchema.strict().parse(await response.json());
  }
  const status = (id: string) => callRoute(statusRoute.GET, `/api/v1/certify/${id}`);
  const act = (id: string, action: string, body?: unknown) =>
    callRoute(adminActionRoute.POST, `/api/v1/admin/certifications/${id}/${action}`, {
      method: "POST",
      headers: { "x-api-key": adminKey, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const serverOf = async (url: string) => (await services.store.findServerByUrl(url))!;
  const audit = async (id: string) => (await services.certification.store.listAudit(id)).map((a) => [a.fromStatus, a.toStatus, a.actor]);

  /** Opens, verifies (through the origin) and marks paid: the state an operator approves from. */
  async function readyForApproval(path: string, tier: "standard" | "premium") {
    const reply = await open(path, tier);
    published.push(reply.verification.token);
    const application = (await services.certification.store.getApplication(reply.applicationId))!;
    expect((await checkApplicationVerification(services.certification, application, { force: true })).verified).toBe(true);
    expect((await act(reply.applicationId, "mark-paid", { paymentReference: `pi_${path}_${tier}` })).status).toBe(200);
    return reply.applicationId;
  }

  beforeAll(async () => {
    origin = await startHttpFixture((req, res) => {
      if (req.url === "/.well-known/mcp-trust-verification" && published.length > 0) {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end(`# tokens\n${published.join("\n")}\n`);
        return;
      }
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    });
    services = await openTestServices(
      { BASE_URL: "https://trust.example.org" },
      {
        // Loopback only: the verification fetch goes through the scanner's guard with the scanner's policy.
        scan: { allowPrivateTargets: false, allowedRanges: ["127.0.0.0/8"], deadlineMs: 5000 },
        rateLimiter: { policy: { certify: { limit: 10_000, windowMs: HOUR }, read: { limit: 10_000, windowMs: HOUR } } },
      },
    );
    provideAppServices(services);
    realScanIfUnknown = services.certification.scanIfUnknown;
    services.certification.scanIfUnknown = scanIfUnknown;
    const admin = await createApiKey(services.apiKeys, { name: "operator", scope: "admin" });
    adminKey = admin.key;
    adminId = admin.record.id;
  });
  afterAll(async () => {
    await services?.close();
    await origin?.close();
  });
  afterEach(() => vi.useRealTimers());

  // The application's shape: docs/certification.md#applying.
  it("opens an application for a server the registry does not know, in the documented shape", async () => {
    const url = serverUrl("unknown-a");
    const reply = await open("unknown-a/");
    expect(scanIfUnknown).toHaveBeenCalledWith(url);
    expect(reply).toMatchObject({
      status: "pending_verification",
      server_url: url,
      tier: "standard",
      verification: { method: "well-known", url: `http://127.0.0.1:${origin.port}/.well-known/mcp-trust-verification`, verified: false },
      payment: { required: true, paid: false },
      next: { statusUrl: `https://trust.example.org/api/v1/certify/${reply.applicationId}` },
    });
    expect(reply.verification.token).toMatch(/^mtr-verify-[A-Za-z0-9_-]{32}$/);
    const server = await serverOf(url);
    expect(server).toMatchObject({ listed: false, certificationStatus: "none" });
    const [row] = await services.database.db.select({ source: servers.source }).from(servers).where(eq(servers.url, url));
    expect(row.source).toBe("certify");
    expect(await audit(reply.applicationId)).toEqual([[null, "pending_verification", "publisher"]]);
    // Unlisted: not in public search.
    const search = await (await callRoute(searchRoute.GET, "/api/v1/search?q=unknown-a")).json();
    expect(search.total).toBe(0);
  });

  it("does not scan a server the registry already has a verdict for", async () => {
    await scanAt(serverUrl("known"), 85);
    scanIfUnknown.mockClear();
    await open("known");
    expect(scanIfUnknown).not.toHaveBeenCalled();
  });

  it("answers the open application to a second intake, and a new one for the other tier", async () => {
    const first = await open("dup");
    const second = await open("dup");
    expect(second.applicationId).toBe(first.applicationId);
    expect(second.verification.token).toBe(first.verification.token);
    const premium = await open("dup", "premium");
    expect(premium.applicationId).not.toBe(first.applicationId);
  });

  it("keeps one open application under concurrent intakes (the partial unique index decides)", async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, () => open("race-intake", "premium")));
    expect(new Set(replies.map((r) => r.applicationId)).size).toBe(1);
    const server = await serverOf(serverUrl("race-intake"));
    const rows = await services.certification.store.listApplications({ limit: 500 });
    expect(rows.filter((r) => r.serverId === server.id)).toHaveLength(1);
  });

  it("accepts the earlier payload and refuses bad ones with the field named", async () => {
    const legacy = await intake({ server_url: serverUrl("legacy"), tier: "standard", publisher_name: LEGACY_NAME, publisher_email: LEGACY_EMAIL });
    expect(legacy.status).toBe(200);
    const { applicationId } = certificationResponseSchema.parse(await legacy.json());
    const stored = (await services.certification.store.getApplication(applicationId))!;
    expect(stored).toMatchObject({ contactEmail: LEGACY_EMAIL, publisherName: LEGACY_NAME });

    const refusals: [unknown, number, string, RegExp][] = [
      [{ server_url: serverUrl("x"), tier: "standard", publisher_name: LEGACY_NAME }, 400, "invalid_parameter", /^contact_email: required/],
      [{ server_url: "javascript:alert(1)", tier: "standard", contact_email: EMAIL }, 400, "invalid_url", /^server_url/],
      [{ server_url: "https://user:pw@a.example/mcp", tier: "standard", contact_email: EMAIL }, 400, "invalid_url", /^server_url/],
      [{ server_url: serverUrl("x"), tier: "platinum", contact_email: EMAIL }, 400, "invalid_parameter", /^tier/],
      [{ server_url: serverUrl("x"), tier: "standard", contact_email: "nope" }, 400, "invalid_parameter", /^contact_email/],
      [{ server_url: serverUrl("x"), tier: "standard", contact_email: EMAIL, publisher_name: "x".repeat(17_000) }, 413, "payload_too_large", /16384 bytes/],
      // PostgreSQL refuses NUL in text: a 400 naming the field, never a 500.
      [{ server_url: serverUrl("x"), tier: "standard", contact_email: EMAIL, publisher_name: "Acme\u0000Corp" }, 400, "invalid_parameter", /^publisher_name: must be plain text/],
      [{ server_url: serverUrl("x"), tier: "standard", contact_email: EMAIL, publisher_name: "Acme \ud800" }, 400, "invalid_parameter", /^publisher_name/],
    ];
    for (const [body, code, error, message] of refusals) {
      const response = await intake(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(code);
      const json = await response.json();
      expect(json.error).toBe(error);
      expect(json.message).toMatch(message);
    }
    const wrongType = await callRoute(certifyRoute.POST, "/api/v1/certify", { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" });
    expect(wrongType.status).toBe(400);
    expect((await callRoute(certifyRoute.GET, "/api/v1/certify")).status).toBe(405);
  });

  it("verifies through the origin on the status page and on re-intake, at most every 30 s", async () => {
    const reply = await open("verify-me");
    const before = origin.requests.length;
    const pending = certificationStatusSchema.strict().parse(await (await status(reply.applicationId)).json());
    expect(pending).toMatchObject({ status: "pending_verification", verification: { verified: false, token: reply.verification.token } });
    expect(pending.verification.lastCheckedAt).not.toBeNull();
    expect(origin.requests.length).toBe(before + 1);
    expect(origin.requests.at(-1)).toMatchObject({ method: "GET", path: "/.well-known/mcp-trust-verification" });

    // Published now, but the last check was a moment ago: no new fetch, still pending.
    published.push(reply.verification.token);
    expect((await (await status(reply.applicationId)).json()).status).toBe("pending_verification");
    expect(origin.requests.length).toBe(before + 1);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 31_000);
    const verified = certificationStatusSchema.strict().parse(await (await status(reply.applicationId)).json());
    expect(verified).toMatchObject({ status: "verified", verification: { verified: true } });
    expect(verified.verification).not.toHaveProperty("token");
    expect(await audit(reply.applicationId)).toEqual([
      [null, "pending_verification", "publisher"],
      ["pending_verification", "verified", "system"],
    ]);

    // Re-intake is the other way a publisher says "done".
    const other = await open("verify-me-too");
    published.push(other.verification.token);
    const again = await open("verify-me-too");
    expect(again).toMatchObject({ applicationId: other.applicationId, status: "verified", verification: { verified: true } });
  });

  it("fetches the verification document only through the target guard", async () => {
    const reply = await open("guarded");
    const application = (await services.certification.store.getApplication(reply.applicationId))!;
    // The same application, pointed at a private address the policy does not allow.
    const check = await checkApplicationVerification(
      { ...services.certification },
      { ...application, serverUrl: "http://10.1.2.3/mcp" },
      { force: true },
    );
    expect(check).toMatchObject({ checked: true, verified: false });
    expect(check.detail).toMatch(/not allowed.*private/);
  });

  it("walks an application through every operator transition, refusing the impossible ones", async () => {
    const url = serverUrl("walk");
    await scanAt(url, 70); // grade C: enough for standard, not for premium
    const reply = await open("walk", "premium");
    const id = reply.applicationId;

    const refuse = async (action: string, body: unknown, pattern: RegExp) => {
      const response = await act(id, action, body);
      expect(response.status, `${action}`).toBe(409);
      const json = await response.json();
      expect(json.error).toBe("conflict");
      expect(json.message).toMatch(pattern);
    };
    await refuse("approve", undefined, /not proven control/);
    await refuse("revoke", { reason: "x" }, /only an approved certification can be revoked/);

    published.push(reply.verification.token);
    await checkApplicationVerification(services.certification, (await services.certification.store.getApplication(id))!, { force: true });
    await refuse("approve", undefined, /payment has not been recorded/);
    const paid = await act(id, "mark-paid", { paymentReference: "pi_123" });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ paid: true, paymentReference: "pi_123", status: "verified", contactEmail: EMAIL });
    expect((await act(id, "mark-paid", { paymentReference: "pi_123" })).status).toBe(200); // idempotent
    await refuse("mark-paid", { paymentReference: "pi_other" }, /already marked paid/);
    await refuse("approve", undefined, /latest grade is C; premium needs B or better/);

    await scanAt(url, 86);
    const approved = await act(id, "approve");
    expect(approved.status).toBe(200);
    const body = await approved.json();
    expect(body.status).toBe("approved");
    expect(new Date(body.expiresAt).getTime() - new Date(body.approvedAt).getTime()).toBe(365 * 24 * HOUR);
    expect((await serverOf(url)).certificationStatus).toBe("premium");
    const profile = await (await callRoute(serverRoute.GET, `/api/v1/server/${encodeServerUrl(url)}`)).json();
    expect(profile.certificationStatus).toBe("premium");

    await refuse("approve", undefined, /already approved/);
    await refuse("reject", { reason: "x" }, /revoked, not rejected/);
    await refuse("mark-paid", { paymentReference: "pi_9" }, /closed/);
    const noReason = await act(id, "revoke", {});
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).message).toMatch(/^reason: required/);
    const revoked = await act(id, "revoke", { reason: "Tool descriptions now carry hidden instructions." });
    expect(revoked.status).toBe(200);
    expect((await serverOf(url)).certificationStatus).toBe("none");
    await refuse("approve", undefined, /revoked, which is final/);
    await refuse("revoke", { reason: "again" }, /already revoked/);

    const actor = `key:${adminId}`;
    expect(await audit(id)).toEqual([
      [null, "pending_verification", "publisher"],
      ["pending_verification", "verified", "system"],
      ["verified", "verified", actor],
      ["verified", "approved", actor],
      ["approved", "revoked", actor],
    ]);
    const publicView = await (await status(id)).json();
    expect(publicView).toMatchObject({ status: "revoked", reason: "Tool descriptions now carry hidden instructions." });

    expect((await act(id, "promote")).status).toBe(404);
    expect((await act("not-a-uuid", "approve")).status).toBe(404);
    expect((await act("00000000-0000-4000-8000-000000000000", "approve")).status).toBe(404);
  });

  it("rejects from pending and from verified, which frees the slot for a new application", async () => {
    const pending = await open("reject-pending");
    expect((await act(pending.applicationId, "reject", { reason: "Not an MCP server." })).status).toBe(200);
    const verifiedId = await readyForApproval("reject-verified", "standard");
    const rejected = await act(verifiedId, "reject", { reason: "Duplicate of another listing." });
    expect(await rejected.json()).toMatchObject({ status: "rejected", decisionReason: "Duplicate of another listing." });
    const fresh = await open("reject-pending");
    expect(fresh.applicationId).not.toBe(pending.applicationId);
    expect(fresh.status).toBe("pending_verification");
  });

  it("keeps the server's certification at its highest live approval", async () => {
    const url = serverUrl("two-tiers");
    await scanAt(url, 95);
    const standard = await readyForApproval("two-tiers", "standard");
    const premium = await readyForApproval("two-tiers", "premium");
    await act(standard, "approve");
    expect((await serverOf(url)).certificationStatus).toBe("standard");
    await act(premium, "approve");
    expect((await serverOf(url)).certificationStatus).toBe("premium");
    await act(premium, "revoke", { reason: "Downgraded at the publisher's request." });
    expect((await serverOf(url)).certificationStatus).toBe("standard");
    await act(standard, "revoke", { reason: "Closed." });
    expect((await serverOf(url)).certificationStatus).toBe("none");
  });

  it("expires approvals after 365 days, lazily on read and in bulk", async () => {
    const url = serverUrl("expiring");
    await scanAt(url, 90);
    const lazy = await readyForApproval("expiring", "premium");
    const bulk = await readyForApproval("expiring", "standard");
    const longAgo = new Date(Date.now() - 366 * 24 * HOUR);
    await approveCertification(services.certification.store, lazy, "key:test", longAgo);
    await approveCertification(services.certification.store, bulk, "key:test", new Date(longAgo.getTime() + 1000));
    const read = certificationStatusSchema.parse(await (await status(lazy)).json());
    expect(read.status).toBe("expired");
    expect((await serverOf(url)).certificationStatus).toBe("none");
    expect(await expireDueCertifications(services.certification.store)).toBe(1);
    expect((await services.certification.store.getApplication(bulk))!.status).toBe("expired");
    expect((await audit(lazy)).at(-1)).toEqual(["approved", "expired", "system"]);
    expect(await expireDueCertifications(services.certification.store)).toBe(0);
  });

  it("gives operators the queue with contact data, publishers nothing of it", async () => {
    const list = await callRoute(adminListRoute.GET, "/api/v1/admin/certifications?status=verified&limit=50", { headers: { "x-api-key": adminKey } });
    expect(list.status).toBe(200);
    const { applications } = await list.json();
    expect(applications.length).toBeGreaterThan(0);
    expect(applications.every((a: { status: string; contactEmail: string }) => a.status === "verified" && a.contactEmail === EMAIL)).toBe(true);
    const bad = await callRoute(adminListRoute.GET, "/api/v1/admin/certifications?status=done", { headers: { "x-api-key": adminKey } });
    expect(bad.status).toBe(400);
    const one = await callRoute(adminGetRoute.GET, `/api/v1/admin/certifications/${applications[0].id}`, { headers: { "x-api-key": adminKey } });
    expect((await one.json()).audit.length).toBeGreaterThan(0);
    const anonymous = await callRoute(adminGetRoute.GET, `/api/v1/admin/certifications/${applications[0].id}`);
    expect(anonymous.status).toBe(401);
  });

  // docs/certification.md#applying
  it("scans an unknown server at intake through the real wiring", async () => {
    services.certification.scanIfUnknown = realScanIfUnknown;
    try {
      const url = serverUrl("scanned-at-intake");
      await open("scanned-at-intake");
      const server = await serverOf(url);
      const scans = await services.store.listScans(server.id, 5);
      expect(scans.map((s) => s.trigger)).toEqual(["certify"]);
    } finally {
      services.certification.scanIfUnknown = scanIfUnknown;
    }
  });

  it("never shows the contact email or publisher name in a public reply", async () => {
    // Make every server with an application public, so search, stats, profiles, reports and badges show them.
    const applications = await services.certification.store.listApplications({ limit: 500 });
    const urls = [...new Set(applications.map((a) => a.serverUrl))];
    for (const url of urls) await scanAt(url, 88);
    services.stats.invalidate();
    const replies: string[] = [...intakeReplies];
    const get = async (handler: (r: Request) => Promise<Response>, path: string) => {
      const response = await callRoute(handler, path);
      expect(response.status, path).toBeLessThan(500);
      replies.push(await response.text());
    };
    await get(searchRoute.GET, "/api/v1/search?limit=50");
    await get(searchRoute.GET, "/api/v1/search?q=127.0.0.1&limit=50");
    await get(searchRoute.GET, "/api/v1/search?q=publisher&limit=50");
    await get(statsRoute.GET, "/api/v1/stats");
    await get(agentRoute.GET, "/.well-known/agent.json");
    await get(openapiRoute.GET, "/api/v1/openapi.json");
    for (const url of urls) {
      await get(serverRoute.GET, `/api/v1/server/${encodeServerUrl(url)}`);
      await get(serverRoute.GET, `/api/v1/server/${encodeServerUrl(url)}/report`);
      await get(serverRoute.GET, `/api/v1/server/${encodeServerUrl(url)}/badge`);
      await get(badgeRoute.GET, `/api/v1/badge?url=${encodeURIComponent(url)}`);
    }
    for (const application of applications) await get(statusRoute.GET, `/api/v1/certify/${application.id}`);
    expect(replies.length).toBeGreaterThan(applications.length + 4 * urls.length);
    const everything = replies.join("\n");
    for (const secret of [EMAIL, LEGACY_EMAIL, LEGACY_NAME, "publisher.example", "legacy-publisher"]) {
      expect(everything.includes(secret), secret).toBe(false);
    }
  });

  it("documents the certify endpoints in OpenAPI, the operator's behind an API key", async () => {
    const doc = await (await callRoute(openapiRoute.GET, "/api/v1/openapi.json")).json();
    await SwaggerParser.validate(structuredClone(doc));
    expect(doc.paths).toHaveProperty(["/api/v1/certify"]);
    expect(doc.paths).toHaveProperty(["/api/v1/certify/{applicationId}"]);
    expect(doc.paths["/api/v1/admin/certifications"].get.security).toEqual([{ apiKey: [] }]);
    const request = doc.components.schemas.CertificationRequest;
    expect(request.required).toEqual(expect.arrayContaining(["server_url", "tier", "contact_email"]));
    expect(request.properties.server_url.format).toBe("uri");
    expect(request.properties.contact_email.format).toBe("email");
    expect(request.properties.publisher_email.deprecated).toBe(true);
    expect(doc.components.schemas).toHaveProperty("CertificationResponse");
    expect(doc.components.schemas).toHaveProperty("CertificationStatus");
    expect(doc.paths["/api/v1/certify"].post.responses).toHaveProperty("429");
  });

  it("marks paid idempotently through the use case too", async () => {
    const id = (await open("paid-twice")).applicationId;
    const first = await markCertificationPaid(services.certification.store, id, "key:x", "pi_same");
    const second = await markCertificationPaid(services.certification.store, id, "key:x", "pi_same");
    expect(second.version).toBe(first.version);
  });
});
