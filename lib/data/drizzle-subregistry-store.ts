import { createHash } from "node:crypto";
import { and, asc, eq, gt, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { registryEntries, servers } from "@/db/schema";
import type { Grade } from "@/lib/core/grades";
import type {
  EntryStatus,
  EntryVerdict,
  SubregistryEntryInput,
  SubregistryListQuery,
  SubregistryRow,
  SubregistryStore,
} from "@/lib/core/registry/subregistry/subregistry-store";
import type { ServerDetail } from "@/lib/core/registry/subregistry/server-json-schema";

/** The later of the entry's and its server's last change: what `updated_since` and `updatedAt` mean. */
const updatedAt = sql<Date>`greatest(${registryEntries.updatedAt}, coalesce(${servers.updatedAt}, ${registryEntries.updatedAt}))`.mapWith(
  registryEntries.updatedAt,
);

const columns = {
  registryName: registryEntries.registryName,
  version: registryEntries.version,
  serverJson: registryEntries.serverJson,
  status: registryEntries.status,
  statusMessage: registryEntries.statusMessage,
  publishedAt: registryEntries.publishedAt,
  statusChangedAt: registryEntries.statusChangedAt,
  updatedAt,
  serverId: servers.id,
  url: servers.url,
  listed: servers.listed,
  grade: servers.grade,
  trustScore: servers.trustScore,
  trustLabel: servers.trustLabel,
  trustSummary: servers.trustSummary,
  findingsSummary: servers.findingsSummary,
  lastScannedAt: servers.lastScannedAt,
  certificationStatus: servers.certificationStatus,
};

type Row = {
  registryName: string;
  version: string;
  serverJson: unknown;
  status: string;
  statusMessage: string | null;
  publishedAt: Date;
  statusChangedAt: Date | null;
  updatedAt: Date;
  serverId: string | null;
  url: string | null;
  listed: boolean | null;
  grade: string | null;
  trustScore: number | null;
  trustLabel: string | null;
  trustSummary: string | null;
  findingsSummary: string | null;
  lastScannedAt: Date | null;
  certificationStatus: string | null;
};

function toRow(row: Row): SubregistryRow {
  const verdict: EntryVerdict | null =
    row.serverId === null
      ? null
      : {
          url: row.url,
          listed: row.listed ?? false,
          grade: row.grade as Grade | null,
          trustScore: row.trustScore,
          trustLabel: row.trustLabel as EntryVerdict["trustLabel"],
          trustSummary: row.trustSummary,
          findingsSummary: row.findingsSummary,
          lastScannedAt: row.lastScannedAt,
          certificationStatus: (row.certificationStatus ?? "none") as EntryVerdict["certificationStatus"],
        };
  return {
    registryName: row.registryName,
    version: row.version,
    serverJson: row.serverJson as ServerDetail,
    status: row.status as EntryStatus,
    statusMessage: row.statusMessage,
    publishedAt: row.publishedAt,
    statusChangedAt: row.statusChangedAt,
    updatedAt: row.updatedAt,
    verdict,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function contentHash(entry: SubregistryEntryInput): string {
  const { registryName, version, serverJson, status, statusMessage, publishedAt, statusChangedAt } = entry;
  return createHash("sha256")
    .update(JSON.stringify([registryName, version, serverJson, status, statusMessage, publishedAt?.toISOString() ?? null, statusChangedAt?.toISOString() ?? null]))
    .digest("hex");
}

export function createDrizzleSubregistryStore(db: Database): SubregistryStore {
  function select() {
    return db.select(columns).from(registryEntries).leftJoin(servers, eq(servers.registryName, registryEntries.registryName));
  }

  return {
    async recordEntry(entry, now) {
      const hash = contentHash(entry);
      const [existing] = await db
        .select({ contentHash: registryEntries.contentHash })
        .from(registryEntries)
        .where(eq(registryEntries.registryName, entry.registryName))
        .limit(1);
      if (existing?.contentHash === hash) return "unchanged";
      const values = {
        version: entry.version,
        serverJson: entry.serverJson,
        status: entry.status,
        statusMessage: entry.statusMessage,
        statusChangedAt: entry.statusChangedAt,
        contentHash: hash,
        updatedAt: now,
      };
      await db
        .insert(registryEntries)
        .values({ registryName: entry.registryName, publishedAt: entry.publishedAt ?? now, createdAt: now, ...values })
        .onConflictDoUpdate({
          target: registryEntries.registryName,
          // Upstream's publishedAt when it has one; otherwise the first import's time stays.
          set: entry.publishedAt ? { ...values, publishedAt: entry.publishedAt } : values,
        });
      return existing ? "updated" : "added";
    },

    async listEntries(query: SubregistryListQuery) {
      const where: SQL[] = [];
      if (query.afterName !== undefined) where.push(gt(registryEntries.registryName, query.afterName));
      if (query.search) where.push(sql`${registryEntries.registryName} ilike ${`%${escapeLike(query.search)}%`}`);
      if (query.version !== undefined) where.push(eq(registryEntries.version, query.version));
      if (query.updatedSince) where.push(sql`${updatedAt} > ${query.updatedSince.toISOString()}`);
      if (!query.includeDeleted) where.push(ne(registryEntries.status, "deleted"));
      if (query.grades) where.push(sql`${servers.listed}`, inArray(servers.grade, [...query.grades]));
      const rows = await select()
        .where(and(...where))
        .orderBy(asc(registryEntries.registryName))
        .limit(query.limit);
      return (rows as Row[]).map(toRow);
    },

    async findEntry(registryName) {
      const [row] = await select().where(eq(registryEntries.registryName, registryName)).limit(1);
      return row ? toRow(row as Row) : null;
    },
  };
}
