import { z } from "zod";

/**
 * The only reader of process.env. Parsed once; a bad value stops start-up
 * with a message that names the variable.
 */
const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .default("false")
  .transform((v) => v === "true" || v === "1");
/** The same, on by default. */
const booleanFlagOn = z
  .enum(["true", "false", "1", "0", ""])
  .default("true")
  .transform((v) => v !== "false" && v !== "0");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number({ error: "must be a whole number" }).int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATABASE_URL: z
      .string()
      .refine((url) => /^postgres(ql)?:\/\//.test(url) && URL.canParse(url), "must be a valid postgres:// or postgresql:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    PGLITE_DIR: z.string().min(1).default("./.data/pglite"),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    UPSTASH_REDIS_REST_URL: z.url().optional().or(z.literal("").transform(() => undefined)),
    UPSTASH_REDIS_REST_TOKEN: z.string().optional(),
    SCAN_ALLOW_PRIVATE_TARGETS: booleanFlag,
    TRUSTED_PROXY_COUNT: z.coerce.number({ error: "must be a whole number" }).int().min(0).max(10).default(0),
    SCAN_DEADLINE_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
    SCAN_MAX_CONCURRENT: z.coerce.number().int().min(1).max(64).default(4),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // On SIGTERM/SIGINT, how long in-flight requests (a synchronous scan among them) may take to finish.
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(25_000),
    // Assessment jobs (docs/jobs.md): does the app work the queue itself (always on the embedded database)?
    JOBS_IN_PROCESS: booleanFlagOn,
    // Jobs the app works at once in its own process.
    JOB_CONCURRENCY: z.coerce.number({ error: "must be a whole number" }).int().min(1).max(32).default(1),
    // Where package assessments fetch npm packages (docs/package-assessment.md#fetch-fetch-packagets); unset: the registry npm itself is configured with.
    NPM_REGISTRY_URL: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
      z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    ),
    // When stale verdicts are queued for rescanning: a cron expression (5 or 6 fields, UTC), or "off".
    RESCAN_CRON: z
      .string()
      .trim()
      .regex(/^(off|(\S+\s+){4,5}\S+)$/, 'must be a cron expression of 5 or 6 fields, or "off"')
      .default("0 * * * *"),
    // The subregistry (/v0.1) lists only servers assessed at this grade or better (docs/subregistry.md).
    SUBREGISTRY_MIN_GRADE: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.enum(["A", "B", "C", "D", "F"], { error: "must be one of A, B, C, D, F" }).optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.UPSTASH_REDIS_REST_URL) !== Boolean(env.UPSTASH_REDIS_REST_TOKEN)) {
      ctx.addIssue({
        code: "custom",
        path: [env.UPSTASH_REDIS_REST_URL ? "UPSTASH_REDIS_REST_TOKEN" : "UPSTASH_REDIS_REST_URL"],
        message: "UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN go together",
      });
    }
  });

export type AppConfig = Omit<z.infer<typeof envSchema>, "BASE_URL"> & { BASE_URL: string };

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Parses an environment; exported for tests. Throws ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "(environment)"}: ${issue.message}`);
    // One bad variable, one line; several, one line each.
    throw new ConfigError(problems.length === 1 ? `Invalid configuration: ${problems[0]}` : `Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
  const parsed = result.data;
  const baseUrl = (parsed.BASE_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, "");
  return { ...parsed, BASE_URL: baseUrl };
}

let cached: AppConfig | undefined;

/** The process's configuration, parsed on first use. */
export function config(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}
