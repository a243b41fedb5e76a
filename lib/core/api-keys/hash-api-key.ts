import { createHash } from "node:crypto";

/**
 * The stored form of a key (docs/api-keys-and-rate-limits.md#api-keys). SHA-256 without a salt is enough here: the
 * keys are 256 random bits, so there is no dictionary to precompute, and an
 * unsalted hash is what lets a request find its key with one indexed lookup.
 */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}
