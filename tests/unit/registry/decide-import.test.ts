import { describe, expect, it } from "vitest";
import { decideImport, type ImportMatch } from "@/lib/core/registry/import/decide-import";
import type { ImportedServer } from "@/lib/core/registry/registry-store";

const entry = (overrides: Partial<ImportedServer> = {}): ImportedServer => ({
  registryName: "io.github.acme/weather",
  url: "https://weather.acme.example/mcp",
  name: "weather",
  title: null,
  description: null,
  version: "1.0.0",
  publisherName: "acme",
  packageName: null,
  packageRegistry: null,
  repositoryUrl: null,
  websiteUrl: null,
  transportType: "streamable-http",
  registryStatus: "active",
  ...overrides,
});

const match = (overrides: Partial<ImportMatch> = {}): ImportMatch => ({
  id: "s1",
  url: "https://weather.acme.example/mcp",
  registryName: "io.github.acme/weather",
  importHash: "old",
  latestScanId: "scan-1",
  registryStatus: "active",
  ...overrides,
});

describe("deciding what importing an entry does", () => {
  it("adds a new entry, but not one deleted upstream", () => {
    expect(decideImport(entry(), "h", { byName: null, byUrl: null })).toEqual({ result: { kind: "added" }, write: { kind: "insert" } });
    expect(decideImport(entry({ registryStatus: "deleted" }), "h", { byName: null, byUrl: null })).toEqual({
      result: { kind: "skipped", reason: "deleted upstream and never imported" },
      write: null,
    });
  });

  it("writes nothing when the fingerprint is unchanged", () => {
    const existing = match({ importHash: "h" });
    expect(decideImport(entry(), "h", { byName: existing, byUrl: existing })).toEqual({ result: { kind: "unchanged" }, write: null });
  });

  it("updates a changed entry, listed only when it has a verdict", () => {
    expect(decideImport(entry(), "new", { byName: match(), byUrl: match() })).toEqual({
      result: { kind: "updated" },
      write: { kind: "update", serverId: "s1", listed: true },
    });
    const unscanned = match({ latestScanId: null });
    expect(decideImport(entry(), "new", { byName: unscanned, byUrl: unscanned }).write).toEqual({ kind: "update", serverId: "s1", listed: false });
  });

  it("claims a server a scan created under the entry's URL", () => {
    const scanned = match({ registryName: null, id: "s9" });
    expect(decideImport(entry(), "new", { byName: null, byUrl: scanned })).toEqual({
      result: { kind: "updated" },
      write: { kind: "update", serverId: "s9", listed: true },
    });
  });

  it("removes an entry deleted upstream from view once, then counts it as updated", () => {
    const deleted = entry({ registryStatus: "deleted" });
    expect(decideImport(deleted, "new", { byName: match(), byUrl: match() })).toEqual({
      result: { kind: "removed" },
      write: { kind: "update", serverId: "s1", listed: false },
    });
    const already = match({ registryStatus: "deleted" });
    expect(decideImport(deleted, "newer", { byName: already, byUrl: already }).result).toEqual({ kind: "updated" });
  });

  it("never takes over a URL or package another registry name holds", () => {
    const other = match({ id: "s2", registryName: "io.github.rival/weather" });
    expect(decideImport(entry(), "h", { byName: null, byUrl: other })).toEqual({
      result: { kind: "skipped", reason: "URL already registered by io.github.rival/weather" },
      write: null,
    });
    const otherPackage = match({ id: "s2", url: "pkg:npm/weather", registryName: "io.github.rival/weather" });
    expect(decideImport(entry({ url: "pkg:npm/weather" }), "h", { byName: null, byUrl: otherPackage }).result).toEqual({
      kind: "skipped",
      reason: "package pkg:npm/weather already registered by io.github.rival/weather",
    });
    // The name's server moved to a URL a nameless scan already created: two rows, not merged.
    const nameless = match({ id: "s3", registryName: null });
    expect(decideImport(entry(), "h", { byName: match(), byUrl: nameless }).result).toEqual({
      kind: "skipped",
      reason: "URL already registered by another server",
    });
  });
});
