import { describe, expect, it } from "vitest";
import { parseMonitorEvents } from "@/lib/core/packages/sandbox/observations";

const lines = (...events: unknown[]) => events.map((e) => (typeof e === "string" ? e : JSON.stringify(e))).join("\n");

describe("parseMonitorEvents", () => {
  it("collects connections, writes and spawns, once each", () => {
    const text = lines(
      { t: "dns", host: "api.example.com", port: null },
      { t: "connect", host: "api.example.com", port: 443 },
      { t: "fetch", host: "api.example.com", port: 443 },
      { t: "http", host: "10.0.0.1", port: 80 },
      { t: "dns", host: "only-resolved.example", port: null },
      { t: "connect", host: "/var/run/docker.sock", port: null },
      { t: "write", op: "writeFile", path: "/home/sandbox/.bashrc" },
      { t: "write", op: "open", path: "/home/sandbox/.bashrc" },
      { t: "spawn", op: "spawn", command: "sh" },
      { t: "spawn", op: "exec", command: "curl" },
    );
    expect(parseMonitorEvents(text)).toEqual({
      refusedConnections: [
        { host: "api.example.com", port: 443 },
        { host: "10.0.0.1", port: 80 },
        { host: "only-resolved.example", port: null },
        { host: "/var/run/docker.sock", port: null },
      ],
      refusedWrites: ["/home/sandbox/.bashrc"],
      spawnedProcesses: 2,
    });
  });

  it("skips what is not a monitor line and keeps text safe and bounded", () => {
    const text = lines("not json", "[1,2]", { t: "connect", host: 5 }, { t: "connect", host: "evil\u0000host", port: 99999 }, { t: "write", path: "x".repeat(5000) }, "");
    const result = parseMonitorEvents(text);
    expect(result.refusedConnections).toEqual([{ host: "evil\\x00host", port: null }]);
    expect(result.refusedWrites[0]!.length).toBeLessThanOrEqual(500);
    expect(result.spawnedProcesses).toBe(0);
  });

  it("lists at most 50 of each", () => {
    const text = lines(...Array.from({ length: 80 }, (_, i) => ({ t: "connect", host: `h${i}`, port: 1 })));
    expect(parseMonitorEvents(text).refusedConnections).toHaveLength(50);
  });
});
