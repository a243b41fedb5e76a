import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportedServer } from "@/lib/core/registry/registry-store";
import { checkTrust, type TrustQuery } from "@/lib/core/registry/check-trust";
import { checkTrustOutputSchema } from "@/lib/mcp/check-trust-tool";
import { provideAppServices } from "@/lib/services/app-services";
import { buildScanOutcome } from "../../support/scan-outcome-builder";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { connectInProcess, textOf, type InProcessClient } from "./in-process-client";
import { recordScanOutcome } from "@/lib/core/registry/record-scan";
import { importServerEntry } from "@/lib/core/registry/import/decide-import";

/**
 * check_trust for packages (docs/identity.md#check_trust,
 * docs/identity.md#listed-versus-assessed): the package server's own verdict,
 * the servers that name the package, and the three states an agent must
 * tell apart: assessed, known but not yet assessed, not in the registry.
 */
const BASE_URL = "http://localhost:3000";
const PACKAGE = "@fixture/weather-mcp";
const PURL = "pkg:npm/%40fixture/weather-mcp";
const HOSTED = "https://weather.fixture-hosted.dev/mcp";

const entry = (registryName: string, url: string, packageName: string): ImportedServer => ({
  registryName,
  url,
  name: registryName,
  title: null,
  description: null,
  version: "1.0.0",
  publisherName: "fixture",
  packageName,
  packageRegistry: "npm",
  repositoryUrl: null,
  websiteUrl: null,
  transportType: "stdio",
  registryStatus: "active",
});

describe(`check_trust for package servers on ${databaseKind()}`, () => {
  let services: TestServices;
  let mcp: InProcessClient;
  // The tool's arguments, mapped as the tool maps them; the answer must fit the tool's published output schema.
  const check = async (input: { server_url: string } | { package_name: string }) => {
    const query: TrustQuery = "server_url" in input ? { serverUrl: input.server_url } : { packageName: input.package_name };
    return checkTrustOutputSchema.parse(await checkTrust(services.store, BASE_URL, query));
  };

  beforeAll(async () => {
    services = await openTestServices();
    provideAppServices(services);
    await importServerEntry(services.store, entry("io.github.fixture/weather", PURL, PACKAGE), "h1");
    await importServerEntry(services.store, entry("io.github.fixture/hosted", HOSTED, PACKAGE), "h2");
    await importServerEntry(services.store, entry("io.github.fixture/notes", "pkg:npm/fixture-notes", "fixture-notes"), "h3");
    mcp = await connectInProcess({ clientIp: "198.51.100.77" });
  });
  afterAll(async () => {
    await mcp?.close();
    await services?.close();
  });

  it("tells a package the registry has never seen: not in the registry", async () => {
    for (const input of [{ package_name: "@nobody/nothing" }, { package_name: "pkg:npm/%40nobody/nothing" }]) {
      expect(await check(input)).toMatchObject({ found: false, status: "not_in_registry", recommendation: "unknown", url: null, packageName: "@nobody/nothing" });
    }
    expect(await check({ server_url: "pkg:npm/%40nobody/nothing" })).toMatchObject({ status: "not_in_registry", url: "pkg:npm/%40nobody/nothing" });
    expect(await check({ server_url: "https://never-seen.example/mcp" })).toMatchObject({ status: "not_in_registry", recommendation: "unknown" });
  });

  it("tells a known package without a verdict: known, not yet assessed, never allow, and not 'scan it'", async () => {
    for (const input of [{ package_name: "fixture-notes" }, { server_url: "pkg:npm/fixture-notes" }]) {
      const body = await check(input);
      expect(body).toMatchObject({ found: false, status: "known_not_assessed", recommendation: "unknown", url: "pkg:npm/fixture-notes", name: "io.github.fixture/notes" });
      expect(body.message).toMatch(/not yet assessed/);
      expect(body.message).not.toMatch(/call scan_server/);
    }
    const result = await mcp.call("check_trust", { package_name: "fixture-notes" });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/^recommendation: unknown \(known, not yet assessed\)/);
  });

  it("answers from the remote servers that name the package while the package itself awaits assessment", async () => {
    await recordScanOutcome(services.store, buildScanOutcome({ url: HOSTED, score: 85 }), { trigger: "rescan", fallbackName: "x", fallbackPublisher: "x" });
    const body = await check({ package_name: PACKAGE });
    expect(body).toMatchObject({ found: true, status: "assessed", url: HOSTED, grade: "B", recommendation: "allow", packageName: PACKAGE });
    expect(body.message).toContain(`The package itself (${PURL}) is known but not yet assessed.`);
  });

  it("answers from the package's own verdict once it has one, under its purl, with the servers naming it in matches", async () => {
    await recordScanOutcome(services.store, buildScanOutcome({ url: PURL, score: 45 }), { trigger: "rescan", fallbackName: "x", fallbackPublisher: "x" });
    for (const input of [{ package_name: PACKAGE }, { package_name: "pkg:npm/@fixture/weather-mcp" }]) {
      const body = await check(input);
      expect(body).toMatchObject({ found: true, status: "assessed", url: PURL, grade: "D", recommendation: "refuse", packageName: PACKAGE });
      expect(body.profileUrl).toBe(`${BASE_URL}/api/v1/server/${encodeURIComponent(PURL)}`);
      expect(body.matches.map((m) => [m.url, m.grade])).toEqual([
        [HOSTED, "B"],
        [PURL, "D"],
      ]);
      expect(body.message).toMatch(/the package itself: grade D/);
    }
    const byUrl = await check({ server_url: "pkg:npm/@fixture/weather-mcp" });
    expect(byUrl).toMatchObject({ status: "assessed", url: PURL, grade: "D", matches: [] });
  });

  it("refuses a malformed purl as a bad argument, like a malformed URL", async () => {
    const result = await mcp.call("check_trust", { server_url: "pkg:npm/%zz" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^invalid_url: .*not a valid Package URL/);
  });
});
