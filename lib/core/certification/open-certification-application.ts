import { randomBytes } from "node:crypto";
import { normalizeServerUrl } from "../registry/normalize-url";
import type { CertificationApplication, CertificationTier } from "./certification-application";
import type { CertificationDeps } from "./certification-deps";
import { checkApplicationVerification } from "./check-application-verification";

export interface CertificationIntake {
  serverUrl: string;
  tier: CertificationTier;
  contactEmail: string;
  publisherName: string | null;
}

/**
 * POST /api/v1/certify (docs/certification.md#applying): opens an application, or answers the open one
 * for the same server and tier, re-checking its verification (the publisher
 * calling again is how they say "I published the token"). A server the
 * registry does not know is scanned first (hook) and in any case given an
 * unlisted registry row, so the application has something to point at.
 */
export async function openCertificationApplication(
  deps: CertificationDeps,
  intake: CertificationIntake,
): Promise<{ application: CertificationApplication; created: boolean }> {
  const serverUrl = normalizeServerUrl(intake.serverUrl);
  const known = await deps.registry.findServerByUrl(serverUrl);
  if ((!known || !known.lastScannedAt) && deps.scanIfUnknown) await deps.scanIfUnknown(serverUrl);
  const host = new URL(serverUrl).host;
  const server = await deps.store.ensureServer(serverUrl, { name: host, publisherName: host });
  const opened = await deps.store.openApplication(
    {
      serverId: server.id,
      serverUrl,
      tier: intake.tier,
      contactEmail: intake.contactEmail,
      publisherName: intake.publisherName,
      verificationToken: `mtr-verify-${randomBytes(24).toString("base64url")}`,
    },
    { actor: "publisher", reason: "application received" },
  );
  if (opened.created) return opened;
  const check = await checkApplicationVerification(deps, opened.application);
  return { application: check.application, created: false };
}
