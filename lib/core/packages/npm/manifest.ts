import { z } from "zod";

/**
 * package.json as shipped in the tarball (what npm actually uses for scripts
 * and bins). Stranger-written: a field of the wrong type is dropped, never
 * fatal.
 */
const loose = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const stringMap = loose(z.record(z.string(), z.string()));

const npmManifestSchema = z.object({
  name: loose(z.string().max(214)),
  version: loose(z.string().max(256)),
  description: loose(z.string().max(10_000)),
  main: loose(z.string().max(1000)),
  bin: loose(z.union([z.string(), z.record(z.string(), z.string())])),
  scripts: stringMap,
  dependencies: stringMap,
  optionalDependencies: stringMap,
  bundleDependencies: loose(z.union([z.array(z.string()), z.boolean()])),
  bundledDependencies: loose(z.union([z.array(z.string()), z.boolean()])),
  repository: loose(z.union([z.string(), z.object({ url: loose(z.string()), directory: loose(z.string()) })])),
  homepage: loose(z.string().max(2048)),
  license: loose(z.union([z.string(), z.object({ type: loose(z.string()) })])),
  gypfile: loose(z.boolean()),
  keywords: loose(z.array(z.string()).max(200)),
});

export type NpmManifest = z.infer<typeof npmManifestSchema>;

/** Parses package.json text; an unparsable manifest is an empty one (the findings then say what is missing). */
export function parseManifest(text: string): NpmManifest {
  try {
    const result = npmManifestSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : {};
  } catch {
    return {};
  }
}

/** Names listed as bundled (their code ships inside the tarball). */
export function bundledNames(manifest: NpmManifest): string[] {
  const value = manifest.bundleDependencies ?? manifest.bundledDependencies;
  if (value === true) return Object.keys(manifest.dependencies ?? {});
  return Array.isArray(value) ? value : [];
}
