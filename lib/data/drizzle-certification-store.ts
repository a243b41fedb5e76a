import { and, asc, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { certificationApplications, certificationAudit, servers } from "@/db/schema";
import { AppError } from "@/lib/core/errors";
import {
  OPEN_APPLICATION_STATUSES,
  type ApplicationStatus,
  type CertificationApplication,
  type CertificationAuditEntry,
  type CertificationTier,
  type ServerCertificationView,
} from "@/lib/core/certification/certification-application";
import type { CertificationStore } from "@/lib/core/certification/certification-store";
import { certificationStatusFor } from "@/lib/core/certification/certification-status-for";

type ApplicationRow = typeof certificationApplications.$inferSelect;
type AuditRow = typeof certificationAudit.$inferSelect;
type ServerRow = typeof servers.$inferSelect;

function toApplication(row: ApplicationRow): CertificationApplication {
  return { ...row, tier: row.tier as CertificationTier, status: row.status as ApplicationStatus };
}

function toAudit(row: AuditRow): CertificationAuditEntry {
  return { ...row, fromStatus: row.fromStatus as ApplicationStatus | null, toStatus: row.toStatus as ApplicationStatus };
}

function toServerView(row: Pick<ServerRow, "id" | "url" | "grade" | "certificationStatus">): ServerCertificationView {
  return {
    id: row.id,
    url: row.url,
    grade: row.grade as ServerCertificationView["grade"],
    certificationStatus: row.certificationStatus as ServerCertificationView["certificationStatus"],
  };
}

const openStatuses = sql.raw(`(${OPEN_APPLICATION_STATUSES.map((s) => `'${s}'`).join(", ")})`);

/**
 * The drizzle implementation of the certification port. Every change runs
 * in one transaction that locks the server row, then the application row
 * (always in that order, so two changes cannot deadlock), and writes the
 * application, its audit row and the server's certificationStatus together.
 */
export function createDrizzleCertificationStore(db: Database): CertificationStore {
  return {
    async ensureServer(url, fallback) {
      const inserted = await db
        .insert(servers)
        .values({ url, name: fallback.name, publisherName: fallback.publisherName, source: "certify", listed: false })
        .onConflictDoNothing({ target: servers.url })
        .returning({ id: servers.id });
      if (inserted.length > 0) return { id: inserted[0].id, created: true };
      const [row] = await db.select({ id: servers.id }).from(servers).where(eq(servers.url, url)).limit(1);
      return { id: row.id, created: false };
    },

    async openApplication(input, audit) {
      // The partial unique index cert_apps_open_key decides between racing intakes. If the open
      // application we collided with is closed before we read it, try again (rare; bounded).
      for (let attempt = 0; attempt < 5; attempt++) {
        const created = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(certificationApplications)
            .values({ ...input, status: "pending_verification" })
            .onConflictDoNothing({
              target: [certificationApplications.serverId, certificationApplications.tier],
              where: sql`${certificationApplications.status} in ${openStatuses}`,
            })
            .returning();
          if (!row) return null;
          await tx.insert(certificationAudit).values({
            applicationId: row.id,
            actor: audit.actor,
            at: row.createdAt,
            fromStatus: null,
            toStatus: row.status,
            reason: audit.reason,
            applicationVersion: row.version,
          });
          return row;
        });
        if (created) return { application: toApplication(created), created: true };
        const [open] = await db
          .select()
          .from(certificationApplications)
          .where(
            and(
              eq(certificationApplications.serverId, input.serverId),
              eq(certificationApplications.tier, input.tier),
              sql`${certificationApplications.status} in ${openStatuses}`,
            ),
          )
          .limit(1);
        if (open) return { application: toApplication(open), created: false };
      }
      throw new AppError("conflict", "The application could not be opened because of concurrent changes; try again.");
    },

    async getApplication(id) {
      const [row] = await db.select().from(certificationApplications).where(eq(certificationApplications.id, id)).limit(1);
      return row ? toApplication(row) : null;
    },

    async listApplications({ status, limit }) {
      const rows = await db
        .select()
        .from(certificationApplications)
        .where(status ? eq(certificationApplications.status, status) : undefined)
        .orderBy(desc(certificationApplications.createdAt), asc(certificationApplications.id))
        .limit(limit);
      return rows.map(toApplication);
    },

    async listAudit(applicationId) {
      const rows = await db
        .select()
        .from(certificationAudit)
        .where(eq(certificationAudit.applicationId, applicationId))
        .orderBy(sql`${certificationAudit.applicationVersion} asc nulls first`, asc(certificationAudit.at), asc(certificationAudit.id));
      return rows.map(toAudit);
    },

    async changeApplication(id, decide, now) {
      const [peek] = await db
        .select({ serverId: certificationApplications.serverId })
        .from(certificationApplications)
        .where(eq(certificationApplications.id, id))
        .limit(1);
      if (!peek) return null;
      const row = await db.transaction(async (tx) => {
        // Lock order: server, then application. Every writer of a server's certification goes through here.
        const [serverRow] = await tx
          .select({ id: servers.id, url: servers.url, grade: servers.grade, certificationStatus: servers.certificationStatus })
          .from(servers)
          .where(eq(servers.id, peek.serverId))
          .for("update");
        const [current] = await tx.select().from(certificationApplications).where(eq(certificationApplications.id, id)).for("update");
        const application = toApplication(current);
        const change = decide({ application, server: toServerView(serverRow) });
        if (!change) return current;
        const [updated] = await tx
          .update(certificationApplications)
          .set({ ...change.set, status: change.status, version: sql`${certificationApplications.version} + 1`, updatedAt: now })
          .where(and(eq(certificationApplications.id, id), eq(certificationApplications.version, application.version)))
          .returning();
        // Cannot happen under the row lock; kept so a future caller without it fails loudly rather than silently.
        if (!updated) throw new AppError("conflict", "The application changed concurrently; try again.");
        await tx.insert(certificationAudit).values({
          applicationId: id,
          actor: change.audit.actor,
          at: now,
          fromStatus: application.status,
          toStatus: change.status,
          reason: change.audit.reason,
          applicationVersion: updated.version,
        });
        const live = await tx
          .select({ tier: certificationApplications.tier })
          .from(certificationApplications)
          .where(
            and(
              eq(certificationApplications.serverId, serverRow.id),
              eq(certificationApplications.status, "approved"),
              or(isNull(certificationApplications.expiresAt), gt(certificationApplications.expiresAt, now)),
            ),
          );
        const status = certificationStatusFor(live.map((r) => r.tier as CertificationTier));
        if (status !== serverRow.certificationStatus) {
          await tx.update(servers).set({ certificationStatus: status, updatedAt: now }).where(eq(servers.id, serverRow.id));
        }
        return updated;
      });
      return toApplication(row);
    },

    async claimVerificationAttempt(id, now, minIntervalMs) {
      const claimed = await db
        .update(certificationApplications)
        .set({ lastVerificationAttemptAt: now })
        .where(
          and(
            eq(certificationApplications.id, id),
            eq(certificationApplications.status, "pending_verification"),
            minIntervalMs > 0
              ? or(
                  isNull(certificationApplications.lastVerificationAttemptAt),
                  lte(certificationApplications.lastVerificationAttemptAt, new Date(now.getTime() - minIntervalMs)),
                )
              : undefined,
          ),
        )
        .returning({ id: certificationApplications.id });
      return claimed.length > 0;
    },

    async listDueExpirations(now, limit) {
      const rows = await db
        .select({ id: certificationApplications.id })
        .from(certificationApplications)
        .where(and(eq(certificationApplications.status, "approved"), lte(certificationApplications.expiresAt, now)))
        .orderBy(asc(certificationApplications.expiresAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}
