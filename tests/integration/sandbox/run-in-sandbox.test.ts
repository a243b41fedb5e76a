import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SandboxResourceLimits } from "@/lib/core/packages/sandbox/bubblewrap";
import { runInSandbox } from "@/lib/core/packages/sandbox/run-in-sandbox";

/*
 * Real servers in the real sandbox: no mocks. The fixtures import the MCP
 * SDK, so the repository's node_modules is mounted read-only at
 * /node_modules, where Node looks after /pkg/node_modules.
 */

const repo = new URL("../../../", import.meta.url).pathname;
const fixtures = join(repo, "tests/fixtures/sandbox");
const FIXTURE_PROCESS = /\/pkg\/(?:benign|network|filesystem|hang|fork-bomb|memory|token|stdout)\.mjs/;
const hasBubblewrap = existsSync("/usr/bin/bwrap") || existsSync("/bin/bwrap");

function run(fixture: string, args: string[] = [], options: { limits?: Partial<SandboxResourceLimits>; declaredEnvironment?: string[] } = {}) {
  return runInSandbox({
    packageDir: fixtures,
    command: ["node", `/pkg/${fixture}.mjs`, ...args],
    declaredEnvironment: options.declaredEnvironment ?? [],
    limits: { deadlineMs: 15_000, ...options.limits },
    // The per-request timeout is the deadline, so a server that never answers meets the deadline.
    scanLimits: { perRequestMs: 60_000 },
    extraReadOnlyBinds: [{ source: join(repo, "node_modules"), target: "/node_modules" }],
  });
}

