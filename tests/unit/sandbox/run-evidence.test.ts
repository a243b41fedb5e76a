import { describe, expect, it } from "vitest";
import { DEFAULT_SANDBOX_LIMITS } from "@/lib/core/packages/sandbox/bubblewrap";
import { seemsToNeedCredentials } from "@/lib/core/packages/sandbox/needs-credentials";
import { describeExit, exitStopReason } from "@/lib/core/packages/sandbox/stop-reason";

describe("seemsToNeedCredentials", () => {
  it.each([
    "Error: API_TOKEN is required",
    "GITHUB_PERSONAL_ACCESS_TOKEN environment variable is not set",
    "Missing API key. Set OPENAI_API_KEY.",
    "401 Unauthorized: invalid credentials",
    "Please provide a password: password must be set",
  ])("reads %j as a missing credential", (text) => {
    expect(seemsToNeedCredentials(text, [])).toBe(true);
  });

  it.each(["TypeError: cannot read properties of undefined", "token loaded, listening", "Error: ENOENT config.json", ""])("does not read %j as one", (text) => {
    expect(seemsToNeedCredentials(text, [])).toBe(false);
  });

  it("reads a declared variable named as missing as a credential", () => {
    expect(seemsToNeedCredentials("BRAVE_CFG not set", ["BRAVE_CFG"])).toBe(true);
    expect(seemsToNeedCredentials("BRAVE_CFG loaded", ["BRAVE_CFG"])).toBe(false);
  });
});

describe("stop reasons", () => {
  const limits = { ...DEFAULT_SANDBOX_LIMITS, memoryBytes: 256 * 1024 * 1024, processes: 32 };

  it("describes how the process ended, bwrap's 128 + signal included", () => {
    expect(describeExit(1, null)).toBe("exit code 1");
    expect(describeExit(134, null)).toBe("signal SIGABRT");
    expect(describeExit(null, "SIGKILL")).toBe("signal SIGKILL");
  });

  it("names the limit that was hit", () => {
    expect(exitStopReason(134, null, "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory", limits)).toBe(
      "memory limit (256 MiB) reached; the server ended with signal SIGABRT",
    );
    expect(exitStopReason(1, null, "Error: spawn EAGAIN", limits)).toBe("process limit (32) reached; the server ended with exit code 1");
    expect(exitStopReason(128 + 24, null, "", limits)).toBe(`CPU limit (${limits.cpuSeconds} s) reached; the server ended with signal SIGXCPU`);
    expect(exitStopReason(128 + 25, null, "", limits)).toMatch(/^file size limit \(16 MiB\) reached/);
    expect(exitStopReason(0, null, "out of memory? no", limits)).toBe("the server exited (exit code 0)");
    expect(exitStopReason(1, null, "Error: API_TOKEN is required", limits)).toBe("the server exited (exit code 1)");
  });
});
