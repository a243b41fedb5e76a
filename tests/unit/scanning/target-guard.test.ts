import { describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/core/errors";
import { createGuardedFetcher } from "@/lib/core/scanning/guarded-fetch";
import { resolveScanLimits } from "@/lib/core/scanning/scan-limits";
import { checkTarget, TargetResolutionError, type HostLookup, type ResolvedAddress } from "@/lib/core/scanning/target-guard";

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });

/** Stub DNS: a fixed table; anything else is NXDOMAIN. No real resolver is ever asked. */
function stubLookup(table: Record<string, ResolvedAddress[]>): HostLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    const answer = table[hostname];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return answer;
  };
  return Object.assign(lookup, { calls });
}

const dns = stubLookup({
  "public.example": [v4("93.184.215.14")],
  "public6.example": [v6("2606:4700::1111")],
  "dual.example": [v4("93.184.215.14"), v6("2606:4700::1111")],
  "private.example": [v4("10.0.0.5")],
  "mixed.example": [v4("93.184.215.14"), v4("192.168.0.10")],
  "mapped-metadata.example": [v6("::ffff:169.254.169.254")],
  "localhost.example": [v4("127.0.0.1"), v6("::1")],
});

async function verdict(url: string, options: Parameters<typeof checkTarget>[1] = {}): Promise<string> {
  try {
    await checkTarget(url, { lookup: dns, ...options });
    return "allowed";
  } catch (error) {
    if (error instanceof AppError) return error.code === "target_forbidden" ? String(error.details?.category ?? "scheme") : error.code;
    if (error instanceof TargetResolutionError) return "dns-failure";
    throw error;
  }
}

describe("checkTarget: default policy (public targets only)", () => {
  const table: [string, string][] = [
    // allowed public examples
    ["http://93.184.215.14/", "allowed"],
    ["https://[2606:4700::1111]/mcp", "allowed"],
    ["https://public.example/mcp", "allowed"],
    ["https://public6.example/", "allowed"],
    ["https://dual.example/", "allowed"],
    ["http://[64:ff9b::5db8:d70e]/", "allowed"], // NAT64 of a public IPv4
    ["http://[2002:5db8:d70e::1]/", "allowed"], // 6to4 of a public IPv4
    // loopback, in every spelling WHATWG URL normalizes
    ["http://127.0.0.1/", "loopback"],
    ["http://127.1/", "loopback"],
    ["http://0x7f.1/", "loopback"],
    ["http://2130706433/", "loopback"],
    ["http://017700000001/", "loopback"],
    ["http://127.0.0.1./", "loopback"],
    ["http://[::1]/", "loopback"],
    ["http://[::ffff:127.0.0.1]/", "loopback"],
    ["http://[::ffff:7f00:1]/", "loopback"],
    ["http://localhost.example/", "loopback"],
    // private, CGNAT, link-local, metadata
    ["http://10.0.0.1/", "private"],
    ["http://172.16.5.4/", "private"],
    ["http://172.31.255.255/", "private"],
    ["http://192.168.1.1/", "private"],
    ["https://private.example/", "private"],
    ["https://mixed.example/", "private"], // any forbidden answer refuses the host
    ["http://100.64.0.1/", "carrierGradeNat"],
    ["http://169.254.1.1/", "linkLocal"],
    ["http://[fe80::1]/", "linkLocal"],
    ["http://169.254.169.254/latest/meta-data/", "metadata"],
    ["http://[fd00:ec2::254]/", "metadata"],
    ["http://metadata.google.internal/computeMetadata/v1/", "metadata"],
    ["http://METADATA.google.internal./", "metadata"],
    ["https://mapped-metadata.example/", "metadata"],
    ["http://[fc00::1]/", "uniqueLocal"],
    ["http://[fd12:3456::1]/", "uniqueLocal"],
    // multicast, broadcast, reserved, unspecified
    ["http://224.0.0.1/", "multicast"],
    ["http://[ff02::1]/", "multicast"],
    ["http://255.255.255.255/", "broadcast"],
    ["http://240.0.0.1/", "reserved"],
    ["http://192.0.2.1/", "reserved"],
    ["http://[2001:db8::1]/", "reserved"],
    ["http://[::7f00:1]/", "reserved"], // IPv4-compatible, deprecated
    ["http://0.0.0.0/", "unspecified"],
    ["http://0/", "unspecified"],
    ["http://[::]/", "unspecified"],
    // private IPv4 smuggled in IPv6
    ["http://[64:ff9b::a00:1]/", "private"], // NAT64
    ["http://[2002:a00:1::]/", "private"], // 6to4
    ["http://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/", "private"], // Teredo client 10.0.0.1
    ["http://[::ffff:0:a00:1]/", "private"], // IPv4-translated
    // schemes and malformed input
    ["ftp://93.184.215.14/", "scheme"],
    ["file:///etc/passwd", "scheme"],
    ["gopher://public.example/", "scheme"],
    ["not a url", "invalid_url"],
    ["https://nxdomain.example/", "dns-failure"],
  ];

  it.each(table)("%s -> %s", async (url, expected) => {
    expect(await verdict(url)).toBe(expected);
  });

  it("covers at least 30 addresses and spellings", () => {
    expect(table.length).toBeGreaterThanOrEqual(30);
  });

  it("refuses metadata host names without asking DNS", async () => {
    const lookup = stubLookup({ "metadata.google.internal": [v4("93.184.215.14")] });
    await expect(checkTarget("http://metadata.google.internal/", { lookup })).rejects.toMatchObject({ code: "target_forbidden" });
    expect(lookup.calls).toEqual([]);
  });

  it("says why, in words, and names host, address and category in details", async () => {
    const error = await checkTarget("https://mixed.example/", { lookup: dns }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/192\.168\.0\.10.*private/);
    expect((error as AppError).details).toMatchObject({ host: "mixed.example", address: "192.168.0.10", category: "private" });
  });
});

