import { sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { bulkLoadServers } from "@/db/bulk-load";

/**
 * Fills the registry with `count` realistic listed servers, each with one
 * scan: names from common MCP server themes, a few hundred publishers with
 * several servers each, packages, a score spread like a real registry's
 * (most in C/B, a tail of D/F, few A), a few certified. Done in SQL batches
 * so a million rows take minutes, not hours.
 */
/** How many publishers a generated registry of `count` servers has (about 8 servers each). */
export function publisherCount(count: number): number {
  return Math.max(50, Math.floor(count / 8));
}

/** The publisher of generated server number `i`: the benches address servers by the generator's own formula. */
export function generatedPublisher(i: number, count: number): string {
  return `publisher-${(i * 7919) % publisherCount(count)}`;
}

const THEMES = ["weather", "github", "postgres", "slack", "notion", "filesystem", "calendar", "jira", "linear", "stripe", "search", "browser", "memory", "sqlite", "docker", "kubernetes", "figma", "gmail", "drive", "maps"];

/** The URL of generated server number `i` (1-based), by the same formula as the SQL below, so lookups hit. */
export function generatedServerUrl(i: number, count: number): string {
  return `https://${THEMES[i % THEMES.length]}-${i}.${generatedPublisher(i, count)}.example/mcp`;
}

export async function fillRegistry(db: Database, count: number, batch = 50_000): Promise<void> {
  await bulkLoadServers(db, () => insertServers(db, count, batch));
  // As autovacuum would leave them: setting latest_scan_id rewrote every row, and the old versions
  // would otherwise sit in the indexes and be visited by every search (bulkLoadServers analyzed already).
  await db.execute(sql`vacuum servers`);
  await db.execute(sql`vacuum analyze scans`);
}

async function insertServers(db: Database, count: number, batch: number): Promise<void> {
  for (let start = 1; start <= count; start += batch) {
    const end = Math.min(count, start + batch - 1);
    await db.execute(sql`
      with generated as (
        select i,
               (array['weather','github','postgres','slack','notion','filesystem','calendar','jira','linear','stripe',
                      'search','browser','memory','sqlite','docker','kubernetes','figma','gmail','drive','maps'])[1 + i % 20] as theme,
               (array['mcp','server','tools','bridge','connector','gateway','assistant','api'])[1 + (i / 20) % 8] as kind,
               'publisher-' || ((i::bigint * 7919) % ${publisherCount(count)}) as publisher,
               greatest(0, least(100, 72 + ((hashint4(i) % 1000) / 1000.0 * 28)::int - (case when i % 13 = 0 then 40 else 0 end))) as score
        from generate_series(${start}::int, ${end}::int) as i
      )
      insert into servers (url, name, publisher_name, package_name, repository_url, source, transport_type, listed,
                           trust_score, grade, trust_label, trust_summary, findings_summary, scan_type, scan_count,
                           certification_status, last_scanned_at)
      select 'https://' || theme || '-' || i || '.' || publisher || '.example/mcp',
             initcap(theme) || ' ' || initcap(kind) || ' ' || i,
             publisher,
             case when i % 3 = 0 then '@' || publisher || '/' || theme || '-' || kind || '-' || i else null end,
             'https://github.com/' || publisher || '/' || theme || '-' || i,
             'import', 'streamable-http', true,
             score,
             case when score >= 90 then 'A' when score >= 80 then 'B' when score >= 60 then 'C' when score >= 40 then 'D' else 'F' end,
             case when score >= 80 then 'trusted' when score >= 60 then 'moderate' when score >= 40 then 'caution' when score >= 20 then 'warning' else 'dangerous' end,
             'Generated server for benchmarks.', 'No findings', 'remote', 1,
             case when i % 97 = 0 then 'premium' when i % 41 = 0 then 'standard' else 'none' end,
             now() - ((i % 43200) || ' minutes')::interval
      from generated`);
  }
  await db.execute(sql`
    insert into scans (server_id, server_url, status, trigger, started_at, scanned_at, duration_ms, scoring_version,
                       trust_score, grade, trust_label, factors, findings, tool_hashes, tools_hash, tool_count, resource_count, flagged)
    select id, url, 'completed', 'rescan', last_scanned_at - interval '1 second', last_scanned_at, 900, 'bench',
           trust_score, grade, trust_label,
           jsonb_build_object('threatMatch', jsonb_build_object('points', 15, 'max', 15, 'rationale', 'No threats found.', 'findingIds', '[]'::jsonb)),
           '[]'::jsonb, '{}'::jsonb, md5(id::text), 5, 1, trust_score < 40
    from servers where latest_scan_id is null and url is not null`);
  await db.execute(sql`update servers s set latest_scan_id = sc.id from scans sc where sc.server_id = s.id and s.latest_scan_id is null`);
}
