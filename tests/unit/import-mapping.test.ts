import { describe, expect, it } from "vitest";
import { compareVersions, mapRegistryEntry, olderVersions, publisherFromRegistryName } from "@/lib/core/registry/import-official-registry";
import { checkIdentityUrl } from "@/lib/core/registry/import/identity-url";
import { readImportPage } from "@/lib/core/registry/import/import-page";
import { servedServerJson, upgradeServerJson } from "@/lib/core/registry/import/server-json";

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

  it("keeps text the database could not store as visible escapes and U+FFFD, and names a skipped entry safely", () => {
    const mapped = mapRegistryEntry({
      server: { name: "io.github.a/b", title: "Wea\u0000ther", description: "Half a pair: \uD800.", remotes: [{ type: "streamable-http", url: "https://b.example/mcp" }] },
    });
    expect(mapped).toMatchObject({ ok: true, entry: { title: "Wea\\x00ther", description: "Half a pair: \uFFFD." } });
    expect(mapRegistryEntry({ server: { name: "io.github.a/\u0000b" } })).toMatchObject({ ok: false, name: "io.github.a/\\x00b" });
  });

  // docs/identity.md#what-a-server-is-keyed-by
  it("identifies a package-only server by its purl, keeping the plain package name", () => {
    const mapped = mapRegistryEntry({
      server: { name: "io.github.a/pkg", packages: [{ registryType: "npm", identifier: "@a/pkg" }] },
    });
    expect(mapped).toMatchObject({ ok: true, entry: { url: "pkg:npm/%40a/pkg", packageName: "@a/pkg", packageRegistry: "npm" } });
  });

  it("takes the first package in an ecosystem the registry assesses as the identity, and keeps a remote URL first", () => {
    const packages = [
      { registryType: "nuget", identifier: "A.Pkg" },
      { registryType: "pypi", identifier: "A_Pkg" },
    ];
    expect(mapRegistryEntry({ server: { name: "io.github.a/pkg", packages } })).toMatchObject({
      ok: true,
      entry: { url: "pkg:pypi/a-pkg", packageName: "A_Pkg", packageRegistry: "pypi" },
    });
    const remote = mapRegistryEntry({ server: { name: "io.github.a/pkg", packages, remotes: [{ type: "streamable-http", url: "https://a.dev/mcp" }] } });
    expect(remote).toMatchObject({ ok: true, entry: { url: "https://a.dev/mcp", packageName: "A_Pkg" } });
  });

  it("keeps a package in an ecosystem without a purl mapping as package-only without a public identity, and says so", () => {
    const mapped = mapRegistryEntry({ server: { name: "io.github.a/clock", packages: [{ registryType: "nuget", identifier: "A.Clock" }] } });
    expect(mapped).toMatchObject({ ok: true, entry: { url: null, packageName: "A.Clock", packageRegistry: "nuget" } });
    expect(mapped.ok && mapped.notes).toEqual([expect.stringMatching(/^package-only in nuget, which the registry does not assess/)]);
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

describe("identity URLs of imported servers", () => {
  it.each([
    ["http://localhost:3001/mcp", /localhost, a loopback or local-network host/],
    ["http://mcp.localhost/mcp", /loopback or local-network/],
    ["http://printer.local/mcp", /loopback or local-network/],
    ["http://mcp-server:8080/mcp", /loopback or local-network/],
    ["http://127.0.0.1:8080/mcp", /loopback address/],
    ["http://[::1]/mcp", /loopback address/],
    ["http://192.168.1.20/mcp", /private/],
    ["http://169.254.169.254/mcp", /metadata/],
    ["https://<YOUR_HOST>/mcp", /<angle-bracket> placeholder/],
    ["https://api.example.net/mcp?key=<YOUR_TOKEN>", /<angle-bracket> placeholder/],
    ["https://{tenant}.acme.dev/mcp", /{template} variable/],
    ["https://your-server.acme.dev/mcp", /your-/],
    ["https://mcp.acme.dev/mcp?token=YOUR_API_KEY", /your-/],
    ["https://example.com/mcp", /reserved for examples/],
    ["https://mcp.example.org/mcp", /reserved for examples/],
    ["ftp://files.acme.dev/mcp", /not an http\(s\) URL/],
  ])("refuses %s", (url, reason) => {
    const checked = checkIdentityUrl(url);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toMatch(reason);
  });

  it("takes public addresses, normalized", () => {
    expect(checkIdentityUrl("HTTPS://Mcp.Acme.dev:443/mcp/")).toEqual({ ok: true, url: "https://mcp.acme.dev/mcp" });
    expect(checkIdentityUrl("https://93.184.215.14/mcp")).toEqual({ ok: true, url: "https://93.184.215.14/mcp" });
  });

  it("follows the scanner's policy for local development, but never for placeholders or metadata", () => {
    expect(checkIdentityUrl("http://localhost:3001/mcp", { allowPrivateTargets: true })).toMatchObject({ ok: true });
    expect(checkIdentityUrl("http://127.0.0.1:3001/mcp", { allowedRanges: ["127.0.0.0/8"] })).toMatchObject({ ok: true });
    expect(checkIdentityUrl("http://<HOST>:3001/mcp", { allowPrivateTargets: true })).toMatchObject({ ok: false });
    expect(checkIdentityUrl("http://169.254.169.254/mcp", { allowPrivateTargets: true })).toMatchObject({ ok: false });
  });

  it("keeps a server whose only remote is refused as package-only, with the reason", () => {
    const mapped = mapRegistryEntry({
      server: { name: "io.github.a/dev", remotes: [{ type: "streamable-http", url: "http://localhost:3001/mcp" }], packages: [{ registryType: "npm", identifier: "a-dev" }] },
    });
    expect(mapped).toMatchObject({ ok: true, entry: { url: "pkg:npm/a-dev", packageName: "a-dev", transportType: null }, notes: [expect.stringMatching(/^kept as package-only: .*localhost/)] });
  });
});

describe("shapes and schema versions", () => {
  it("reads the list, a bare array, one server.json, and names the shapes otherwise", () => {
    expect(readImportPage({ servers: [1, 2], metadata: { nextCursor: "c" } }, "x")).toEqual({ shape: "list", items: [1, 2], nextCursor: "c" });
    expect(readImportPage([{ name: "a/b" }], "x")).toEqual({ shape: "array", items: [{ name: "a/b" }] });
    expect(readImportPage({ name: "a/b" }, "x")).toEqual({ shape: "server.json", items: [{ name: "a/b" }] });
    expect(() => readImportPage(42, "file.json")).toThrow(/^file\.json is not something this import reads: it is a number; expected .*schema 2025-12-11/);
    expect(() => readImportPage({ data: [] }, "file.json")).toThrow(/an object with the key "data"/);
  });

  it("maps a 2025-07-09 entry's snake_case fields and a pre-release entry's packages", () => {
    const old = upgradeServerJson({
      $schema: "https://static.modelcontextprotocol.io/schemas/2025-07-09/server.schema.json",
      name: "io.github.a/b",
      website_url: "https://a.dev",
      packages: [{ registry_type: "npm", identifier: "b", environment_variables: [{ name: "K", is_secret: true }] }],
      remotes: [{ transport_type: "sse", url: "https://b.dev/sse", headers: [{ name: "X", is_required: true }] }],
      _meta: { "io.modelcontextprotocol.registry/publisher-provided": { some_key: 1 } },
    });
    expect(old).toEqual({
      upgraded: true,
      json: {
        $schema: "https://static.modelcontextprotocol.io/schemas/2025-07-09/server.schema.json",
        name: "io.github.a/b",
        websiteUrl: "https://a.dev",
        packages: [{ registryType: "npm", identifier: "b", environmentVariables: [{ name: "K", isSecret: true }], transport: { type: "stdio" } }],
        remotes: [{ type: "sse", url: "https://b.dev/sse", headers: [{ name: "X", isRequired: true }] }],
        // Publisher-chosen keys are not schema fields: left alone.
        _meta: { "io.modelcontextprotocol.registry/publisher-provided": { some_key: 1 } },
      },
    });
    const seed = upgradeServerJson({ id: "x", name: "io.github.a/c", version_detail: { version: "0.0.1-seed" }, packages: [{ registry_name: "q", name: "q", version: "", registry: "pypi" }] });
    expect(seed.json).toEqual({ name: "io.github.a/c", version: "0.0.1-seed", packages: [{ registryType: "pypi", identifier: "q", transport: { type: "stdio" } }] });
    const current = { $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json", name: "io.github.a/d", packages: [{ registry_type: "odd" }] };
    expect(upgradeServerJson(current)).toEqual({ json: current, upgraded: false });
  });

  it("orders versions semantically and picks the latest of a name in a seed", () => {
    expect(compareVersions("2.10.1", "2.4.0")).toBe(1);
    expect(compareVersions("1.0.0-alpha", "1.0.0")).toBe(-1);
    expect(compareVersions("1.0.0-alpha.2", "1.0.0-alpha.10")).toBe(-1);
    expect(compareVersions("1.0.0+build", "1.0.0")).toBe(0);
    expect(compareVersions("latest", "1.0.0")).toBeNull();
    const older = olderVersions([{ name: "a/b", version: "1.10.0" }, { name: "a/b", version: "1.9.0" }, { name: "a/c", version: "x" }, { name: "a/c", version: "y" }]);
    expect([...older.keys()]).toEqual([1, 2]);
  });
});

describe("the server.json the subregistry serves", () => {
  const base = { name: "io.github.a/b", description: "B.", version: "1.0.0" };

  it("keeps a valid server.json as it is, with the registry name", () => {
    const json = { ...base, remotes: [{ type: "streamable-http", url: "https://b.dev/mcp" }], extra: { kept: true } };
    expect(servedServerJson("io.github.a/b", json)).toEqual({ ok: true, server: json, dropped: [] });
  });

  it("drops invalid parts one by one, cuts long text, and keeps only the publisher's own _meta", () => {
    const served = servedServerJson("io.github.a/b", {
      ...base,
      description: "x".repeat(150),
      status: "active",
      icons: [{ src: "not a url" }, { src: "https://b.dev/i.png" }],
      packages: [{ registryType: "smithery", identifier: "b" }],
      repository: { url: "https://github.com/a/b" },
      _meta: { "io.modelcontextprotocol.registry/official": { isLatest: true }, "io.modelcontextprotocol.registry/publisher-provided": { tool: "x" } },
    });
    expect(served.ok).toBe(true);
    if (!served.ok) return;
    expect(served.server.description).toHaveLength(100);
    expect(served.server.description.endsWith("…")).toBe(true);
    expect(served.server).not.toHaveProperty("status");
    expect(served.server.icons).toEqual([{ src: "https://b.dev/i.png" }]);
    expect(served.server).not.toHaveProperty("packages");
    expect(served.server).not.toHaveProperty("repository");
    expect(served.server._meta).toEqual({ "io.modelcontextprotocol.registry/publisher-provided": { tool: "x" } });
    expect(served.dropped).toEqual(["repository", expect.stringMatching(/^icons\.0 /), expect.stringMatching(/^packages\.0 \(transport/)]);
  });

  it("does not serve an entry without a version or a description", () => {
    expect(servedServerJson("io.github.a/b", { name: "io.github.a/b", description: "B." })).toEqual({ ok: false, reason: "it has no version" });
    expect(servedServerJson("io.github.a/b", { name: "io.github.a/b", version: "1" })).toEqual({ ok: false, reason: "it has no description" });
  });
});
