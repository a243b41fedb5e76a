/**
 * A minimal client of the MCP Registry API v0.1, written from its published
 * OpenAPI document with nothing but fetch: what an MCP client with a
 * "registry only" setting does (list every server page by page, read a
 * server's latest version by its percent-encoded name). No npm package we
 * could find speaks v0.1 against a configurable base URL, so this stands in
 * for one; it knows nothing of this project beyond `min_grade`.
 */
export interface RegistryServer {
  server: { name: string; version: string; description: string; remotes?: { type: string; url: string }[]; packages?: { registryType: string; identifier: string }[] };
  _meta?: Record<string, Record<string, unknown> | undefined>;
}

export class RegistryClient {
  constructor(
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async getJson<T>(path: string): Promise<T> {
    const response = await this.fetchImpl(new URL(path, this.baseUrl), { headers: { accept: "application/json" } });
    const body = (await response.json()) as T & { error?: string };
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${body.error ?? ""}`.trim());
    return body;
  }

  /** Every server, following metadata.nextCursor until the registry gives none. */
  async listAll(query: { search?: string; limit?: number; minGrade?: string; version?: string } = {}): Promise<RegistryServer[]> {
    const all: RegistryServer[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 1000; pages++) {
      const params = new URLSearchParams();
      if (query.search) params.set("search", query.search);
      if (query.limit) params.set("limit", String(query.limit));
      if (query.version) params.set("version", query.version);
      if (query.minGrade) params.set("min_grade", query.minGrade);
      if (cursor) params.set("cursor", cursor);
      const page = await this.getJson<{ servers: RegistryServer[]; metadata?: { nextCursor?: string } }>(`/v0.1/servers?${params}`);
      all.push(...page.servers);
      cursor = page.metadata?.nextCursor || undefined;
      if (!cursor) return all;
    }
    throw new Error("the registry never stopped paging");
  }

  latest(name: string): Promise<RegistryServer> {
    return this.getJson(`/v0.1/servers/${encodeURIComponent(name)}/versions/latest`);
  }

  versions(name: string): Promise<{ servers: RegistryServer[] }> {
    return this.getJson(`/v0.1/servers/${encodeURIComponent(name)}/versions`);
  }
}
