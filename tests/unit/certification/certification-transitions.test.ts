import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors";
import { assertApprovable } from "@/lib/core/certification/assert-approvable";
import { APPLICATION_STATUSES, type ApplicationStatus, type CertificationApplication } from "@/lib/core/certification/certification-application";
import { certificationStatusFor } from "@/lib/core/certification/certification-status-for";
import { CERTIFICATION_EVENTS, nextApplicationStatus, type CertificationEvent } from "@/lib/core/certification/certification-transitions";
import type { Grade } from "@/lib/core/grades";

const ALLOWED: Record<CertificationEvent, Partial<Record<ApplicationStatus, ApplicationStatus>>> = {
  verify: { pending_verification: "verified" },
  approve: { verified: "approved" },
  reject: { pending_verification: "rejected", verified: "rejected" },
  revoke: { approved: "revoked" },
  expire: { approved: "expired" },
};

const cases = CERTIFICATION_EVENTS.flatMap((event) => APPLICATION_STATUSES.map((from) => [event, from] as const));

describe("certification state machine", () => {
  it.each(cases.filter(([event, from]) => ALLOWED[event][from]))("%s from %s is allowed", (event, from) => {
    expect(nextApplicationStatus(from, event)).toBe(ALLOWED[event][from]);
  });

  it.each(cases.filter(([event, from]) => !ALLOWED[event][from]))("%s from %s is refused with 409 conflict", (event, from) => {
    let error: unknown;
    try {
      nextApplicationStatus(from, event);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("conflict");
    expect((error as AppError).message).toMatch(new RegExp(`^Cannot ${event} this application: .+\\.$`));
  });

  it("explains the refusals people will actually hit", () => {
    expect(() => nextApplicationStatus("pending_verification", "approve")).toThrow(/not proven control/);
    expect(() => nextApplicationStatus("verified", "revoke")).toThrow(/reject an open application instead/);
    expect(() => nextApplicationStatus("approved", "reject")).toThrow(/revoked, not rejected/);
    expect(() => nextApplicationStatus("expired", "approve")).toThrow(/expired, which is final/);
  });

  it("final states have no way out", () => {
    for (const final of ["rejected", "expired", "revoked"] as const) {
      for (const event of CERTIFICATION_EVENTS) expect(() => nextApplicationStatus(final, event)).toThrow(AppError);
    }
  });
});

function application(overrides: Partial<CertificationApplication> = {}): CertificationApplication {
  const t = new Date("2026-01-01T00:00:00Z");
  return {
    id: "00000000-0000-4000-8000-000000000001",
    serverId: "s",
    serverUrl: "https://a.example/mcp",
    tier: "standard",
    contactEmail: "x@example.com",
    publisherName: null,
    status: "verified",
    verificationToken: "t",
    verifiedAt: t,
    lastVerificationAttemptAt: t,
    paid: true,
    paidAt: t,
    paymentReference: "pi_1",
    approvedAt: null,
    expiresAt: null,
    decisionReason: null,
    version: 2,
    createdAt: t,
    updatedAt: t,
    ...overrides,
  };
}

const server = (grade: Grade | null) => ({ id: "s", url: "https://a.example/mcp", grade, certificationStatus: "none" as const });

describe("approval conditions", () => {
  it("needs payment", () => {
    expect(() => assertApprovable(application({ paid: false }), server("A"))).toThrow(/payment has not been recorded/);
  });

  it("needs a grade", () => {
    expect(() => assertApprovable(application(), server(null))).toThrow(/no grade yet/);
  });

  it.each([
    ["standard", "A", true],
    ["standard", "C", true],
    ["standard", "D", false],
    ["premium", "B", true],
    ["premium", "C", false],
    ["premium", "F", false],
  ] as const)("%s with grade %s: %s", (tier, grade, ok) => {
    const run = () => assertApprovable(application({ tier }), server(grade));
    if (ok) expect(run).not.toThrow();
    else expect(run).toThrow(new RegExp(`latest grade is ${grade}; ${tier} needs [BC] or better`));
  });
});

describe("server certificationStatus from live approvals", () => {
  it("is the highest live tier, or none", () => {
    expect(certificationStatusFor([])).toBe("none");
    expect(certificationStatusFor(["standard"])).toBe("standard");
    expect(certificationStatusFor(["standard", "premium"])).toBe("premium");
    expect(certificationStatusFor(["premium", "standard", "standard"])).toBe("premium");
  });
});
