import type { Metadata } from "next";
import { GradeDistributionChart } from "@/components/grade-distribution-chart";
import { ServerList } from "@/components/server-list";
import { StatTiles } from "@/components/stat-tiles";
import { appServices } from "@/lib/services/app-services";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Registry statistics" };

/** /stats: the numbers of GET /api/v1/stats, from the same memoized reader (no second aggregate query). */
export default async function StatsPage() {
  const { stats: reader } = await appServices();
  const { stats, recentlyScanned, highestRated, recentlyFlagged } = await reader.get();
  return (
    <>
      <h1>Registry statistics</h1>
      <StatTiles
        items={[
          { label: "Listed servers", value: stats.totalServers },
          { label: "Certified servers", value: stats.certifiedServers },
          { label: "Average trust score", value: stats.totalServers ? Math.round(stats.avgTrustScore * 10) / 10 : "—" },
          { label: "Recently flagged", value: stats.recentlyFlagged },
          { label: "Scans, all time", value: stats.totalScans },
          { label: "Scans, last 24 hours", value: stats.scansLast24h },
        ]}
      />
      <section className="profile-section" aria-labelledby="grades-title">
        <h2 id="grades-title">Grade distribution</h2>
        <GradeDistributionChart distribution={stats.gradeDistribution} />
      </section>
      <div className="columns">
        <section aria-labelledby="recent-title">
          <h2 id="recent-title">Recently scanned</h2>
          <ServerList servers={recentlyScanned} empty="No scans yet." />
        </section>
        <section aria-labelledby="top-title">
          <h2 id="top-title">Highest rated</h2>
          <ServerList servers={highestRated} empty="No rated servers yet." />
        </section>
        <section aria-labelledby="flagged-title">
          <h2 id="flagged-title">Recently flagged</h2>
          <p className="muted">Latest scan in the last 7 days lowered the grade, added a critical or high finding, or changed tool definitions.</p>
          <ServerList servers={recentlyFlagged} empty="Nothing flagged in the last 7 days." />
        </section>
      </div>
    </>
  );
}
