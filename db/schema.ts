import { sql } from "drizzle-orm";
import {
  customType,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** PostgreSQL's tsvector, which drizzle has no column type for. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Each searchable field, cut to 500 characters so that no lexeme can pass
 * tsvector's 2,047-byte limit (a longer word would make the row's insert
 * fail), lower-cased, with Unicode spaces (those JavaScript's \s matches
 * beyond ASCII) turned into plain spaces.
 */
const LEXEME_SOURCE = sql.raw(
  `regexp_replace(lower(left(coalesce(name, ''), 500) || ' ' || left(coalesce(url, ''), 500) || ' ' || left(publisher_name, 500) || ' ' || left(coalesce(package_name, ''), 500)), '[\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]', ' ', 'g')`,
);

/**
 * The lexemes search looks words up by: every run of letters and digits
 * ("publisher", "42") and every run joined by hyphens or underscores
 * ("publisher-42", "weather_api"), so a typed name with a hyphen is one
 * exact index lookup rather than a phrase of frequent parts. Separators are
 * whitespace and ASCII non-alphanumerics (other non-ASCII characters count
 * as letters), so the split does not depend on the database's locale;
 * lib/data/search-lexemes.ts splits the user's query the same way.
 */
const SEARCH_LEXEMES_SQL = sql`array_to_tsvector(array_remove(
  regexp_split_to_array(${LEXEME_SOURCE}, '[^0-9a-z\\u0080-\\U0010ffff]+') ||
  regexp_split_to_array(${LEXEME_SOURCE}, '^[_-]+|[_-]*[^0-9a-z_\\u0080-\\U0010ffff-]+[_-]*|[_-]+$'),
  ''))`;

/**
 * A server of the registry (docs/identity.md#what-a-server-is-keyed-by). Keyed by its
 * normalized URL when it has a remote, by its package's Package URL
 * (`pkg:npm/%40scope/name`) when it
 * is package-only; imported entries also carry their registry name, and one
 * whose package has no purl (another ecosystem) has no url. The latest
 * scan's verdict is denormalized here so search, badges and profiles read one row.
 */
export const servers = pgTable(
  "servers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    url: text("url"),
    registryName: text("registry_name"),
    name: text("name").notNull(),
    title: text("title"),
    description: text("description"),
    version: text("version"),
    publisherName: text("publisher_name").notNull(),
    packageName: text("package_name"),
    packageRegistry: text("package_registry"),
    repositoryUrl: text("repository_url"),
    websiteUrl: text("website_url"),
    transportType: text("transport_type"),
    source: text("source").notNull(), // import | scan
    registryStatus: text("registry_status").notNull().default("active"), // active | deprecated | deleted
    importHash: text("import_hash"),
    certificationStatus: text("certification_status").notNull().default("none"),
    // Latest verdict (from the latest scan that was not `unreachable`).
    trustScore: integer("trust_score"),
    grade: text("grade"),
    trustLabel: text("trust_label"),
    trustSummary: text("trust_summary"),
    findingsSummary: text("findings_summary"),
    scanType: text("scan_type"),
    lastScannedAt: timestamp("last_scanned_at", { withTimezone: true }),
    latestScanId: uuid("latest_scan_id"),
    scanCount: integer("scan_count").notNull().default(0),
    // Shown in public reads: has a completed or partial scan and is not deleted upstream.
    listed: boolean("listed").notNull().default(false),
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`lower(coalesce(name, '') || ' ' || coalesce(url, '') || ' ' || coalesce(publisher_name, '') || ' ' || coalesce(package_name, ''))`,
      ),
    // The words of the same fields as lexemes, for the first, index-cheap pass of search (see
    // SEARCH_LEXEMES_SQL). A generated column cannot read another one, so the fields are named again.
    searchVector: tsvector("search_vector").notNull().generatedAlwaysAs(SEARCH_LEXEMES_SQL),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("servers_url_key").on(t.url),
    // fastupdate off: a search never scans an unmerged pending list, whatever the last vacuum;
    // writes (scans, imports) are rare next to reads.
    index("servers_search_words").using("gin", t.searchVector).with({ fastupdate: false }).where(sql`listed`),
    uniqueIndex("servers_registry_name_key").on(t.registryName),
    index("servers_search_trgm").using("gin", t.searchText.op("gin_trgm_ops")).with({ fastupdate: false }).where(sql`listed`),
    // Typo-tolerant fallback matches names only: short strings keep word_similarity cheap.
    index("servers_name_trgm").using("gin", sql`lower(${t.name}) gin_trgm_ops`).with({ fastupdate: false }).where(sql`listed`),
    index("servers_score_idx").on(t.trustScore.desc().nullsFirst(), t.id).where(sql`listed`),
    index("servers_recent_idx").on(t.lastScannedAt.desc().nullsFirst(), t.id).where(sql`listed`),
    index("servers_name_idx").on(t.name, t.id).where(sql`listed`),
    index("servers_grade_score_idx").on(t.grade, t.trustScore.desc().nullsFirst(), t.id).where(sql`listed`),
    index("servers_cert_score_idx")
      .on(t.trustScore.desc().nullsFirst(), t.id)
      .where(sql`listed and certification_status <> 'none'`),
    index("servers_publisher_idx").on(t.publisherName),
    index("servers_package_idx").on(t.packageName),
    index("servers_unscanned_idx").on(t.lastScannedAt).where(sql`url is not null and registry_status <> 'deleted'`),
  ],
);

