import { z } from "zod";
import { ERROR_CODES } from "@/lib/core/errors";
import { CERTIFICATION_STATUSES, GRADES, TRUST_LABELS } from "@/lib/core/grades";

/**
 * The core declares what its use cases return and never imports these
 * schemas; where a schema describes one of those types on the wire, its
 * module checks at compile time that the two are the same type:
 * `type _Agree = Expect<IsSameType<z.infer<typeof schema>, CoreType>>;`
 * stops compiling when either drifts.
 */
export type IsSameType<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export type Expect<T extends true> = T;

/** The schemas every resource shares. `.meta({ id })` makes them named OpenAPI components. */
export const gradeSchema = z.enum(GRADES).describe("Letter grade from the trust score (A 90-100, B 80-89, C 60-79, D 40-59, F 0-39), after caps.");
export const trustLabelSchema = z.enum(TRUST_LABELS).describe("Tier of the trust score.");
export const certificationStatusSchema = z.enum(CERTIFICATION_STATUSES).describe("Certification state of the server.");

export const errorResponseSchema = z
  .object({
    error: z.enum(ERROR_CODES).describe("Stable machine-readable error code."),
    message: z.string().describe("What went wrong, for people."),
  })
  .meta({ id: "ErrorResponse" });

/**
 * Free text a person types into a form field that is stored: no control
 * characters (PostgreSQL refuses NUL in text, and the rest have no place in
 * a name) and no lone surrogates (not UTF-8). Refused with a 400 naming the
 * field rather than cleaned, since the person can fix it.
 */
export const plainTextSchema = (maxChars: number) =>
  z
    .string()
    .max(maxChars)
    .refine((text) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) && text.isWellFormed(), "must be plain text, without control characters");