describe("checkTarget: allowPrivateTargets (local development)", () => {
  const table: [string, string][] = [
    ["http://127.0.0.1:3000/mcp", "allowed"],
    ["http://[::1]/", "allowed"],
    ["http://10.0.0.1/", "allowed"],
    ["http://100.64.0.1/", "allowed"],
    ["http://[fd12:3456::1]/", "allowed"],
    ["https://localhost.example/", "allowed"],
    ["http://169.254.169.254/", "metadata"],
    ["http://[fd00:ec2::254]/", "metadata"],
    ["http://metadata.google.internal/", "metadata"],
    ["http://169.254.1.1/", "linkLocal"],
    ["http://0.0.0.0/", "unspecified"],
    ["http://224.0.0.1/", "multicast"],
    ["ftp://127.0.0.1/", "scheme"],
  ];
  it.each(table)("%s -> %s", async (url, expected) => {
    expect(await verdict(url, { allowPrivateTargets: true })).toBe(expected);
  });
});

describe("checkTarget: allowedRanges (tests that allow loopback only)", () => {
  const policy = { allowedRanges: ["127.0.0.0/8", "::1/128"] };
  it.each([
    ["http://127.0.0.1/", "allowed"],
    ["http://127.9.9.9/", "allowed"],
    ["http://[::ffff:127.0.0.1]/", "allowed"],
    ["http://[::1]/", "allowed"],
    ["http://10.0.0.1/", "private"],
    ["http://192.168.1.1/", "private"],
  ])("%s -> %s", async (url, expected) => {
    expect(await verdict(url, policy)).toBe(expected);
  });

  it("never opens metadata addresses, even when their range is listed", async () => {
    expect(await verdict("http://169.254.169.254/", { allowedRanges: ["169.254.0.0/16"] })).toBe("metadata");
    expect(await verdict("http://169.254.1.1/", { allowedRanges: ["169.254.0.0/16"] })).toBe("allowed");
  });
});

describe("DNS rebinding", () => {
  it("checks a host once per scan and keeps using the checked answer", async () => {
    const answers = [[v4("93.184.215.14")], [v4("127.0.0.1")], [v4("10.0.0.1")]];
    const lookup = vi.fn<HostLookup>(async () => answers.shift() ?? []);
    const fetcher = createGuardedFetcher({ lookup, limits: resolveScanLimits() });
    try {
      const first = await fetcher.check("https://rebind.example/mcp");
      const second = await fetcher.check("https://rebind.example/other");
      expect(first.addresses).toEqual([v4("93.184.215.14")]);
      expect(second.addresses).toEqual([v4("93.184.215.14")]);
      expect(lookup).toHaveBeenCalledTimes(1);
      expect(fetcher.evidence().resolvedAddresses).toEqual(["93.184.215.14"]);
    } finally {
      await fetcher.close();
    }
  });

  it("a refused first answer stays refused for the whole scan", async () => {
    const answers = [[v4("10.0.0.1")], [v4("93.184.215.14")]];
    const lookup = vi.fn<HostLookup>(async () => answers.shift() ?? []);
    const fetcher = createGuardedFetcher({ lookup, limits: resolveScanLimits() });
    try {
      await expect(fetcher.check("https://rebind.example/")).rejects.toMatchObject({ code: "target_forbidden" });
      await expect(fetcher.check("https://rebind.example/")).rejects.toMatchObject({ code: "target_forbidden" });
      expect(lookup).toHaveBeenCalledTimes(1);
    } finally {
      await fetcher.close();
    }
  });
});