/** Every scan attempt, unreachable ones included (docs/findings-and-scans.md#statuses), with its full evidence. */
export const scans = pgTable(
  "scans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serverId: uuid("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    serverUrl: text("server_url").notNull(),
    status: text("status").notNull(), // completed | partial | unreachable
    trigger: text("trigger").notNull(), // ScanTrigger: api | mcp | cli | rescan | demo | certify | site | import | schedule
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    scannedAt: timestamp("scanned_at", { withTimezone: true }).notNull(),
    durationMs: integer("duration_ms").notNull(),
    scoringVersion: text("scoring_version").notNull(),
    trustScore: integer("trust_score"),
    grade: text("grade"),
    uncappedGrade: text("uncapped_grade"),
    trustLabel: text("trust_label"),
    capReason: text("cap_reason"),
    trustSummary: text("trust_summary"),
    findingsSummary: text("findings_summary"),
    factors: jsonb("factors"),
    findings: jsonb("findings").notNull(),
    discovery: jsonb("discovery"),
    network: jsonb("network"),
    // A package assessment's distribution, static reading and sandbox observations (docs/package-assessment.md); null for remote scans.
    packageEvidence: jsonb("package_evidence"),
    toolHashes: jsonb("tool_hashes").notNull(),
    toolsHash: text("tools_hash"),
    changes: jsonb("changes"),
    toolCount: integer("tool_count").notNull().default(0),
    resourceCount: integer("resource_count").notNull().default(0),
    // Precomputed for recentlyFlagged (docs/search-and-stats.md#recently-flagged): lowered grade, new critical/high, changed tools.
    flagged: boolean("flagged").notNull().default(false),
  },
  (t) => [
    index("scans_server_time_idx").on(t.serverId, t.scannedAt.desc().nullsFirst()),
    index("scans_time_idx").on(t.scannedAt.desc().nullsFirst()),
    index("scans_flagged_idx").on(t.scannedAt.desc().nullsFirst()).where(sql`flagged`),
  ],
);

/** Certification applications (docs/certification.md). The contact email never leaves the operator surface. */
export const certificationApplications = pgTable(
  "certification_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serverId: uuid("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    serverUrl: text("server_url").notNull(),
    tier: text("tier").notNull(), // standard | premium
    contactEmail: text("contact_email").notNull(),
    publisherName: text("publisher_name"),
    status: text("status").notNull(), // pending_verification | verified | approved | rejected | expired | revoked
    verificationToken: text("verification_token").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    lastVerificationAttemptAt: timestamp("last_verification_attempt_at", { withTimezone: true }),
    paid: boolean("paid").notNull().default(false),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paymentReference: text("payment_reference"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    decisionReason: text("decision_reason"),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("cert_apps_server_idx").on(t.serverId, t.tier),
    // At most one open application per server and tier.
    uniqueIndex("cert_apps_open_key")
      .on(t.serverId, t.tier)
      .where(sql`status in ('pending_verification', 'verified')`),
    index("cert_apps_status_idx").on(t.status, t.createdAt),
  ],
);

/** Append-only audit of application transitions: who, when, from, to, why. */
export const certificationAudit = pgTable(
  "certification_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => certificationApplications.id, { onDelete: "cascade" }),
    actor: text("actor").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    reason: text("reason"),
    // The application's version after this change: orders the trail exactly (timestamps can tie), and being
    // unique per application, lets the database itself refuse two changes made from the same version.
    applicationVersion: integer("application_version"),
  },
  (t) => [
    index("cert_audit_app_idx").on(t.applicationId, t.at),
    uniqueIndex("cert_audit_app_version_key").on(t.applicationId, t.applicationVersion),
  ],
);

/** API keys (docs/api-keys-and-rate-limits.md#api-keys): only the SHA-256 hash of a key is stored. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    scope: text("scope").notNull(), // client | admin
    keyHash: text("key_hash").notNull(),
    keyPrefix: text("key_prefix").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_keys_hash_key").on(t.keyHash)],
);

/** One row per run of the official-registry import, with its counts. */
export const importRuns = pgTable("import_runs", {
  id: uuid("id").primaryKey().defaultRandom(),
  source: text("source").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  added: integer("added").notNull().default(0),
  updated: integer("updated").notNull().default(0),
  unchanged: integer("unchanged").notNull().default(0),
  removed: integer("removed").notNull().default(0),
  skipped: integer("skipped").notNull().default(0),
  skippedReasons: jsonb("skipped_reasons").notNull().default(sql`'[]'::jsonb`),
  pages: integer("pages").notNull().default(0),
  error: text("error"),
});

/**
 * The server.json of each imported registry name, as the subregistry (/v0.1)
 * serves it: the latest version only, already normalized to the current
 * server.json schema. The verdict is read from `servers` by registry name.
 */
export const registryEntries = pgTable(
  "registry_entries",
  {
    registryName: text("registry_name").primaryKey(),
    version: text("version").notNull(),
    serverJson: jsonb("server_json").notNull(),
    status: text("status").notNull().default("active"), // active | deprecated | deleted
    statusMessage: text("status_message"),
    // Upstream's times when the source carried them; ours otherwise.
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    contentHash: text("content_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("registry_entries_updated_idx").on(t.updatedAt)],
);
