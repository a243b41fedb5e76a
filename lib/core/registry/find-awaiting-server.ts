import { httpUrlOrNull } from "./http-url";
import { tryNormalizeServerIdentity } from "./normalize-url";
import { parsePurl } from "./purl";
import type { RegistryStore } from "./registry-store";
import { isListed } from "./server-record";

/**
 * A server the registry lists (imported from the official registry) but has
 * not assessed yet (docs/identity.md#listed-versus-assessed): what the site shows on its page instead of a
 * verdict. Everything but `url` comes from strangers' server.json.
 */
export interface AwaitingServer {
  /** Its identity: the remote URL, or the package's purl (docs/identity.md#what-a-server-is-keyed-by). */
  url: string;
  /** The package's ecosystem (npm, pypi, oci) when the identity is a purl. */
  packageType: string | null;
  registryName: string;
  name: string;
  publisherName: string;
  description: string | null;
  packageName: string | null;
  /** Only http(s) links: the stored value is re-checked, never trusted to be one. */
  repositoryUrl: string | null;
  websiteUrl: string | null;
}

/**
 * The listed, not yet assessed server with this identity, or null: unknown,
 * assessed (it has a profile), deleted upstream, or first seen by a scan
 * rather than imported (a scan of an arbitrary URL does not list it).
 */
export async function findAwaitingServer(store: RegistryStore, rawIdentity: string): Promise<AwaitingServer | null> {
  const identity = tryNormalizeServerIdentity(rawIdentity);
  if (!identity) return null;
  const server = await store.findServerByUrl(identity);
  if (!server || isListed(server) || server.url === null || server.registryName === null || server.registryStatus === "deleted") return null;
  return {
    url: server.url,
    packageType: parsePurl(server.url)?.type ?? null,
    registryName: server.registryName,
    name: server.name,
    publisherName: server.publisherName,
    description: server.description,
    packageName: server.packageName,
    repositoryUrl: httpUrlOrNull(server.repositoryUrl),
    websiteUrl: httpUrlOrNull(server.websiteUrl),
  };
}
