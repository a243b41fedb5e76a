import { createHash } from "node:crypto";

/**
 * Tarball integrity against what the registry published. `dist.integrity` is
 * an SRI string (`sha512-<base64>`, possibly several hashes separated by
 * spaces); the strongest listed algorithm is checked. Only without any SRI
 * hash is the legacy `dist.shasum` (hex sha1) checked, and a sha1 match does
 * not count as verified: sha1 collisions can be made. Pure.
 */

const STRENGTH = ["sha512", "sha384", "sha256", "sha1"] as const;
type Algorithm = (typeof STRENGTH)[number];

export interface IntegrityCheck {
  /** The algorithm checked, or null when nothing was published. */
  algorithm: Algorithm | null;
  /** The tarball matched the published hash. */
  matches: boolean;
  /** Matched with a strong algorithm (sha256 or better). */
  verified: boolean;
  expected: string | null;
  actual: string | null;
}

function parseSri(integrity: string): { algorithm: Algorithm; digest: string }[] {
  return integrity
    .trim()
    .split(/\s+/)
    .map((token) => /^(sha512|sha384|sha256|sha1)-([A-Za-z0-9+/=]+)(?:\?.*)?$/.exec(token))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ algorithm: m[1] as Algorithm, digest: m[2] }));
}

export function checkIntegrity(tarball: Buffer, integrity: string | null | undefined, shasum: string | null | undefined): IntegrityCheck {
  const entries = integrity ? parseSri(integrity) : [];
  for (const algorithm of STRENGTH) {
    const entry = entries.find((e) => e.algorithm === algorithm);
    if (!entry) continue;
    const actual = createHash(algorithm).update(tarball).digest("base64");
    const matches = actual === entry.digest;
    return { algorithm, matches, verified: matches && algorithm !== "sha1", expected: `${algorithm}-${entry.digest}`, actual: `${algorithm}-${actual}` };
  }
  if (shasum && /^[0-9a-f]{40}$/i.test(shasum)) {
    const actual = createHash("sha1").update(tarball).digest("hex");
    return { algorithm: "sha1", matches: actual === shasum.toLowerCase(), verified: false, expected: shasum.toLowerCase(), actual };
  }
  return { algorithm: null, matches: false, verified: false, expected: null, actual: null };
}
