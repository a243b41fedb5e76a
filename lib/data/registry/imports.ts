import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { importRuns, servers } from "@/db/schema";
import type { ImportMatch } from "@/lib/core/registry/import/decide-import";
import type { ImportedServer, RegistryStore } from "@/lib/core/registry/registry-store";

type ServerRow = typeof servers.$inferSelect;

function toImportMatch(row: ServerRow | undefined): ImportMatch | null {
  if (!row) return null;
  return {
    id: row.id,
    url: row.url,
    registryName: row.registryName,
    importHash: row.importHash,
    latestScanId: row.latestScanId,
    registryStatus: row.registryStatus as ImportMatch["registryStatus"],
  };
}

/** The server columns an imported entry sets. */
function importedColumns(entry: ImportedServer, importHash: string) {
  return {
    registryName: entry.registryName,
    url: entry.url,
    name: entry.title || entry.name,
    title: entry.title,
    description: entry.description,
    version: entry.version,
    publisherName: entry.publisherName,
    packageName: entry.packageName,
    packageRegistry: entry.packageRegistry,
    repositoryUrl: entry.repositoryUrl,
    websiteUrl: entry.websiteUrl,
    transportType: entry.transportType,
    registryStatus: entry.registryStatus,
    importHash,
    source: "import" as const,
  };
}

/** Writing imported registry entries and the record of each import run (docs/import.md). */
export function createImportRecords(db: Database): Pick<RegistryStore, "upsertImportedServer" | "recordImportRun"> {
  return {
    async upsertImportedServer(entry, importHash, decide) {
      return db.transaction(async (tx) => {
        // Both rows locked, so an import and a scan of the same server take turns.
        const [byName] = await tx.select().from(servers).where(eq(servers.registryName, entry.registryName)).for("update");
        const [byUrl] = entry.url ? await tx.select().from(servers).where(eq(servers.url, entry.url)).for("update") : [];
        const { result, write } = decide({ byName: toImportMatch(byName), byUrl: toImportMatch(byUrl) });
        if (write?.kind === "insert") await tx.insert(servers).values(importedColumns(entry, importHash));
        if (write?.kind === "update") {
          await tx
            .update(servers)
            .set({ ...importedColumns(entry, importHash), listed: write.listed, updatedAt: new Date() })
            .where(eq(servers.id, write.serverId));
        }
        return result;
      });
    },

    async recordImportRun(run) {
      await db.insert(importRuns).values({
        source: run.source,
        startedAt: run.startedAt,
        finishedAt: run.finishedAt,
        added: run.added,
        updated: run.updated,
        unchanged: run.unchanged,
        removed: run.removed,
        skipped: run.skipped,
        skippedReasons: run.skippedReasons.slice(0, 1000),
        pages: run.pages,
        error: run.error,
      });
    },
  };
}
