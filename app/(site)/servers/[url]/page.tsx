import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BadgeEmbed } from "@/components/badge-embed";
import { CertificationTag } from "@/components/certification-tag";
import { DiscoveredCapabilities } from "@/components/discovered-capabilities";
import { FactorBreakdown } from "@/components/factor-breakdown";
import { FindingsBySeverity } from "@/components/findings-by-severity";
import { GradeMark } from "@/components/grade-mark";
import { ScanHistoryTable } from "@/components/scan-history-table";
import { ScoreHistoryChart } from "@/components/score-history-chart";
import { TransportFacts } from "@/components/transport-facts";
import { Untrusted } from "@/components/untrusted-text";
import { formatDateTime } from "@/lib/site/format-time";
import { appServices } from "@/lib/services/app-services";
import { loadAwaitingServer, loadServerPage } from "@/lib/site/load-server-page";
import { httpUrlOrNull } from "@/lib/core/registry/http-url";
import { parsePurl } from "@/lib/core/registry/purl";
import { apiServerPath } from "@/lib/core/registry/server-api-path";
import { serverUrlFromSegment } from "@/lib/site/server-links";
import { visibleLine } from "@/lib/site/visible-text";
import { AwaitingAssessment } from "./awaiting-assessment";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ url: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function serverUrlOf(params: Props["params"]): Promise<string> {
  return serverUrlFromSegment((await params).url);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const serverUrl = await serverUrlOf(params);
  const data = await loadServerPage(await appServices(), serverUrl);
  if (!data) {
    const awaiting = await loadAwaitingServer(await appServices(), serverUrl);
    // Strangers' text without a verdict: shown, but not offered to search engines.
    if (awaiting) return { title: `${visibleLine(awaiting.name, 80)}: awaiting assessment`, robots: { index: false } };
    return { title: "Server not found" };
  }
  const { profile } = data;
  const name = visibleLine(profile.name, 80);
  const description = `Grade ${profile.grade}, trust score ${profile.trustScore}/100 (${profile.trustLabel}). ${visibleLine(profile.trustSummary, 200)}`;
  return { title: `${name}: grade ${profile.grade}`, description, openGraph: { title: `${name}: grade ${profile.grade} on MCP Trust Registry`, description } };
}

