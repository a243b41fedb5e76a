import { packagePurl } from "./import/package-identity";
import { canonicalPurl, packageOfPurl, parsePurl, PURL_ECOSYSTEMS } from "./purl";
import type { RegistryStore } from "./registry-store";
import type { ListedServerRecord, ServerRecord } from "./server-record";

export interface PackageServers {
  /** The plain name remote servers are matched on (`@scope/name` for `pkg:npm/%40scope/name`). */
  packageName: string;
  /** Servers identified by the package itself (its purl: docs/identity.md#what-a-server-is-keyed-by), assessed or not. */
  own: ServerRecord[];
  /** Listed servers that name the package, remote ones included, best score first. */
  naming: ListedServerRecord[];
}

/**
 * The purls a package name may stand for. A purl names one package; a plain
 * name carries no ecosystem, so each ecosystem where it is a valid name is
 * tried (`weather` may be on npm and on PyPI). OCI references may carry a
 * tag, which identities do not.
 */
export function candidatePurls(packageName: string): string[] {
  const purl = parsePurl(packageName);
  if (purl) return [canonicalPurl(purl)];
  if (/^pkg:/i.test(packageName)) return [];
  const purls = PURL_ECOSYSTEMS.map((registryType) => packagePurl({ registryType, identifier: packageName }));
  return [...new Set(purls.filter((p): p is string => p !== null))];
}

/** Everything the registry knows under a package name: the package's own server(s) and the servers naming it. */
export async function findPackageServers(store: RegistryStore, packageName: string, limit: number): Promise<PackageServers> {
  const purl = parsePurl(packageName);
  const plainName = (purl && packageOfPurl(purl)?.name) || packageName;
  const [own, naming] = await Promise.all([
    Promise.all(candidatePurls(packageName).map((url) => store.findServerByUrl(url))),
    store.findListedServersByPackage(plainName, limit),
  ]);
  return { packageName: plainName, own: own.filter((s): s is ServerRecord => s !== null), naming };
}
