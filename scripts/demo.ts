/**
 * `npm run demo`: starts example MCP servers from tests/fixtures on loopback
 * (benign and poisoned), scans them into the configured database (the
 * embedded one by default), then serves the app, so a newcomer sees real
 * scanned data in the UI. The example servers stay up until Ctrl-C, so
 * rescans from the UI work too.
 */
import { parseArgs } from "node:util";
import { config } from "@/lib/config";
import { scanServer } from "@/lib/core/registry/scan-server";
import { ensureProductionBuild } from "@/lib/server/ensure-build";
import { startHttpServer } from "@/lib/server/http-server";
import { startSseFixture, startStreamableHttpFixture } from "../tests/fixtures/harness/mcp-fixture";
import type { FixtureHandle } from "../tests/fixtures/harness/http-fixture";
import { BENIGN_DEVELOPMENT_SERVERS } from "../tests/fixtures/servers/benign/benign-servers";
import { MALICIOUS_DEVELOPMENT_SERVERS } from "../tests/fixtures/servers/malicious/malicious-servers";
import { holdEmbeddedDatabase, openCliServices } from "./lib/open-cli-services";
import { runCli } from "./lib/run-cli";

const BENIGN_COUNT = 8;
const MALICIOUS_COUNT = 5;

async function main(): Promise<void> {
  parseArgs({ options: {} });
  const settings = config();
  // First, so a database that cannot be opened stops the demo before any example server starts.
  const services = await openCliServices(settings);
  const fixtures: FixtureHandle[] = [];
  const examples = [...BENIGN_DEVELOPMENT_SERVERS.slice(0, BENIGN_COUNT), ...MALICIOUS_DEVELOPMENT_SERVERS.slice(0, MALICIOUS_COUNT)];
  for (const [i, example] of examples.entries()) {
    // One example speaks the legacy HTTP+SSE transport, to show the fallback.
    const start = i === 1 ? startSseFixture : startStreamableHttpFixture;
    fixtures.push(await start(() => example.createServer()));
  }
  // The examples live on loopback: allow exactly that, not the private ranges.
  const scanner = { ...services.scanner, scanOptions: { ...services.scanner.scanOptions, allowedRanges: ["127.0.0.0/8"] } };
  for (const [i, fixture] of fixtures.entries()) {
    const { outcome } = await scanServer(scanner, fixture.url, "demo");
    const verdict = outcome.score ? `${outcome.score.grade} ${outcome.score.trustScore}` : outcome.status;
    console.log(`scanned ${examples[i].serverInfo.name.padEnd(28)} ${fixture.url.padEnd(32)} ${verdict}`);
  }
  await services.close();

  ensureProductionBuild(process.cwd());
  holdEmbeddedDatabase(settings);
  const server = await startHttpServer({ dev: false, host: settings.HOST, port: settings.PORT, trustedProxyCount: settings.TRUSTED_PROXY_COUNT });
  console.log(`\nThe registry is up at ${server.url} with ${fixtures.length} scanned example servers.`);
  console.log(`Try ${server.url}/ (search), ${server.url}/stats, or ${server.url}/api/v1/search?sort=score-low`);
  console.log("Ctrl-C stops the app and the example servers.");
  const stop = async () => {
    await server.close();
    await Promise.all(fixtures.map((f) => f.close()));
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

runCli(
  {
    usage: ["npm run demo"],
    description:
      `Starts ${BENIGN_COUNT + MALICIOUS_COUNT} example MCP servers from tests/fixtures on loopback (benign and poisoned), ` +
      "scans them into the configured database (the embedded one at PGLITE_DIR by default), builds the app if needed and serves it " +
      "on PORT, so you see real scanned data in the UI. Ctrl-C stops the app and the example servers. " +
      "Like npm start, it owns the embedded database while it runs (docs/operations.md).",
    options: [["-h, --help", "print this help and exit"]],
    examples: ["npm run demo", "PORT=3001 PGLITE_DIR=./.data/demo npm run demo"],
  },
  main,
);