export default async function ServerPage({ params, searchParams }: Props) {
  const serverUrl = await serverUrlOf(params);
  const data = await loadServerPage(await appServices(), serverUrl);
  if (!data) {
    const awaiting = await loadAwaitingServer(await appServices(), serverUrl);
    if (!awaiting) notFound();
    return <AwaitingAssessment server={awaiting} />;
  }
  const { profile, report, baseUrl } = data;
  const justScanned = (await searchParams).scanned === "1";
  const repository = httpUrlOrNull(profile.repositoryUrl);
  // A package (its url is a purl: docs/identity.md#what-a-server-is-keyed-by) is assessed by the registry: it cannot be scanned or certified by URL.
  const isPackage = parsePurl(profile.url) !== null;
  const findings = report?.findings ?? [];

  return (
    <article className="profile">
      {justScanned ? (
        <div className="notice notice-success" role="status">
          <p className="notice-title">Scan finished.</p>
          <p>This is the result of the scan you just ran.</p>
        </div>
      ) : null}

      <header className="profile-header">
        <div className="profile-identity">
          <p className="eyebrow">MCP server</p>
          <h1 className="profile-name">
            <Untrusted text={profile.name} max={160} />
          </h1>
          <p className="profile-url">
            <code>
              <Untrusted text={profile.url} max={300} />
            </code>
          </p>
          <dl className="profile-facts">
            <div>
              <dt>Publisher</dt>
              <dd>
                <Untrusted text={profile.publisherName} max={120} />
              </dd>
            </div>
            {profile.packageName ? (
              <div>
                <dt>Package</dt>
                <dd>
                  <code>
                    <Untrusted text={profile.packageName} max={120} />
                  </code>
                </dd>
              </div>
            ) : null}
            {repository ? (
              <div>
                <dt>Repository</dt>
                <dd>
                  <a href={repository} rel="nofollow noopener noreferrer ugc">
                    <Untrusted text={profile.repositoryUrl} max={120} />
                  </a>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>Certification</dt>
              <dd>
                <CertificationTag status={profile.certificationStatus} />
              </dd>
            </div>
            <div>
              <dt>Last scanned</dt>
              <dd>{formatDateTime(profile.lastScanned)}</dd>
            </div>
            <div>
              <dt>Scans</dt>
              <dd>{profile.scanCount}</dd>
            </div>
          </dl>
        </div>

        <section className="verdict" aria-labelledby="verdict-title">
          <h2 id="verdict-title" className="visually-hidden">
            Verdict
          </h2>
          <GradeMark grade={profile.grade} score={profile.trustScore} size="large" />
          <p className={`trust-label trust-label-large label-${profile.trustLabel}`}>{profile.trustLabel}</p>
          {report?.uncappedGrade && report.uncappedGrade !== profile.grade ? (
            <p className="verdict-cap">
              Grade capped from {report.uncappedGrade}
              {report.capReason ? (
                <>
                  : <Untrusted text={report.capReason} max={200} />
                </>
              ) : null}
            </p>
          ) : null}
        </section>
      </header>

      <section className="profile-section" aria-labelledby="summary-title">
        <h2 id="summary-title">Summary</h2>
        <p>
          <Untrusted text={profile.trustSummary} max={600} block />
        </p>
        {profile.findingsSummary ? (
          <p className="muted">
            <Untrusted text={profile.findingsSummary} max={300} />
          </p>
        ) : null}
        <p className="muted">Trust scores, findings and scan results are decision support, not guarantees.</p>
        <p className="profile-actions">
          <a className="button" href={apiServerPath(profile.url, "report")} download>
            Download the full report (JSON)
          </a>
          {isPackage ? null : (
            <a className="button button-secondary" href={`/scan?url=${encodeURIComponent(profile.url)}`}>
              Scan again
            </a>
          )}
        </p>
      </section>

      <section className="profile-section" aria-labelledby="factors-title">
        <h2 id="factors-title">Score breakdown</h2>
        <p className="muted">The score is the sum of seven factors. Each bar shows the points earned out of the factor&apos;s maximum.</p>
        {report?.factors ? <FactorBreakdown factors={report.factors} /> : <p>No factor breakdown recorded.</p>}
      </section>

      <section className="profile-section" aria-labelledby="findings-title">
        <h2 id="findings-title">Findings ({findings.length})</h2>
        <FindingsBySeverity findings={findings} />
      </section>

      <section className="profile-section" aria-labelledby="discovery-title">
        <h2 id="discovery-title">What the server exposes</h2>
        {report?.discovery ? <DiscoveredCapabilities discovery={report.discovery} /> : <p>Nothing was listed in the last scan.</p>}
      </section>

      <section className="profile-section" aria-labelledby="transport-title">
        <h2 id="transport-title">Transport and TLS</h2>
        <TransportFacts report={report} transportType={profile.transportType} />
      </section>

      <section className="profile-section" aria-labelledby="history-title">
        <h2 id="history-title">Scan history</h2>
        <ScoreHistoryChart history={profile.lastScanHistory} />
        <ScanHistoryTable history={profile.lastScanHistory} />
      </section>

      <section className="profile-section" aria-labelledby="cert-title">
        <h2 id="cert-title">Certification</h2>
        <p>
          <CertificationTag status={profile.certificationStatus} />
        </p>
        {profile.certificationStatus === "none" && isPackage ? (
          <p>Certification is for hosted servers, whose publishers can prove control of the server&apos;s origin; packages are assessed, not certified.</p>
        ) : profile.certificationStatus === "none" ? (
          <p>
            Publishers can apply for standard (grade C or better) or premium (grade B or better) certification.{" "}
            <a href={`/certify?server_url=${encodeURIComponent(profile.url)}`}>Apply for this server</a>.
          </p>
        ) : (
          <p>The publisher proved control of this server&apos;s origin and an operator approved the application.</p>
        )}
      </section>

      <section className="profile-section" aria-labelledby="badge-title">
        <h2 id="badge-title">Badge</h2>
        <p>Show this server&apos;s grade in a README or on a web page. The badge updates with every scan.</p>
        <BadgeEmbed serverUrl={profile.url} baseUrl={baseUrl} grade={profile.grade} score={profile.trustScore} />
      </section>
    </article>
  );
}
