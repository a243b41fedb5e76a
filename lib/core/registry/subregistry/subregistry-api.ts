import { AppError } from "../../errors";
import { apiServerPath } from "../server-api-path";
import { GRADES, gradeAtLeast, worseGrade, type Grade } from "../../grades";
import type { ServerDetail } from "@/lib/core/registry/subregistry/server-json-schema";
import type { SubregistryRow, SubregistryStore } from "./subregistry-store";

/**
 * The official MCP Registry's read API (v0.1) over this registry's data.
 *
 * - A server appears under its registry name (`io.github.user/server`), so
 *   only imported servers are listed: a server known only by a scanned URL
 *   has no name a client could install it by.
 * - Each item carries the registry's verdict under VERDICT_META_KEY next to
 *   the official `_meta` block.
 * - A minimum grade (the instance's SUBREGISTRY_MIN_GRADE and a request's
 *   `min_grade`, the stricter of the two) keeps out every server that is not
 *   assessed at that grade or better. A sync (`updated_since`) still sees a
 *   server that has fallen below it, as `deleted`, so a client that mirrors
 *   the list drops it.
 */

/** Our key in `_meta`: reverse DNS of this service, like the official registry's own. */
export const VERDICT_META_KEY = "dev.mcp-trust-registry/verdict";
export const OFFICIAL_META_KEY = "io.modelcontextprotocol.registry/official";

export const DEFAULT_LIMIT = 30;
export const MAX_LIMIT = 100;

export interface SubregistryContext {
  store: SubregistryStore;
  baseUrl: string;
  /** The instance's policy (SUBREGISTRY_MIN_GRADE). */
  minGrade?: Grade;
}

export interface ListParams {
  cursor?: string;
  limit: number;
  search?: string;
  updatedSince?: Date;
  version?: string;
  includeDeleted: boolean;
  minGrade?: Grade;
}

export interface DetailParams {
  includeDeleted: boolean;
  minGrade?: Grade;
}

type OfficialMeta = {
  status: "active" | "deprecated" | "deleted";
  statusMessage?: string;
  statusChangedAt?: string;
  publishedAt: string;
  updatedAt: string;
  isLatest: boolean;
};

type VerdictMeta =
  | {
      status: "assessed";
      grade: Grade;
      score: number;
      label: string | null;
      trustSummary: string | null;
      findingsSummary: string | null;
      scannedAt: string | null;
      certificationStatus: string;
      url: string | null;
      reportUrl: string | null;
      registry: string;
    }
  | { status: "unassessed"; registry: string };

export interface ServerResponse {
  server: ServerDetail;
  _meta: { [OFFICIAL_META_KEY]: OfficialMeta; [VERDICT_META_KEY]: VerdictMeta };
}

export interface ServerList {
  servers: ServerResponse[];
  metadata: { nextCursor?: string; count: number };
}

/** Cursors are opaque to clients: the last name of the page, base64url-encoded. */
export function encodeCursor(lastName: string): string {
  return Buffer.from(JSON.stringify({ n: lastName }), "utf8").toString("base64url");
}

export function decodeCursor(cursor: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { n?: unknown };
    if (typeof parsed.n === "string" && parsed.n.length <= 200) return parsed.n;
  } catch {
    // fall through
  }
  throw new AppError("invalid_parameter", "cursor: not a cursor this registry gave out; use metadata.nextCursor as it is.", { parameter: "cursor" });
}

/** The stricter of the instance's and the request's minimum grade. */
export function effectiveMinGrade(instance: Grade | undefined, requested: Grade | undefined): Grade | undefined {
  if (instance && requested) return worseGrade(instance, requested) === instance ? requested : instance;
  return instance ?? requested;
}

function gradesAtLeast(floor: Grade): Grade[] {
  return GRADES.filter((g) => gradeAtLeast(g, floor));
}

function meetsPolicy(row: SubregistryRow, floor: Grade | undefined): boolean {
  if (!floor) return true;
  const v = row.verdict;
  return !!v && v.listed && v.grade !== null && gradeAtLeast(v.grade, floor);
}

