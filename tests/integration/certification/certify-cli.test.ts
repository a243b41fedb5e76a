import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { approveCertification } from "@/lib/core/certification/approve-certification";
import { markCertificationPaid } from "@/lib/core/certification/mark-certification-paid";
import { openCertificationApplication } from "@/lib/core/certification/open-certification-application";
import { openServices, type Services } from "@/lib/services/open-services";
import { startHttpFixture, type FixtureHandle } from "../../fixtures/harness/http-fixture";
import { buildScanOutcome } from "../../support/scan-outcome-builder";
import { databaseKind, openTestServices, type TestServices } from "../support/test-services";
import { recordScanOutcome } from "@/lib/core/registry/record-scan";

const run = promisify(execFile);

/** `npm run certify -- verify ID | expire | list`, as separate processes against the same database. */
describe(`npm run certify (${databaseKind()})`, () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let shared: TestServices | null = null;
  let origin: FixtureHandle;
  let published = "";

  beforeAll(async () => {
    origin = await startHttpFixture((req, res) => {
      res.writeHead(published ? 200 : 404, { "content-type": "text/plain" });
      res.end(published || "not found");
    });
    dir = mkdtempSync(path.join(tmpdir(), "mtr-certify-"));
    env = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "test", PGLITE_DIR: path.join(dir, "pglite"), DATABASE_URL: "", REDIS_URL: "", SCAN_ALLOW_PRIVATE_TARGETS: "true" };
    if (process.env.TEST_DATABASE_URL) {
      shared = await openTestServices();
      env.DATABASE_URL = shared.databaseUrl;
    }
  });
  afterAll(async () => {
    await shared?.close();
    await origin?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** PGlite allows one process per data directory: open, use, close, then let the CLI in. */
  async function withServices<T>(fn: (services: Services) => Promise<T>): Promise<T> {
    if (shared) return fn(shared);
    const services = await openServices(parseConfig({ PGLITE_DIR: env.PGLITE_DIR!, NODE_ENV: "test" }));
    try {
      return await fn(services);
    } finally {
      await services.close();
    }
  }
  const certify = (...args: string[]) => run(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/certify.ts", ...args], { env, timeout: 60_000 });

  it("verifies on demand, expires what is due and lists", async () => {
    const serverUrl = `http://127.0.0.1:${origin.port}/mcp`;
    const { pending, token, lapsed } = await withServices(async (services) => {
      const deps = { ...services.certification, scanIfUnknown: undefined };
      const opened = await openCertificationApplication(deps, { serverUrl, tier: "standard", contactEmail: "cli@x.example", publisherName: null });
      // A second application, approved 366 days ago, for `expire`.
      await recordScanOutcome(services.store, buildScanOutcome({ url: serverUrl, score: 90 }), { trigger: "api", fallbackName: "x", fallbackPublisher: "x" });
      const other = await openCertificationApplication(deps, { serverUrl, tier: "premium", contactEmail: "cli@x.example", publisherName: null });
      await services.certification.store.changeApplication(other.application.id, () => ({ status: "verified", set: { verifiedAt: new Date() }, audit: { actor: "system", reason: "test" } }), new Date());
      await markCertificationPaid(services.certification.store, other.application.id, "key:t", "pi_1");
      await approveCertification(services.certification.store, other.application.id, "key:t", new Date(Date.now() - 366 * 24 * 3600_000));
      return { pending: opened.application.id, token: opened.application.verificationToken, lapsed: other.application.id };
    });

    await expect(certify("verify", pending)).rejects.toMatchObject({ code: 1, stdout: expect.stringMatching(/pending_verification \(not verified: .*HTTP 404\)/) });
    published = `${token}\n`;
    expect((await certify("verify", pending)).stdout).toMatch(new RegExp(`^${pending}: verified \\(verified: token found at http://127\\.0\\.0\\.1:${origin.port}/\\.well-known/mcp-trust-verification\\)`));
    expect((await certify("expire")).stdout.trim()).toBe("1 certification expired.");
    const listed = (await certify("list", "--status", "expired")).stdout.trim().split("\n");
    expect(listed).toHaveLength(1);
    expect(listed[0].split("\t").slice(0, 4)).toEqual([lapsed, "expired", "premium", serverUrl]);
    await expect(certify("verify")).rejects.toMatchObject({ code: 2 });
    await expect(certify("verify", "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/no certification application/) });
  }, 240_000);
});
