import { randomBytes } from "node:crypto";
import { AppError } from "../errors";
import type { ApiKeyRecord, ApiKeyScope, ApiKeyStore } from "./api-key-store";
import { API_KEY_SCOPES } from "./api-key-store";
import { hashApiKey } from "./hash-api-key";

/** Every key starts with this, so leaked keys are easy to recognise (secret scanners, logs). */
const API_KEY_PREFIX = "mtr_";
/** Characters of the key kept in clear for the operator's list: the prefix and 6 random characters. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

/**
 * Creates a key and answers it in clear, the only time it exists in clear
 * (docs/api-keys-and-rate-limits.md#managing-keys). 32 random bytes (256 bits) base64url-encoded: unguessable, and safe
 * in a header without escaping.
 */
export async function createApiKey(
  store: ApiKeyStore,
  input: { name: string; scope: ApiKeyScope },
): Promise<{ key: string; record: ApiKeyRecord }> {
  const name = input.name.trim();
  if (!name || name.length > 100) throw new AppError("invalid_parameter", "name: give the key a name of 1 to 100 characters.");
  if (!API_KEY_SCOPES.includes(input.scope)) {
    throw new AppError("invalid_parameter", `scope: must be one of ${API_KEY_SCOPES.join(", ")}.`);
  }
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const record = await store.insert({ name, scope: input.scope, keyHash: hashApiKey(key), keyPrefix: key.slice(0, SHOWN_PREFIX_LENGTH) });
  return { key, record };
}
