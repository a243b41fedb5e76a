/**
 * API keys (docs/api-keys-and-rate-limits.md#api-keys): the port the key use cases need from storage. Only the
 * SHA-256 hash of a key is ever stored; the key itself exists once, in the
 * reply to its creation.
 */
export const API_KEY_SCOPES = ["client", "admin"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export interface ApiKeyRecord {
  id: string;
  name: string;
  scope: ApiKeyScope;
  /** SHA-256 of the key, lower-case hex. */
  keyHash: string;
  /** The first characters of the key, so an operator can tell keys apart in a list. */
  keyPrefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export interface ApiKeyStore {
  insert(key: { name: string; scope: ApiKeyScope; keyHash: string; keyPrefix: string }): Promise<ApiKeyRecord>;
  findByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  list(): Promise<ApiKeyRecord[]>;
  /** Marks the key revoked; answers null when no key has this id, the record (unchanged if already revoked) otherwise. */
  revoke(id: string, at: Date): Promise<ApiKeyRecord | null>;
  /** Sets last_used_at unless it is already newer than `notBefore` (throttle shared by every process). */
  touch(id: string, at: Date, notBefore: Date): Promise<void>;
}
