import { z } from "zod";
import { GRADES } from "@/lib/core/grades";
import { DEFAULT_LIMIT, MAX_LIMIT } from "@/lib/core/registry/subregistry/subregistry-api";

/**
 * Query parameters of the subregistry's routes (/v0.1, the official MCP
 * Registry's read API) and our one addition, `min_grade`.
 */
const booleanParam = z
  .enum(["true", "false"], { error: "must be true or false" })
  .optional()
  .transform((v) => v === "true");

const minGrade = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(GRADES, { error: `must be one of ${GRADES.join(", ")}` }))
  .optional();

export const listServersParamsSchema = z.object({
  cursor: z.string().min(1).max(1000).optional(),
  limit: z.coerce
    .number({ error: "must be a whole number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(MAX_LIMIT, { error: `must be at most ${MAX_LIMIT}` })
    .default(DEFAULT_LIMIT),
  search: z.string().max(200).optional(),
  updated_since: z.iso
    .datetime({ offset: true, error: "must be an RFC 3339 date-time, e.g. 2025-08-07T13:15:04.280Z" })
    .transform((v) => new Date(v))
    .optional(),
  version: z.string().min(1).max(255).optional(),
  include_deleted: booleanParam,
  min_grade: minGrade,
});

export const detailParamsSchema = z.object({
  include_deleted: booleanParam,
  min_grade: minGrade,
});
