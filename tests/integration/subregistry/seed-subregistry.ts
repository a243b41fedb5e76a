import { importOfficialRegistry } from "@/lib/core/registry/import-official-registry";
import { buildScanOutcome } from "../../support/scan-outcome-builder";
import type { TestServices } from "../support/test-services";
import { recordScanOutcome } from "@/lib/core/registry/record-scan";

export const BASE = "https://trust.registry.test";

/** Five servers: A, B, C and F by their scans, one package-only and never assessed, one deleted upstream. */
export const ENTRIES = [
  ["io.github.alpha/weather", "https://weather.alpha.example/mcp", 95],
  ["io.github.beta/notes", "https://notes.beta.example/mcp", 84],
  ["com.gamma/tasks", "https://tasks.gamma.example/mcp", 70],
  ["io.github.delta/shell", "https://shell.delta.example/mcp", 20],
] as const;

export function serverJson(name: string, url: string) {
  return {
    $schema: "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    name,
    title: name.split("/")[1],
    description: `The ${name.split("/")[1]} server.`,
    version: "1.2.3",
    repository: { url: `https://github.com/${name.split("/")[1]}/mcp`, source: "github" },
    remotes: [{ type: "streamable-http", url, headers: [{ name: "Authorization", isSecret: true, isRequired: true }] }],
  };
}

/**
 * Imports the servers above through the real import (into the registry and
 * the subregistry) and records a scan for each remote one, so they carry
 * grades A, B, C and F; the package stays unassessed and "gone" is deleted
 * upstream after it was imported once.
 */
export async function seedSubregistry(services: TestServices): Promise<void> {
  const subregistry = services.subregistry;
  const official = (status: string) => ({ "io.modelcontextprotocol.registry/official": { status, isLatest: true, publishedAt: "2026-01-02T03:04:05Z" } });
  const page = (goneStatus: string) => ({
    servers: [
      ...ENTRIES.map(([name, url]) => ({ server: serverJson(name, url), _meta: official("active") })),
      {
        server: {
          name: "io.github.epsilon/files",
          description: "Files, as a package.",
          version: "0.4.0",
          packages: [{ registryType: "npm", identifier: "@epsilon/files", version: "0.4.0", transport: { type: "stdio" } }],
        },
      },
      { server: serverJson("io.github.zeta/gone", "https://gone.zeta.example/mcp"), _meta: official(goneStatus) },
    ],
  });
  for (const status of ["active", "deleted"]) {
    await importOfficialRegistry(services.store, { label: "test", followCursor: false, fetchPage: async () => page(status) }, { subregistry });
  }
  for (const [, url, score] of ENTRIES) {
    await recordScanOutcome(services.store, buildScanOutcome({ url, score }), { trigger: "rescan", fallbackName: "x", fallbackPublisher: "x" });
  }
}
