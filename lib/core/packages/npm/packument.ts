import { z } from "zod";

/**
 * The registry's document for a package (the full "packument", not the
 * abbreviated one: that lacks time, maintainers and repository). It is
 * stranger-written: every field is optional or falls back, and only what the
 * assessment reads is kept.
 */

const loose = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const person = z.union([z.string(), z.object({ name: loose(z.string()) })]);

const distSchema = z.object({
  tarball: z.string().max(4096),
  integrity: loose(z.string().max(2048)),
  shasum: loose(z.string().max(128)),
  attestations: loose(z.object({ url: loose(z.string().max(4096)) })),
});

const versionSchema = z.object({
  name: loose(z.string()),
  version: z.string().max(256),
  dist: distSchema,
  license: loose(z.union([z.string(), z.object({ type: loose(z.string()) })])),
  repository: loose(z.unknown()),
  scripts: loose(z.record(z.string(), z.string())),
  dependencies: loose(z.record(z.string(), z.string())),
  maintainers: loose(z.array(person).max(1000)),
});

export const packumentSchema = z.object({
  name: z.string().max(214),
  "dist-tags": loose(z.record(z.string(), z.string())),
  versions: z.record(z.string(), z.unknown()),
  time: loose(z.record(z.string(), z.string())),
  maintainers: loose(z.array(person).max(1000)),
  repository: loose(z.unknown()),
  license: loose(z.union([z.string(), z.object({ type: loose(z.string()) })])),
});

export type Packument = z.infer<typeof packumentSchema>;
export type PackumentVersion = z.infer<typeof versionSchema>;

/** npm's rules for new names, plus the upper case old packages may still carry. */
const NAME_RE = /^(?:@[A-Za-z0-9-~][A-Za-z0-9-._~]*\/)?[A-Za-z0-9-~][A-Za-z0-9-._~]*$/;

export function isValidPackageName(name: string): boolean {
  return name.length > 0 && name.length <= 214 && NAME_RE.test(name);
}

/** The path segment of a package document: `@scope%2fname` as npm writes it. */
export function escapedPackageName(name: string): string {
  return name.startsWith("@") ? `@${encodeURIComponent(name.slice(1))}` : encodeURIComponent(name);
}

export type VersionResolution = { ok: true; version: string; manifest: PackumentVersion } | { ok: false; reason: string };

/** The version asked for (an exact version or a dist-tag), else dist-tags.latest. Ranges are not resolved: assessments name versions. */
export function resolveVersion(doc: Packument, wanted: string | null): VersionResolution {
  const tags = doc["dist-tags"] ?? {};
  const key = wanted === null ? tags.latest : Object.hasOwn(doc.versions, wanted) ? wanted : tags[wanted];
  if (!key) return { ok: false, reason: wanted === null ? `${doc.name} has no latest version` : `${doc.name} has no version or tag "${wanted}"` };
  if (!Object.hasOwn(doc.versions, key)) return { ok: false, reason: `${doc.name}@${key} is tagged but not published` };
  const parsed = versionSchema.safeParse(doc.versions[key]);
  if (!parsed.success) return { ok: false, reason: `${doc.name}@${key}: the registry's version entry is malformed` };
  return { ok: true, version: key, manifest: parsed.data };
}

export function personNames(people: z.infer<typeof person>[] | undefined): string[] {
  const names = (people ?? []).map((p) => (typeof p === "string" ? p.replace(/\s*[<(].*$/, "") : (p.name ?? ""))).filter(Boolean);
  return [...new Set(names)].slice(0, 50);
}

export function licenseName(value: string | { type?: string } | undefined): string | null {
  if (typeof value === "string") return value || null;
  return value?.type || null;
}

/** Publish time of a version, and of the first version (time.created, else the earliest version time). */
export function publishTimes(doc: Packument, version: string): { publishedAt: string | null; firstPublishedAt: string | null } {
  const time = doc.time ?? {};
  const iso = (s: string | undefined) => (s && !Number.isNaN(Date.parse(s)) ? new Date(s).toISOString() : null);
  const versionTimes = Object.entries(time)
    .filter(([k]) => k !== "created" && k !== "modified")
    .map(([, v]) => iso(v))
    .filter((v): v is string => v !== null)
    .sort();
  return { publishedAt: iso(time[version]), firstPublishedAt: iso(time.created) ?? versionTimes[0] ?? null };
}