function verdictMeta(row: SubregistryRow, baseUrl: string): VerdictMeta {
  const v = row.verdict;
  if (!v || !v.listed || v.grade === null || v.trustScore === null) return { status: "unassessed", registry: baseUrl };
  return {
    status: "assessed",
    grade: v.grade,
    score: v.trustScore,
    label: v.trustLabel,
    trustSummary: v.trustSummary,
    findingsSummary: v.findingsSummary,
    scannedAt: v.lastScannedAt?.toISOString() ?? null,
    certificationStatus: v.certificationStatus,
    url: v.url,
    reportUrl: v.url ? `${baseUrl}${apiServerPath(v.url, "report")}` : null,
    registry: baseUrl,
  };
}

function toResponse(row: SubregistryRow, baseUrl: string, floor: Grade | undefined): ServerResponse {
  const below = !meetsPolicy(row, floor);
  const official: OfficialMeta = {
    status: below ? "deleted" : row.status,
    publishedAt: row.publishedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isLatest: true,
  };
  const message = below ? `Below this registry's minimum grade ${floor}.` : row.statusMessage;
  if (message) official.statusMessage = message.slice(0, 500);
  if (row.statusChangedAt && !below) official.statusChangedAt = row.statusChangedAt.toISOString();
  return { server: row.serverJson, _meta: { [OFFICIAL_META_KEY]: official, [VERDICT_META_KEY]: verdictMeta(row, baseUrl) } };
}

export async function listServers(ctx: SubregistryContext, params: ListParams): Promise<ServerList> {
  const floor = effectiveMinGrade(ctx.minGrade, params.minGrade);
  // A sync sees what changed, deleted entries and those now below the policy included (as `deleted`).
  const syncing = params.updatedSince !== undefined;
  const rows = await ctx.store.listEntries({
    afterName: params.cursor === undefined ? undefined : decodeCursor(params.cursor),
    limit: params.limit + 1,
    search: params.search?.trim() || undefined,
    version: params.version === undefined || params.version === "latest" ? undefined : params.version,
    updatedSince: params.updatedSince,
    includeDeleted: params.includeDeleted || syncing,
    grades: floor && !syncing ? gradesAtLeast(floor) : undefined,
  });
  const page = rows.slice(0, params.limit);
  const metadata: ServerList["metadata"] = { count: page.length };
  if (rows.length > params.limit) metadata.nextCursor = encodeCursor(page[page.length - 1].registryName);
  return { servers: page.map((row) => toResponse(row, ctx.baseUrl, floor)), metadata };
}

/** The one entry of a name under the policy, or 404 in the official API's words. */
async function findVisible(ctx: SubregistryContext, name: string, params: DetailParams): Promise<{ row: SubregistryRow; floor?: Grade }> {
  const floor = effectiveMinGrade(ctx.minGrade, params.minGrade);
  const row = await ctx.store.findEntry(name);
  if (!row || (row.status === "deleted" && !params.includeDeleted) || !meetsPolicy(row, floor)) {
    throw new AppError("not_found", "Server not found");
  }
  return { row, floor };
}

export async function listVersions(ctx: SubregistryContext, name: string, params: DetailParams): Promise<ServerList> {
  const { row, floor } = await findVisible(ctx, name, params);
  return { servers: [toResponse(row, ctx.baseUrl, floor)], metadata: { count: 1 } };
}

export async function getVersion(ctx: SubregistryContext, name: string, version: string, params: DetailParams): Promise<ServerResponse> {
  const { row, floor } = await findVisible(ctx, name, params);
  if (version !== "latest" && version !== row.version) throw new AppError("not_found", "Server version not found");
  return toResponse(row, ctx.baseUrl, floor);
}

/**
 * Splits the path after /v0.1/servers/ into a server name and an optional
 * version. The name's slash arrives as %2F, or decoded by a proxy: both
 * resolve. Each segment is decoded exactly once.
 */
export function parseServerPath(rest: string): { name: string; version?: string } | null {
  const segments = rest.split("/").map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return null;
    }
  });
  if (segments.some((s) => s === null || s === "")) return null;
  const parts = segments as string[];
  if (parts.length >= 2 && parts.at(-1) === "versions") return { name: parts.slice(0, -1).join("/") };
  if (parts.length >= 3 && parts.at(-2) === "versions") return { name: parts.slice(0, -2).join("/"), version: parts.at(-1) };
  return null;
}
