import { timingSafeEqual } from "node:crypto";
import type { ApiKeyRecord, ApiKeyStore } from "./api-key-store";
import { hashApiKey } from "./hash-api-key";

/** last_used_at is written at most this often per key: a busy key must not write the database on every request. */
const LAST_USED_THROTTLE_MS = 60_000;
/** Longer header values are not keys; refusing them early keeps junk away from the database. */
const MAX_KEY_LENGTH = 200;

export interface AuthenticateOptions {
  now?: () => Date;
  /** Per-process memory of the last touch of each key, so the throttle costs no query at all. */
  lastTouched?: Map<string, number>;
}

/**
 * Finds the live key a request presented, or null
 * (docs/api-keys-and-rate-limits.md#how-a-requests-key-is-checked: the caller answers
 * 401; a bad key is never treated as no key). Looked up by hash, then the
 * hashes compared in constant time, so neither the lookup nor the compare
 * tells an attacker how close a guess was.
 */
export async function authenticateApiKey(
  store: ApiKeyStore,
  presented: string,
  options: AuthenticateOptions = {},
): Promise<ApiKeyRecord | null> {
  const key = presented.trim();
  if (!key || key.length > MAX_KEY_LENGTH) return null;
  const hash = hashApiKey(key);
  const record = await store.findByHash(hash);
  if (!record) return null;
  const a = Buffer.from(record.keyHash, "hex");
  const b = Buffer.from(hash, "hex");
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  if (record.revokedAt) return null;

  const now = (options.now ?? (() => new Date()))();
  const last = options.lastTouched?.get(record.id) ?? record.lastUsedAt?.getTime() ?? 0;
  if (now.getTime() - last >= LAST_USED_THROTTLE_MS) {
    options.lastTouched?.set(record.id, now.getTime());
    try {
      await store.touch(record.id, now, new Date(now.getTime() - LAST_USED_THROTTLE_MS));
    } catch (error) {
      // Bookkeeping only: a failed write must not fail the request.
      console.error("[api-keys] could not record last use", error);
    }
  }
  return record;
}
