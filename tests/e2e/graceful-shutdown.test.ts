import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolatedStoreEnvironment, startAppProcess, type AppProcess } from "@/scripts/lib/app-process";
import type { FixtureHandle } from "../fixtures/harness/http-fixture";
import { BENIGN_DEVELOPMENT_SERVERS } from "../fixtures/servers/benign/benign-servers";
import { startSlowFixture } from "./support/slow-fixture";

/**
 * SIGTERM to `npm start` while a scan is in flight: the scan's request
 * finishes with its answer, new connections are refused at once, the
 * process closes its pools and exits 0, and the log says so.
 */
describe("graceful shutdown of npm start", () => {
  let app: AppProcess;
  let slow: FixtureHandle;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "registry-shutdown-"));
    // Each MCP message waits 800 ms: a scan takes a few seconds.
    slow = await startSlowFixture(() => BENIGN_DEVELOPMENT_SERVERS[0].createServer(), 800);
    app = await startAppProcess({
      ...isolatedStoreEnvironment(dataDir),
      SCAN_ALLOW_PRIVATE_TARGETS: "true",
      SHUTDOWN_GRACE_MS: "20000",
      LOG_LEVEL: "info",
    });
  });
  afterAll(async () => {
    await app?.stop();
    await slow?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("finishes the in-flight scan, refuses new connections, closes and exits 0", async () => {
    const inFlight = fetch(`${app.url}/api/v1/scan`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ server_url: slow.url }),
    });
    // Let the scan get going (the first MCP answer alone takes 800 ms).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const exited = new Promise<number | null>((resolve) => app.process.once("exit", (code) => resolve(code)));
    app.process.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(fetch(`${app.url}/api/health`)).rejects.toThrow();

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ server_url: slow.url, grade: expect.any(String) });
    expect(await exited).toBe(0);
    const lines = app
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg?: string; route?: string; status?: number });
    expect(lines.some((line) => line.msg?.startsWith("shutting down"))).toBe(true);
    expect(lines.some((line) => line.msg === "request" && line.route === "/api/v1/scan" && line.status === 200)).toBe(true);
    expect(lines.at(-1)?.msg).toBe("stopped");
  });
});
