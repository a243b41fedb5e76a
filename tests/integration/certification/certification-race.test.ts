import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveCertification } from "@/lib/core/certification/approve-certification";
import { SYSTEM_ACTOR, type ApplicationStatus, type CertificationTier } from "@/lib/core/certification/certification-application";
import { CERTIFICATION_TRANSITIONS, nextApplicationStatus } from "@/lib/core/certification/certification-transitions";
import { expireCertification } from "@/lib/core/certification/expire-certification";
import { markCertificationPaid } from "@/lib/core/certification/mark-certification-paid";
import { rejectCertification } from "@/lib/core/certification/reject-certification";
import { revokeCertification } from "@/lib/core/certification/revoke-certification";
import { AppError } from "@/lib/core/errors";
import { buildScanOutcome } from "../../support/scan-outcome-builder";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { recordScanOutcome } from "@/lib/core/registry/record-scan";

/**
 * Operators racing each other (docs/certification.md#states-and-transitions): whatever the interleaving, the
 * application and the server's certificationStatus agree, the loser gets a
 * 409, and the audit trail is a path through the transition table. On
 * PostgreSQL (TEST_DATABASE_URL) the two transactions really run at once on
 * two connections; on PGlite they are serialised by the driver.
 */
const ROUNDS = 20;
const ALLOWED = new Set(Object.values(CERTIFICATION_TRANSITIONS).flatMap((t) => t.from.map((from) => `${from}->${t.to}`)));

type Outcome = { ok: true; status: ApplicationStatus } | { ok: false; code: string };
const settle = (p: Promise<{ status: ApplicationStatus }>): Promise<Outcome> =>
  p.then(
    (a) => ({ ok: true, status: a.status }),
    (e: unknown) => {
      if (e instanceof AppError) return { ok: false, code: e.code };
      throw e;
    },
  );

describe(`certification races on ${databaseKind()}`, () => {
  let services: TestServices;
  let serial = 0;

  beforeAll(async () => {
    services = await openTestServices();
  });
  afterAll(async () => services?.close());

  const store = () => services.certification.store;

  /** A server graded A with one application per tier, verified and paid. */
  async function setUp(tiers: CertificationTier[] = ["premium"]) {
    const url = `https://race-${++serial}.example/mcp`;
    const { server } = await recordScanOutcome(services.store, buildScanOutcome({ url, score: 95 }), { trigger: "api", fallbackName: "r", fallbackPublisher: "r" });
    const ids: string[] = [];
    for (const tier of tiers) {
      const { application } = await store().openApplication(
        { serverId: server.id, serverUrl: url, tier, contactEmail: "r@r.example", publisherName: null, verificationToken: `t-${serial}-${tier}` },
        { actor: "publisher", reason: null },
      );
      await store().changeApplication(application.id, ({ application: a }) => ({ status: nextApplicationStatus(a.status, "verify"), set: { verifiedAt: new Date() }, audit: { actor: SYSTEM_ACTOR, reason: "test" } }), new Date());
      await markCertificationPaid(store(), application.id, "key:setup", `pi_${serial}_${tier}`);
      ids.push(application.id);
    }
    return { url, ids };
  }

  async function expectConsistent(url: string) {
    const server = (await services.store.findServerByUrl(url))!;
    const applications = (await store().listApplications({ limit: 500 })).filter((a) => a.serverId === server.id);
    const live = applications.filter((a) => a.status === "approved" && a.expiresAt! > new Date()).map((a) => a.tier);
    const expected = live.includes("premium") ? "premium" : live.includes("standard") ? "standard" : "none";
    expect(server.certificationStatus).toBe(expected);
    for (const application of applications) {
      const trail = await store().listAudit(application.id);
      expect(trail[0].fromStatus).toBeNull();
      for (let i = 1; i < trail.length; i++) {
        expect(trail[i].fromStatus, "each audit row starts where the previous ended").toBe(trail[i - 1].toStatus);
        const step = `${trail[i].fromStatus}->${trail[i].toStatus}`;
        if (trail[i].fromStatus !== trail[i].toStatus) expect(ALLOWED.has(step), step).toBe(true);
      }
      expect(trail.at(-1)!.toStatus).toBe(application.status);
      expect(trail.map((t) => t.applicationVersion)).toEqual(trail.map((_, i) => i));
      expect(application.version).toBe(trail.length - 1);
    }
  }

  it(`approve vs revoke, ${ROUNDS} times: both orders end consistent`, async () => {
    const seen = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const { url, ids: [id] } = await setUp();
      const [approve, revoke] = await Promise.all([
        settle(approveCertification(store(), id, "key:alice")),
        settle(revokeCertification(store(), id, "key:bob", "racing")),
      ]);
      expect(approve).toEqual({ ok: true, status: "approved" });
      const final = (await store().getApplication(id))!.status;
      if (revoke.ok) {
        expect(final).toBe("revoked");
      } else {
        expect(revoke).toEqual({ ok: false, code: "conflict" });
        expect(final).toBe("approved");
      }
      seen.add(final);
      await expectConsistent(url);
    }
    expect([...seen].every((s) => s === "approved" || s === "revoked")).toBe(true);
  });

  it(`approve vs reject, ${ROUNDS} times: exactly one wins`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { url, ids: [id] } = await setUp();
      const outcomes = await Promise.all([settle(approveCertification(store(), id, "key:alice")), settle(rejectCertification(store(), id, "key:bob", "no"))]);
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
      expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, code: "conflict" }]);
      const winner = outcomes.find((o) => o.ok) as { status: ApplicationStatus };
      expect((await store().getApplication(id))!.status).toBe(winner.status);
      await expectConsistent(url);
    }
  });

  it(`two tiers approved and revoked at once, ${ROUNDS} times: the server shows the highest live one`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { url, ids: [standard, premium] } = await setUp(["standard", "premium"]);
      await Promise.all([approveCertification(store(), standard, "key:a"), approveCertification(store(), premium, "key:b")]);
      expect((await services.store.findServerByUrl(url))!.certificationStatus).toBe("premium");
      await Promise.all([settle(revokeCertification(store(), premium, "key:a", "x")), settle(approveCertification(store(), standard, "key:b"))]);
      expect((await services.store.findServerByUrl(url))!.certificationStatus).toBe("standard");
      await expectConsistent(url);
    }
  });

  it(`revoke vs expiry, ${ROUNDS} times: one closes it, the other does nothing`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { url, ids: [id] } = await setUp();
      await approveCertification(store(), id, "key:alice", new Date(Date.now() - 366 * 24 * 3600_000));
      const [revoke, expire] = await Promise.all([settle(revokeCertification(store(), id, "key:bob", "x")), expireCertification(store(), id, new Date())]);
      const final = (await store().getApplication(id))!.status;
      expect(["revoked", "expired"]).toContain(final);
      if (final === "expired") expect(revoke).toEqual({ ok: false, code: "conflict" });
      else expect(expire!.status).toBe("revoked");
      await expectConsistent(url);
    }
  });

  it(`concurrent double approval, ${ROUNDS} times: one audit row, one 409`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { url, ids: [id] } = await setUp();
      const outcomes = await Promise.all([settle(approveCertification(store(), id, "key:a")), settle(approveCertification(store(), id, "key:b"))]);
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
      expect((await store().listAudit(id)).filter((a) => a.toStatus === "approved")).toHaveLength(1);
      await expectConsistent(url);
    }
  });
});
