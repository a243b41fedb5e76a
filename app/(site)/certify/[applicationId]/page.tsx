import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CopyButton } from "@/components/copy-button";
import { Untrusted } from "@/components/untrusted-text";
import { toPublicApplication } from "@/lib/core/certification/application-views";
import { getCertificationApplication } from "@/lib/core/certification/get-certification-application";
import { isAppError } from "@/lib/core/errors";
import { hasPublicProfile } from "@/lib/core/registry/get-server-profile";
import { formatDateTime } from "@/lib/site/format-time";
import { profilePath } from "@/lib/site/server-links";
import { appServices } from "@/lib/services/app-services";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Certification application", robots: { index: false } };

const STATUS_WORDS: Record<string, { title: string; text: string }> = {
  pending_verification: { title: "Waiting for verification", text: "Publish the token below; this page checks for it each time you open it (at most every 30 seconds)." },
  verified: { title: "Verified", text: "You proved control of the origin. An operator reviews the application once it is paid." },
  approved: { title: "Approved", text: "The server is certified at this tier." },
  rejected: { title: "Rejected", text: "An operator rejected the application." },
  expired: { title: "Expired", text: "The certification ran out after a year. Apply again to renew it." },
  revoked: { title: "Revoked", text: "An operator revoked the certification." },
};

/**
 * /certify/{applicationId}: the page a publisher returns to. It shows the
 * public view of the application (toPublicApplication), which never holds
 * the contact email or the publisher name: anyone with the id can read it.
 * Opening it re-checks verification, like GET /api/v1/certify/{id}.
 */
export default async function ApplicationPage({
  params,
  searchParams,
}: {
  params: Promise<{ applicationId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { applicationId } = await params;
  const services = await appServices();
  let view;
  try {
    view = toPublicApplication(await getCertificationApplication(services.certification, applicationId), services.config.BASE_URL);
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  }
  const submitted = (await searchParams).submitted === "1";
  const words = STATUS_WORDS[view.status] ?? { title: view.status, text: "" };
  const hasProfile = await hasPublicProfile(services.store, view.server_url);

  return (
    <section className="narrow" aria-labelledby="page-title">
      {submitted ? (
        <div className="notice notice-success" role="status">
          <p className="notice-title">Application received.</p>
          <p>Keep this page&apos;s address: it is where you follow the application.</p>
        </div>
      ) : null}
      <h1 id="page-title">Certification application</h1>
      <dl className="facts">
        <div className="fact">
          <dt>Status</dt>
          <dd>
            <strong className={`app-status app-status-${view.status}`}>{words.title}</strong>
            <span className="muted"> ({view.status})</span>
          </dd>
        </div>
        <div className="fact">
          <dt>Server</dt>
          <dd>
            <code>
              <Untrusted text={view.server_url} max={300} />
            </code>
            {hasProfile ? (
              <>
                {" "}
                · <a href={profilePath(view.server_url)}>profile</a>
              </>
            ) : null}
          </dd>
        </div>
        <div className="fact">
          <dt>Tier</dt>
          <dd>{view.tier}</dd>
        </div>
        <div className="fact">
          <dt>Application id</dt>
          <dd>
            <code>{view.applicationId}</code>
          </dd>
        </div>
        <div className="fact">
          <dt>Opened</dt>
          <dd>{formatDateTime(view.createdAt)}</dd>
        </div>
        <div className="fact">
          <dt>Payment</dt>
          <dd>{view.payment.paid ? "Recorded" : "Not recorded yet"}</dd>
        </div>
        {view.approvedAt ? (
          <div className="fact">
            <dt>Approved</dt>
            <dd>{formatDateTime(view.approvedAt)}</dd>
          </div>
        ) : null}
        {view.expiresAt ? (
          <div className="fact">
            <dt>Expires</dt>
            <dd>{formatDateTime(view.expiresAt)}</dd>
          </div>
        ) : null}
        {view.reason ? (
          <div className="fact">
            <dt>Reason</dt>
            <dd>
              <Untrusted text={view.reason} max={500} block />
            </dd>
          </div>
        ) : null}
      </dl>
      <p>{words.text}</p>

      <h2>Verification</h2>
      {view.verification.verified ? (
        <p>Verified{view.verification.verifiedAt ? ` on ${formatDateTime(view.verification.verifiedAt)}` : ""}.</p>
      ) : (
        <>
          {view.verification.instructions ? <p>{view.verification.instructions}</p> : null}
          <div className="snippet">
            <div className="snippet-head">
              <span id="token-label">Verification token</span>
              {view.verification.token ? <CopyButton text={view.verification.token} label="verification token" /> : null}
            </div>
            <pre aria-labelledby="token-label">
              <code>{view.verification.token ?? "(no token: the application is no longer pending)"}</code>
            </pre>
          </div>
          <div className="snippet">
            <div className="snippet-head">
              <span id="vurl-label">Verification URL</span>
            </div>
            <pre aria-labelledby="vurl-label">
              <code>{view.verification.url}</code>
            </pre>
          </div>
          <p className="muted">
            Last checked: {view.verification.lastCheckedAt ? formatDateTime(view.verification.lastCheckedAt) : "not yet"}.{" "}
            <a href={`/certify/${view.applicationId}`}>Check again</a>
          </p>
        </>
      )}

      <h2>Payment</h2>
      <p>{view.payment.note}</p>
      <p className="muted">
        The same status as JSON: <a href={`/api/v1/certify/${view.applicationId}`}>/api/v1/certify/{view.applicationId}</a>
      </p>
    </section>
  );
}
