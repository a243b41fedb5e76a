import { z } from "zod";
import { normalizeRepositoryUrl, sameRepository } from "./repository-url";

/**
 * npm provenance: the registry's attestations for a version
 * (`/-/npm/v1/attestations/<name>@<version>`) hold sigstore bundles whose
 * DSSE payload (base64 in-toto statement) carries a SLSA provenance
 * predicate naming the source repository the build ran from. The signature is
 * not verified here (that needs the sigstore trust root); the source
 * repository is read and compared with the declared one. Pure.
 */

const SLSA_TYPES = ["https://slsa.dev/provenance/v1", "https://slsa.dev/provenance/v0.2"];

const attestationsSchema = z.object({
  attestations: z
    .array(
      z.object({
        predicateType: z.string().optional().catch(undefined),
        bundle: z
          .object({ dsseEnvelope: z.object({ payload: z.string().max(5_000_000) }).optional().catch(undefined) })
          .optional()
          .catch(undefined),
      }),
    )
    .max(20),
});

const statementSchema = z.object({
  predicateType: z.string().optional().catch(undefined),
  predicate: z.unknown(),
});

function at(value: unknown, ...keys: (string | number)[]): unknown {
  let current = value;
  for (const key of keys) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** The source repository a SLSA predicate names (v1 workflow repository or first resolved dependency; v0.2 config source). */
export function sourceRepositoryOf(predicate: unknown): string | null {
  const candidates = [
    at(predicate, "buildDefinition", "externalParameters", "workflow", "repository"),
    at(predicate, "buildDefinition", "resolvedDependencies", 0, "uri"),
    at(predicate, "invocation", "configSource", "uri"),
  ];
  for (const c of candidates) if (typeof c === "string" && normalizeRepositoryUrl(c)) return normalizeRepositoryUrl(c);
  return null;
}

/** The provenance evidence from an attestations document, or null when it holds no SLSA provenance. */
export function readProvenance(body: unknown, declaredRepository: string | null): { sourceRepository: string | null; matchesDeclared: boolean } | null {
  const parsed = attestationsSchema.safeParse(body);
  if (!parsed.success) return null;
  for (const attestation of parsed.data.attestations) {
    const payload = attestation.bundle?.dsseEnvelope?.payload;
    if (!payload) continue;
    let statement: z.infer<typeof statementSchema>;
    try {
      const result = statementSchema.safeParse(JSON.parse(Buffer.from(payload, "base64").toString("utf8")));
      if (!result.success) continue;
      statement = result.data;
    } catch {
      continue;
    }
    const type = statement.predicateType ?? attestation.predicateType ?? "";
    if (!SLSA_TYPES.some((t) => type.startsWith(t))) continue;
    const sourceRepository = sourceRepositoryOf(statement.predicate);
    return { sourceRepository, matchesDeclared: sameRepository(sourceRepository, declaredRepository) };
  }
  return null;
}
