import { and, asc, desc, eq, isNotNull, ne, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { servers } from "@/db/schema";
import type { RegistryStore } from "@/lib/core/registry/registry-store";
import { serverRecordColumns, toListedServerRecord, toServerRecord } from "../row-mappers";

type ServerReads = Pick<RegistryStore, "findServerByUrl" | "findListedServersByPackage" | "listServersToScan" | "setCertificationStatus">;

/** Reads of single servers and the scheduler's worklist; the one write is the certification status the certification store derived. */
export function createServerReads(db: Database): ServerReads {
  return {
    async findServerByUrl(url) {
      const [row] = await db.select(serverRecordColumns).from(servers).where(eq(servers.url, url)).limit(1);
      return row ? toServerRecord(row) : null;
    },

    async findListedServersByPackage(packageName, limit) {
      const rows = await db
        .select(serverRecordColumns)
        .from(servers)
        .where(and(sql`${servers.listed}`, eq(servers.packageName, packageName)))
        .orderBy(desc(servers.trustScore), asc(servers.id))
        .limit(limit);
      return rows.map(toListedServerRecord);
    },

    // Remote servers and package servers alike: a package-only server's url is its purl (docs/identity.md#what-a-server-is-keyed-by).
    async listServersToScan({ staleBefore, limit }) {
      const rows = await db
        .select({ id: servers.id, url: servers.url })
        .from(servers)
        .where(
          and(
            isNotNull(servers.url),
            ne(servers.registryStatus, "deleted"),
            or(sql`${servers.lastScannedAt} is null`, sql`${servers.lastScannedAt} < ${staleBefore.toISOString()}`),
          ),
        )
        .orderBy(sql`${servers.lastScannedAt} asc nulls first`)
        .limit(limit);
      return rows.map((r) => ({ id: r.id, url: r.url! }));
    },

    async setCertificationStatus(serverId, status) {
      await db.update(servers).set({ certificationStatus: status, updatedAt: new Date() }).where(eq(servers.id, serverId));
    },
  };
}
