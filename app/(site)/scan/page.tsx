import type { Metadata } from "next";
import { ScanForm } from "@/components/scan-form";
import { appServices } from "@/lib/services/app-services";
import { scanAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Scan a server" };
// A scan may take up to its deadline before the action answers.
export const maxDuration = 60;

/** /scan?url=…: the form is prefilled from a profile's "Scan again". */
export default async function ScanPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).url;
  const initialUrl = typeof raw === "string" ? raw.slice(0, 2048) : "";
  const { config, rateLimiter } = await appServices();
  const scanLimit = rateLimiter.policy.scan;
  const deadlineSeconds = Math.ceil(config.SCAN_DEADLINE_MS / 1000);
  return (
    <section className="narrow" aria-labelledby="page-title">
      <h1 id="page-title">Scan an MCP server</h1>
      <p className="lead">
        The registry connects to the server as an MCP client, lists its tools, resources and prompts, checks its transport and TLS, and scores what it
        finds. A new server is added to the registry.
      </p>
      <ScanForm action={scanAction} initialUrl={initialUrl} deadlineSeconds={deadlineSeconds} />
      <h2>Good to know</h2>
      <ul>
        <li>
          Each address may run {scanLimit.limit} scans per {scanLimit.windowMs === 3_600_000 ? "hour" : `${Math.round(scanLimit.windowMs / 60_000)} minutes`}; scans
          through the REST API count against the same limit.
        </li>
        <li>Only public servers can be scanned: private, loopback, link-local and cloud metadata addresses are refused before any connection.</li>
        <li>The scan does not call any tool; it reads what the server declares.</li>
      </ul>
    </section>
  );
}
