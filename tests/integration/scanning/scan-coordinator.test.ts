import { describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/core/errors";
import { createScanCoordinator } from "@/lib/core/scanning/scan-coordinator";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("scan coordinator", () => {
  it("shares one run between concurrent scans of the same URL", async () => {
    const coordinator = createScanCoordinator({ maxConcurrent: 2 });
    const gate = deferred<string>();
    const fn = vi.fn(() => gate.promise);
    const a = coordinator.run("https://a.example/mcp", fn);
    const b = coordinator.run("https://a.example/mcp", fn);
    expect(coordinator.inFlight()).toBe(1);
    gate.resolve("outcome");
    await expect(Promise.all([a, b])).resolves.toEqual(["outcome", "outcome"]);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(coordinator.inFlight()).toBe(0);
  });

  it("refuses a distinct scan beyond the cap with rate_limited and a Retry-After", async () => {
    let clock = 1_000_000;
    const coordinator = createScanCoordinator({ maxConcurrent: 2, deadlineMs: 20_000, now: () => clock });
    const gate = deferred<void>();
    const first = coordinator.run("https://a.example/", () => gate.promise);
    clock += 5_000;
    const second = coordinator.run("https://b.example/", () => gate.promise);
    const error = await coordinator.run("https://c.example/", async () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("rate_limited");
    expect((error as AppError).details).toEqual({ retryAfterSeconds: 15 }); // the oldest scan's deadline
    // Joining a scan in flight is not a new scan.
    const joined = coordinator.run("https://a.example/", async () => undefined);
    gate.resolve();
    await Promise.all([first, second, joined]);
    await expect(coordinator.run("https://c.example/", async () => "ran")).resolves.toBe("ran");
  });

  it("frees the slot when a scan fails, even synchronously, and does not cache the failure", async () => {
    const coordinator = createScanCoordinator({ maxConcurrent: 1 });
    await expect(
      coordinator.run("https://a.example/", () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(coordinator.inFlight()).toBe(0);
    await expect(coordinator.run("https://a.example/", async () => "second try")).resolves.toBe("second try");
  });
});
