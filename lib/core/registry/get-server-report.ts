import { AppError } from "../errors";
import type { RegistryStore } from "./registry-store";
import { findListedServer, HISTORY_LIMIT } from "./get-server-profile";
import { toScanHistoryEntry, toServerDetail } from "./server-views";

/**
 * The downloadable evidence behind a verdict (docs/findings-and-scans.md#the-report): the factor breakdown,
 * what the server exposed, what the network showed, and every finding.
 * Built from the scan that produced the current verdict, so the report and
 * the profile never disagree.
 */
export async function getServerReport(store: RegistryStore, rawUrl: string, options: { baseUrl: string; now?: Date }) {
  const server = await findListedServer(store, rawUrl);
  const [scan, history] = await Promise.all([
    server.latestScanId ? store.getScan(server.latestScanId) : null,
    store.listScans(server.id, HISTORY_LIMIT),
  ]);
  if (!scan || scan.trustScore === null) throw new AppError("not_found", "This server has no report yet.");
  const { lastScanHistory: _history, ...serverWithoutHistory } = toServerDetail(server, []);
  const discovery = scan.discovery;
  return {
    reportVersion: "1",
    generatedAt: (options.now ?? new Date()).toISOString(),
    disclaimer: "Trust scores, findings and scan results are decision support, not guarantees.",
    server: serverWithoutHistory,
    scan: {
      scanId: scan.id,
      scannedAt: scan.scannedAt.toISOString(),
      status: scan.status,
      durationMs: scan.durationMs,
      scoringVersion: scan.scoringVersion,
    },
    trustScore: scan.trustScore,
    grade: scan.grade,
    uncappedGrade: scan.uncappedGrade,
    capReason: scan.capReason,
    trustLabel: scan.trustLabel,
    trustSummary: scan.trustSummary,
    factors: scan.factors,
    discovery: discovery
      ? {
          serverInfo: discovery.serverInfo,
          protocolVersion: discovery.protocolVersion,
          capabilities: discovery.capabilities,
          instructions: discovery.instructions,
          transport: discovery.transport,
          tools: discovery.tools.map((t) => ({
            name: t.name,
            title: t.title ?? null,
            description: t.description ?? null,
            annotations: t.annotations ?? null,
            schemaHash: t.schemaHash,
          })),
          resources: discovery.resources,
          resourceTemplates: discovery.resourceTemplates,
          prompts: discovery.prompts,
          listingProblems: discovery.listingProblems,
        }
      : null,
    network: scan.network
      ? {
          scheme: scan.network.scheme,
          host: scan.network.host,
          resolvedAddresses: scan.network.resolvedAddresses,
          redirectChain: scan.network.redirectChain,
          tls: scan.network.tls ? { ...scan.network.tls, hsts: scan.network.hsts } : null,
        }
      : null,
    findings: scan.findings,
    ruleCatalogue: `${options.baseUrl}/api/v1/rules`,
    changes: scan.changes,
    history: history.map(toScanHistoryEntry),
  };
}

export type ServerReport = Awaited<ReturnType<typeof getServerReport>>;
