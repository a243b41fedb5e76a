import { describe, expect, it } from "vitest";
import { mapRegistryEntry, publisherFromRegistryName } from "@/lib/core/registry/import-official-registry";

describe("publisherFromRegistryName", () => {
  it.each([
    ["io.github.alice/weather", "alice"],
    ["com.example/notes", "example.com"],
    ["ai.acme.tools/search", "tools.acme.ai"],
    ["IO.GITHUB.Bob/x", "bob"],
  ])("%s -> %s", (name, publisher) => expect(publisherFromRegistryName(name)).toBe(publisher));
});

describe("mapRegistryEntry", () => {
  it("prefers the streamable-http remote and normalizes its URL", () => {
    const mapped = mapRegistryEntry({
      server: {
        name: "io.github.a/b",
        remotes: [
          { type: "sse", url: "https://b.example/sse" },
          { type: "streamable-http", url: "HTTPS://B.example:443/mcp/" },
        ],
      },
    });
    expect(mapped).toMatchObject({ ok: true, entry: { url: "https://b.example/mcp", transportType: "streamable-http" } });
  });

  it("keeps a package-only server without a URL", () => {
    const mapped = mapRegistryEntry({
      server: { name: "io.github.a/pkg", packages: [{ registryType: "npm", identifier: "@a/pkg" }] },
    });
    expect(mapped).toMatchObject({ ok: true, entry: { url: null, packageName: "@a/pkg", packageRegistry: "npm" } });
  });

  it.each([
    [{ server: { name: "nonamespace" } }, "name"],
    [{ server: { name: "io.github.a/b", remotes: [{ type: "sse", url: "ftp://x" }] } }, "no usable remote"],
    [{ server: { name: "io.github.a/b", remotes: "https://x" } }, "remotes"],
    [{ server: { name: "io.github.a/b", remotes: [{ type: "streamable-http", url: "https://{t}.x/mcp" }] } }, "no usable remote"],
    ["string", "entry"],
    [null, "entry"],
  ])("skips %o with a reason", (raw, reason) => {
    const mapped = mapRegistryEntry(raw);
    expect(mapped.ok).toBe(false);
    if (!mapped.ok) expect(mapped.reason).toContain(reason);
  });

  it("skips superseded versions and reads the official status", () => {
    const meta = (status: string, isLatest: boolean) => ({
      "io.modelcontextprotocol.registry/official": { status, isLatest },
    });
    const base = { name: "io.github.a/b", remotes: [{ type: "streamable-http", url: "https://b.example/mcp" }] };
    expect(mapRegistryEntry({ server: base, _meta: meta("active", false) })).toMatchObject({ ok: false });
    expect(mapRegistryEntry({ server: base, _meta: meta("deleted", true) })).toMatchObject({
      ok: true,
      entry: { registryStatus: "deleted" },
    });
  });

  it("drops non-http repository and website URLs rather than storing them", () => {
    const mapped = mapRegistryEntry({
      server: {
        name: "io.github.a/b",
        remotes: [{ type: "streamable-http", url: "https://b.example/mcp" }],
        repository: { url: "javascript:alert(1)" },
        websiteUrl: "data:text/html,hi",
      },
    });
    expect(mapped).toMatchObject({ ok: true, entry: { repositoryUrl: null, websiteUrl: null } });
  });
});
