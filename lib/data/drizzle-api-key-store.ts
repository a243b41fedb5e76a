import { and, asc, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "@/db/client";
import { apiKeys } from "@/db/schema";
import type { ApiKeyRecord, ApiKeyStore } from "@/lib/core/api-keys/api-key-store";

type ApiKeyRow = typeof apiKeys.$inferSelect;

function toApiKeyRecord(row: ApiKeyRow): ApiKeyRecord {
  return { ...row, scope: row.scope as ApiKeyRecord["scope"] };
}

/** The drizzle implementation of the API-key port. */
export function createDrizzleApiKeyStore(db: Database): ApiKeyStore {
  return {
    async insert(key) {
      const [row] = await db.insert(apiKeys).values(key).returning();
      return toApiKeyRecord(row);
    },

    async findByHash(keyHash) {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).limit(1);
      return row ? toApiKeyRecord(row) : null;
    },

    async list() {
      const rows = await db.select().from(apiKeys).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
      return rows.map(toApiKeyRecord);
    },

    async revoke(id, at) {
      await db
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
      return row ? toApiKeyRecord(row) : null;
    },

    async touch(id, at, notBefore) {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: at })
        .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, notBefore))));
    },
  };
}
