import { z, type ZodError } from "zod";
import { APPLICATION_STATUSES, CERTIFICATION_TIERS } from "@/lib/core/certification/certification-application";
import type { CertificationIntake } from "@/lib/core/certification/open-certification-application";
import { AppError } from "@/lib/core/errors";
import { plainTextSchema } from "./common";

/** POST /api/v1/certify (docs/certification.md#applying). The legacy fields are accepted and mapped, and documented as deprecated. */
export const certificationRequestSchema = z
  .object({
    server_url: z.url({ protocol: /^https?$/ }).max(2048).describe("URL of the MCP server to certify (http or https). It need not be in the registry yet."),
    tier: z.enum(CERTIFICATION_TIERS).describe("standard needs a latest grade of C or better, premium B or better."),
    contact_email: z.email().max(254).describe("Where the operator reaches the publisher. Never shown publicly."),
    publisher_name: plainTextSchema(200).optional().describe("Earlier form of the payload: publisher name. Kept with the application, never shown publicly."),
    publisher_email: z.email().max(254).optional().meta({ deprecated: true }).describe("Earlier form of the payload: used as contact_email when that is absent."),
  })
  .meta({ id: "CertificationRequest" });

const applicationStatusSchema = z
  .enum(APPLICATION_STATUSES)
  .describe("pending_verification -> verified -> approved | rejected; approved -> expired (365 days) | revoked.");

const nextStepsSchema = z.object({
  statusUrl: z.url().describe("GET this to see the application's status (it also re-checks verification)."),
  steps: z.array(z.string()),
});

export const certificationResponseSchema = z
  .object({
    applicationId: z.uuid(),
    status: applicationStatusSchema,
    server_url: z.url(),
    tier: z.enum(CERTIFICATION_TIERS),
    verification: z.object({
      method: z.literal("well-known"),
      url: z.url().describe("<origin>/.well-known/mcp-trust-verification"),
      token: z.string().describe("Serve this as the body of verification.url (or on a line of its own in it)."),
      instructions: z.string(),
      verified: z.boolean(),
    }),
    payment: z.object({ required: z.literal(true), paid: z.boolean(), note: z.string() }),
    next: nextStepsSchema,
  })
  .meta({ id: "CertificationResponse" });

const isoOrNull = z.iso.datetime().nullable();

export const certificationStatusSchema = z
  .object({
    applicationId: z.uuid(),
    status: applicationStatusSchema,
    server_url: z.url(),
    tier: z.enum(CERTIFICATION_TIERS),
    createdAt: z.iso.datetime(),
    verification: z.object({
      method: z.literal("well-known"),
      url: z.url(),
      verified: z.boolean(),
      verifiedAt: isoOrNull,
      lastCheckedAt: isoOrNull,
      token: z.string().optional().describe("While verification is pending."),
      instructions: z.string().optional().describe("While verification is pending."),
    }),
    payment: z.object({ required: z.literal(true), paid: z.boolean(), note: z.string() }),
    approvedAt: isoOrNull,
    expiresAt: isoOrNull,
    reason: z.string().nullable().describe("The operator's reason, for rejected and revoked applications."),
    statusUrl: z.url(),
  })
  .meta({ id: "CertificationStatus" });

function errorFor(error: ZodError, mappedFrom: string | null): AppError {
  const issue = error.issues[0];
  let field = issue?.path.join(".") || "request";
  if (field === "contact_email" && mappedFrom) field = mappedFrom;
  const message = issue?.code === "invalid_type" && issue.input === undefined ? "required" : (issue?.message ?? "invalid value");
  if (field === "contact_email" && message === "required") {
    return new AppError("invalid_parameter", "contact_email: required (or, in the earlier payload, publisher_email).", { parameter: field });
  }
  if (field === "server_url") return new AppError("invalid_url", `server_url: ${message === "required" ? "required" : "must be an absolute http or https URL"}.`, { parameter: field });
  return new AppError("invalid_parameter", `${field}: ${message}.`, { parameter: field });
}

/**
 * Validates an intake body and maps the earlier payload (publisher_name,
 * publisher_email) onto today's (docs/certification.md#applying). A body with neither email is a 400
 * naming contact_email; a bad server_url is `invalid_url`, the others
 * `invalid_parameter`, each naming its field.
 */
export function parseCertificationRequest(body: unknown): CertificationIntake {
  let input = body;
  let mappedFrom: string | null = null;
  if (body && typeof body === "object" && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    if (record.contact_email === undefined && record.publisher_email !== undefined) {
      input = { ...record, contact_email: record.publisher_email };
      mappedFrom = "publisher_email";
    }
  }
  const result = certificationRequestSchema.safeParse(input);
  if (!result.success) throw errorFor(result.error, mappedFrom);
  return {
    serverUrl: result.data.server_url,
    tier: result.data.tier,
    contactEmail: result.data.contact_email,
    publisherName: result.data.publisher_name?.trim() || null,
  };
}
