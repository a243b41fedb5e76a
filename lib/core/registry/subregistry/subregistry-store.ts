import type { CertificationStatus, Grade, TrustLabel } from "../../grades";
import type { ServerDetail } from "@/lib/core/registry/subregistry/server-json-schema";

/**
 * Storage for the subregistry (/v0.1): the server.json of every imported
 * registry name, and the registry's verdict on it, read together.
 */
export type EntryStatus = "active" | "deprecated" | "deleted";

/** What the import records for one registry name (its latest version). */
export interface SubregistryEntryInput {
  registryName: string;
  version: string;
  serverJson: ServerDetail;
  status: EntryStatus;
  statusMessage: string | null;
  /** Upstream's publishedAt when the source carried one; the first import's time otherwise. */
  publishedAt: Date | null;
  statusChangedAt: Date | null;
}

/** The verdict of the server that carries this registry name, when there is one. */
export interface EntryVerdict {
  url: string | null;
  listed: boolean;
  grade: Grade | null;
  trustScore: number | null;
  trustLabel: TrustLabel | null;
  trustSummary: string | null;
  findingsSummary: string | null;
  lastScannedAt: Date | null;
  certificationStatus: CertificationStatus;
}

export interface SubregistryRow {
  registryName: string;
  version: string;
  serverJson: ServerDetail;
  status: EntryStatus;
  statusMessage: string | null;
  publishedAt: Date;
  statusChangedAt: Date | null;
  /** The later of the entry's last change and the verdict's (a rescan, a certification). */
  updatedAt: Date;
  verdict: EntryVerdict | null;
}

export interface SubregistryListQuery {
  /** Keyset paging: names after this one. */
  afterName?: string;
  limit: number;
  /** Case-insensitive substring of the name. */
  search?: string;
  /** An exact version (the store keeps the latest of each name, so `latest` is no filter). */
  version?: string;
  updatedSince?: Date;
  includeDeleted: boolean;
  /** Only names whose server is assessed with one of these grades; undefined for no policy. */
  grades?: readonly Grade[];
}

export interface SubregistryStore {
  recordEntry(entry: SubregistryEntryInput, now: Date): Promise<"added" | "updated" | "unchanged">;
  listEntries(query: SubregistryListQuery): Promise<SubregistryRow[]>;
  findEntry(registryName: string): Promise<SubregistryRow | null>;
}
