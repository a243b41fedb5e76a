import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provideAppServices } from "@/lib/services/app-services";
import * as openapiRoute from "@/app/api/v1/openapi.json/route";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { callRoute } from "./call-route";

/**
 * The OpenAPI document, as the route serves it, linted by Redocly CLI with
 * the recommended ruleset (redocly.yaml says the one adjustment and why):
 * 0 errors, 0 warnings. Offline: telemetry and update checks are off, and
 * the document has no external references to fetch.
 */

const run = promisify(execFile);
const ROOT = process.cwd();
const CLI = path.join(ROOT, "node_modules", "@redocly", "cli", "bin", "cli.js");
const ENV = {
  ...process.env,
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  REDOCLY_SUPPRESS_NOTIFICATIONS: "true",
  NO_COLOR: "1",
};

type LintReport = { totals: { errors: number; warnings: number; ignored: number }; problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };

async function lint(file: string): Promise<LintReport> {
  // Exit code 1 when there are errors; the JSON report is on stdout either way.
  const result = await run(process.execPath, [CLI, "lint", file, "--config", path.join(ROOT, "redocly.yaml"), "--format=json"], {
    cwd: ROOT,
    env: ENV,
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? "", stderr: error.stderr ?? "" }));
  const start = result.stdout.indexOf("{");
  if (start < 0) throw new Error(`redocly printed no report: ${result.stdout}\n${result.stderr}`);
  return JSON.parse(result.stdout.slice(start)) as LintReport;
}

const summary = (report: LintReport) => report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);

describe(`OpenAPI lint (Redocly, recommended) on ${databaseKind()}`, () => {
  let services: TestServices;
  let dir: string;
  let doc: Record<string, unknown>;

  beforeAll(async () => {
    services = await openTestServices({ BASE_URL: "https://trust.example.org" });
    provideAppServices(services);
    const response = await callRoute(openapiRoute.GET, "/api/v1/openapi.json");
    expect(response.status).toBe(200);
    doc = (await response.json()) as Record<string, unknown>;
    dir = mkdtempSync(path.join(tmpdir(), "openapi-lint-"));
  });
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await services?.close();
  });

  it("has no errors and no warnings", async () => {
    const file = path.join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const report = await lint(file);
    expect(summary(report)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it("still holds every other operation to a 4xx reply (the one rule redocly.yaml narrows)", async () => {
    const broken = structuredClone(doc) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const responses = broken.paths["/api/v1/stats"].get.responses;
    for (const status of Object.keys(responses)) if (status.startsWith("4")) delete responses[status];
    const file = path.join(dir, "broken.json");
    writeFileSync(file, JSON.stringify(broken));
    const report = await lint(file);
    expect(summary(report)).toEqual([expect.stringMatching(/^warn rule\/operation-4xx-response at #\/paths\/~1api~1v1~1stats\/get\/responses/)]);
  });
});