/** Host pids of anything these tests started: the fixtures, and bwrap or setpriv with the fixture directory in its argv. */
function leftovers(): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
        return FIXTURE_PROCESS.test(cmdline) || cmdline.includes(fixtures);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe.skipIf(!hasBubblewrap)("runInSandbox", () => {
  afterEach(() => {
    expect(leftovers()).toEqual([]);
  });

  it("introspects a benign server over stdio like a remote one, and measures it", async () => {
    const result = await run("benign");
    expect(result.failure).toBeNull();
    expect(result.discovery).toMatchObject({ transport: "stdio", serverInfo: { name: "sandbox-benign", version: "1.2.3" }, listingProblems: [] });
    expect(result.discovery!.tools.map((t) => t.name)).toEqual(["echo", "add"]);
    expect(result.discovery!.tools[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(result.discovery!.prompts.map((p) => p.name)).toEqual(["greet"]);
    expect(result.observations).toMatchObject({ refusedConnections: [], refusedWrites: [], spawnedProcesses: 0, stopReason: null });
    expect(result.observations.peakMemoryBytes).toBeGreaterThan(10 * 1024 * 1024);
    expect(result.observations.peakMemoryBytes).toBeLessThan(512 * 1024 * 1024);
    expect(result.neededNetworkOrCredentials).toBe(false);
  });

  describe("network", () => {
    let hostServer: Server;
    let hostPort: number;
    let hostConnections = 0;
    beforeAll(async () => {
      hostServer = createServer((socket) => {
        hostConnections++;
        socket.destroy();
      });
      await new Promise<void>((resolve) => hostServer.listen(0, "127.0.0.1", resolve));
      hostPort = (hostServer.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => hostServer.close(() => resolve())));

    it("reaches nothing, not even the host's loopback, and records every attempt", async () => {
      const result = await run("network", ["serve", String(hostPort)]);
      const report = result.discovery!.tools.find((t) => t.name === "report")!.description!;
      expect(report).not.toContain("CONNECTED");
      expect(report).toContain("1.1.1.1:443 ENETUNREACH");
      expect(report).toContain(`127.0.0.1:${hostPort} ECONNREFUSED`);
      expect(hostConnections).toBe(0);
      expect(result.observations.refusedConnections).toEqual(
        expect.arrayContaining([
          { host: "1.1.1.1", port: 443 },
          { host: "127.0.0.1", port: 5432 },
          { host: "127.0.0.1", port: 3000 },
          { host: "127.0.0.1", port: hostPort },
          { host: "api.example.com", port: 443 },
        ]),
      );
      // It listed its tools despite the refusals: nothing was missing for the scan.
      expect(result.neededNetworkOrCredentials).toBe(false);
    });

    it("says the server needed the network when it gave up without it", async () => {
      const result = await run("network", ["exit"]);
      expect(result.discovery).toBeNull();
      expect(result.failure).toMatch(/ended before the MCP handshake \(exit code 1\)/);
      expect(result.observations.stopReason).toBe("the server exited (exit code 1)");
      expect(result.stderrTail).toContain("could not reach api.example.com");
      expect(result.neededNetworkOrCredentials).toBe(true);
    });
  });

  it("refuses and records writes outside /tmp, shows nothing of the host, and leaves the host untouched", async () => {
    // Host paths: the repository's (usually outside /tmp; the sandbox's /tmp is its own).
    const marker = join(repo, "tests/fixtures/sandbox-marker");
    const dataDir = join(repo, ".data/pglite");
    const result = await run("filesystem", [dataDir, marker], { declaredEnvironment: ["SERVICE_API_KEY", "NODE_OPTIONS", "bad name"] });
    const report = result.discovery!.tools.find((t) => t.name === "report")!.description!;
    expect(report).toBe(
      "write-home EROFS; write-pkg EROFS; write-host ENOENT; mkdir-root ENOENT; write-tmp OK; read-data ENOENT; read-root ENOENT; read-passwd ENOENT",
    );
    // A checkout under /tmp (CI clones there) puts the marker inside the sandbox's own /tmp, where writes are allowed and not recorded.
    const markerRecorded = marker.startsWith("/tmp/") ? [] : [marker];
    expect(result.observations.refusedWrites).toEqual(["/home/sandbox/.bashrc", "/pkg/pwned", ...markerRecorded, "/root/.ssh"]);
    const seen = JSON.parse(result.discovery!.tools.find((t) => t.name === "environment")!.description!);
    expect(seen.env).toEqual({
      PATH: "/sandbox/bin:/usr/bin:/bin",
      HOME: "/home/sandbox",
      TMPDIR: "/tmp",
      XDG_CACHE_HOME: "/tmp/.cache",
      DOTNET_BUNDLE_EXTRACT_BASE_DIR: "/tmp",
      NODE_ENV: "production",
      NODE_OPTIONS: "--require /sandbox/monitor.cjs",
      SERVICE_API_KEY: "mcp-trust-registry-placeholder",
      PWD: "/pkg",
    });
    if (process.getuid?.() === 0) expect(seen.uid).not.toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(join(fixtures, "pwned"))).toBe(false);
    expect(existsSync("/home/sandbox")).toBe(false);
  });

  it("stops a server that never answers at the deadline", async () => {
    const started = Date.now();
    const result = await run("hang", [], { limits: { deadlineMs: 3000 } });
    expect(Date.now() - started).toBeLessThan(3000 + 500);
    expect(result.discovery).toBeNull();
    expect(result.failure).toMatch(/deadline/);
    expect(result.observations.stopReason).toBe("deadline: the run was stopped after 3000 ms");
    expect(result.neededNetworkOrCredentials).toBe(false);
  });

  it("holds a fork bomb under the process limit and ends all of it", async () => {
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, leftovers().length);
    }, 25);
    const started = Date.now();
    const result = await run("fork-bomb", [], { limits: { deadlineMs: 4000, processes: 32 } }).finally(() => clearInterval(sampler));
    expect(Date.now() - started).toBeLessThan(4000 + 500);
    expect(result.observations.spawnedProcesses).toBeGreaterThan(32);
    // bwrap (outer and init) and setpriv-exec'd bwrap are matched too; the fixtures themselves stay under the limit.
    expect(most).toBeLessThanOrEqual(32 + 2);
    expect(result.observations.stopReason).toMatch(/^deadline/);
  });

  it("ends a server that eats memory at the memory limit", async () => {
    const result = await run("memory", [], { limits: { memoryBytes: 256 * 1024 * 1024 } });
    expect(result.discovery).toBeNull();
    expect(result.observations.stopReason).toMatch(/^memory limit \(256 MiB\) reached; the server ended with /);
    expect(result.observations.peakMemoryBytes).toBeLessThan(512 * 1024 * 1024);
  });

  it("tells a server that needs a credential, and runs it with a placeholder when the package declares it", async () => {
    const without = await run("token");
    expect(without.discovery).toBeNull();
    expect(without.stderrTail).toContain("API_TOKEN is required");
    expect(without.neededNetworkOrCredentials).toBe(true);

    const declared = await run("token", [], { declaredEnvironment: ["API_TOKEN"] });
    expect(declared.discovery!.tools.map((t) => t.name)).toEqual(["search"]);
    expect(declared.neededNetworkOrCredentials).toBe(false);
  });

  it("skips stdout lines that are not JSON-RPC and says so", async () => {
    const result = await run("stdout", ["garbage"], { limits: { deadlineMs: 2000 } });
    expect(result.discovery).toBeNull();
    expect(result.failure).toMatch(/\d+ stdout line\(s\) were not JSON-RPC$/);
    expect(result.observations.stopReason).toMatch(/^deadline/);
  });

  it("stops reading an endless stdout line at the byte cap", async () => {
    const started = Date.now();
    const result = await run("stdout", ["flood"]);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.discovery).toBeNull();
    expect(result.observations.stopReason).toMatch(/^output limit: the server wrote a stdout line longer than \d+ bytes$/);
  });

  it("reports a package directory it cannot mount instead of throwing", async () => {
    const result = await runInSandbox({ packageDir: "/nonexistent/package", command: ["node", "/pkg/index.js"], limits: { deadlineMs: 5000 } });
    expect(result.discovery).toBeNull();
    expect(result.failure).toMatch(/^the sandbox could not start: bwrap: /);
  });
});
