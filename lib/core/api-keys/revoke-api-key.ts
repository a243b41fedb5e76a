import { AppError } from "../errors";
import type { ApiKeyRecord, ApiKeyStore } from "./api-key-store";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Revokes a key; from the next request on it gets 401
 * (docs/api-keys-and-rate-limits.md#managing-keys). Revoking twice
 * is harmless: an operator cleaning up must not have to check first.
 */
export async function revokeApiKey(store: ApiKeyStore, id: string, now: Date = new Date()): Promise<ApiKeyRecord> {
  const record = UUID.test(id) ? await store.revoke(id, now) : null;
  if (!record) throw new AppError("not_found", `There is no API key with id ${id}.`);
  return record;
}
