import { formatPurl, PURL_ECOSYSTEMS, type PurlEcosystem } from "../purl";

/** The fields of a server.json package that name it. */
export interface ServerJsonPackage {
  registryType?: string;
  identifier: string;
  registryBaseUrl?: string;
}

/**
 * An OCI identifier without its tag or digest, with the registry host in
 * front: 2025-12-11 writes `docker.io/acme/weather:1.0.0`, older entries
 * `acme/weather` with `registryBaseUrl: "https://docker.io"`.
 */
function ociReference(pkg: ServerJsonPackage): string {
  const withoutDigest = pkg.identifier.split("@")[0];
  const reference = withoutDigest.replace(/:[^/:]*$/, "");
  const hostOfBase = pkg.registryBaseUrl ? /^https?:\/\/([^/]+)\/?$/i.exec(pkg.registryBaseUrl)?.[1] : undefined;
  const first = reference.split("/")[0];
  const hasHost = reference.includes("/") && (first.includes(".") || first.includes(":") || first === "localhost");
  return hostOfBase && !hasHost ? `${hostOfBase}/${reference}` : reference;
}

/**
 * The Package URL a server.json package is identified by
 * (docs/import.md#identity-of-package-only-entries), without a
 * version: a server is one package across its releases. Null for an
 * ecosystem the registry does not assess (nuget, mcpb, …) or a name that is
 * not valid in its ecosystem.
 */
export function packagePurl(pkg: ServerJsonPackage): string | null {
  const ecosystem = PURL_ECOSYSTEMS.find((e): e is PurlEcosystem => e === pkg.registryType?.toLowerCase());
  if (!ecosystem) return null;
  return formatPurl({ ecosystem, name: ecosystem === "oci" ? ociReference(pkg) : pkg.identifier.trim() });
}
