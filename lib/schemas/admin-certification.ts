import { z } from "zod";
import { APPLICATION_STATUSES, CERTIFICATION_TIERS } from "@/lib/core/certification/certification-application";

/**
 * The operator's certification API (approval, rejection, revocation and
 * recorded payment, with an API key of scope admin;
 * docs/certification.md#who-may-do-what), as
 * lib/core/certification/application-views.ts (toAdminApplication) shows an
 * application. Documentation and tests only: the routes read their few
 * body fields themselves (operator-note.ts validates them).
 */
const isoOrNull = z.iso.datetime().nullable();
const applicationStatusSchema = z.enum(APPLICATION_STATUSES);

export const adminCertificationApplicationSchema = z
  .object({
    id: z.uuid(),
    serverId: z.string(),
    serverUrl: z.string(),
    tier: z.enum(CERTIFICATION_TIERS),
    status: applicationStatusSchema,
    contactEmail: z.string().describe("The publisher's contact; shown to operators only."),
    publisherName: z.string().nullable(),
    verifiedAt: isoOrNull,
    lastVerificationAttemptAt: isoOrNull,
    paid: z.boolean(),
    paidAt: isoOrNull,
    paymentReference: z.string().nullable(),
    approvedAt: isoOrNull,
    expiresAt: isoOrNull,
    decisionReason: z.string().nullable(),
    version: z.number().int().describe("Grows by one with every change (optimistic concurrency)."),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    audit: z
      .array(
        z.object({
          version: z.number().int().nullable().describe("The application's version after the change (null on rows written before it was recorded)."),
          actor: z.string().describe("`key:<id>` of the operator's key, or `system`."),
          at: z.iso.datetime(),
          from: applicationStatusSchema.nullable(),
          to: applicationStatusSchema,
          reason: z.string().nullable(),
        }),
      )
      .optional()
      .describe("Every transition, oldest first. Present on single-application replies, absent from lists."),
  })
  .meta({ id: "AdminCertificationApplication" });

export const adminCertificationListSchema = z
  .object({ applications: z.array(adminCertificationApplicationSchema).describe("Newest first.") })
  .meta({ id: "AdminCertificationList" });

export const adminReasonRequestSchema = z
  .object({ reason: z.string().max(500).describe("Required, at most 500 characters after trimming, no control characters. Recorded in the audit trail.") })
  .meta({ id: "AdminReasonRequest" });

export const adminPaymentRequestSchema = z
  .object({ paymentReference: z.string().max(200).describe("The payment processor's reference, at most 200 characters. Marking the same reference twice is a no-op.") })
  .meta({ id: "AdminPaymentRequest" });
