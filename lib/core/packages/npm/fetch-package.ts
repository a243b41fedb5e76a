import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Finding } from "../../findings";
import type { DistributionEvidence, PackageRef } from "../package-evidence";
import { extractTarball } from "./extract-tarball";
import { checkIntegrity } from "./integrity";
import { parseManifest, type NpmManifest } from "./manifest";
import { packageFinding } from "./package-rules";
import { escapedPackageName, isValidPackageName, licenseName, packumentSchema, personNames, publishTimes, resolveVersion, type Packument, type PackumentVersion } from "./packument";
import { readProvenance } from "./provenance";
import { npmRegistryUrl, normalizeRegistryUrl } from "./registry-config";
import { RegistryHttpError, registryGet, sameOrigin, type RegistryGetOptions } from "./registry-http";
import { normalizeRepositoryUrl, repositoryField } from "./repository-url";

/**
 * Fetch of an npm package for assessment (docs/package-assessment.md#fetch-fetch-packagets): the full packument, the
 * named version (else dist-tags.latest), its tarball (capped, verified
 * against dist.integrity) unpacked into a fresh temporary directory, and the
 * provenance attestation when the registry has one. Only the configured
 * registry's origin is ever requested. Nothing of the package runs here.
 */

export interface FetchNpmOptions {
  /** Defaults to the configured registry (registry-config.ts). */
  registryUrl?: string;
  /** Overall deadline of the fetch (default 60 s). */
  deadlineMs?: number;
  requestTimeoutMs?: number;
  maxPackumentBytes?: number;
  maxTarballBytes?: number;
  maxUnpackedBytes?: number;
  maxFiles?: number;
  /** Where the temporary directory is made (default os.tmpdir()). */
  tempRoot?: string;
  signal?: AbortSignal;
}

const FETCH_DEFAULTS = {
  deadlineMs: 60_000,
  requestTimeoutMs: 30_000,
  maxPackumentBytes: 20 * 1024 * 1024,
  maxTarballBytes: 50 * 1024 * 1024,
  maxUnpackedBytes: 200 * 1024 * 1024,
  maxFiles: 20_000,
} as const;

export interface FetchedNpmPackage {
  /** The unpacked package (its package.json at the top); inside `tempDir`. */
  dir: string;
  /** The temporary directory to remove when done (`cleanup` does it). */
  tempDir: string;
  manifest: NpmManifest;
  distribution: DistributionEvidence;
  findings: Finding[];
  cleanup(): Promise<void>;
}

/** The fetch could not produce a package to read; `findings` say why when the reason is the package's (integrity, unsafe paths). */
export class NpmFetchError extends Error {
  constructor(
    readonly reason: string,
    readonly findings: Finding[] = [],
    readonly distribution: DistributionEvidence | null = null,
  ) {
    super(reason);
    this.name = "NpmFetchError";
  }
}

function parseJson(body: Buffer, what: string): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    throw new NpmFetchError(`${what} is not JSON`);
  }
}

async function getPackument(ref: PackageRef, registryUrl: string, http: RegistryGetOptions): Promise<Packument> {
  const url = new URL(escapedPackageName(ref.name), registryUrl).toString();
  const res = await registryGet(url, { ...http, accept: "application/json" });
  if (res.status === 404) throw new NpmFetchError(`${ref.name} is not in the registry ${registryUrl}`);
  if (res.status !== 200) throw new NpmFetchError(`the registry answered ${res.status} for ${ref.name}`);
  const parsed = packumentSchema.safeParse(parseJson(res.body, "the package document"));
  if (!parsed.success) throw new NpmFetchError(`the registry's document for ${ref.name} is malformed`);
  if (parsed.data.name !== ref.name) throw new NpmFetchError(`the registry answered for "${parsed.data.name.slice(0, 100)}", not ${ref.name}`);
  return parsed.data;
}

async function getProvenance(name: string, version: PackumentVersion, registryUrl: string, declared: string | null, http: RegistryGetOptions): Promise<DistributionEvidence["provenance"]> {
  const published = version.dist.attestations?.url;
  const url = published && sameOrigin(published, http.origin) ? published : new URL(`-/npm/v1/attestations/${escapedPackageName(name)}@${encodeURIComponent(version.version)}`, registryUrl).toString();
  try {
    const res = await registryGet(url, { ...http, maxBytes: 5 * 1024 * 1024, accept: "application/json" });
    if (res.status !== 200) return null;
    return readProvenance(parseJson(res.body, "the attestations document"), declared);
  } catch {
    // No attestation we can read is the same evidence as none: provenance stays unproven.
    return null;
  }
}

function describeHttpError(error: unknown, what: string): never {
  if (error instanceof RegistryHttpError) throw new NpmFetchError(`${what}: ${error.message}`);
  throw error;
}

export async function fetchNpmPackage(ref: PackageRef, options: FetchNpmOptions = {}): Promise<FetchedNpmPackage> {
  if (ref.ecosystem !== "npm") throw new NpmFetchError(`not an npm package: ${ref.ecosystem}`);
  if (!isValidPackageName(ref.name)) throw new NpmFetchError(`not a valid npm package name: ${ref.name.slice(0, 214)}`);
  const registryUrl = normalizeRegistryUrl(options.registryUrl ?? npmRegistryUrl());
  if (!registryUrl) throw new NpmFetchError("the configured npm registry URL is not an http(s) URL");
  const o = {
    deadlineMs: options.deadlineMs ?? FETCH_DEFAULTS.deadlineMs,
    requestTimeoutMs: options.requestTimeoutMs ?? FETCH_DEFAULTS.requestTimeoutMs,
    maxPackumentBytes: options.maxPackumentBytes ?? FETCH_DEFAULTS.maxPackumentBytes,
    maxTarballBytes: options.maxTarballBytes ?? FETCH_DEFAULTS.maxTarballBytes,
    maxUnpackedBytes: options.maxUnpackedBytes ?? FETCH_DEFAULTS.maxUnpackedBytes,
    maxFiles: options.maxFiles ?? FETCH_DEFAULTS.maxFiles,
  };
  const deadline = AbortSignal.timeout(o.deadlineMs);
  const http: RegistryGetOptions = {
    origin: new URL(registryUrl).origin,
    maxBytes: o.maxPackumentBytes,
    signal: options.signal ? AbortSignal.any([options.signal, deadline]) : deadline,
    timeoutMs: o.requestTimeoutMs,
  };

  const doc = await getPackument(ref, registryUrl, http).catch((e) => describeHttpError(e, "fetching the package document"));
  const resolved = resolveVersion(doc, ref.version);
  if (!resolved.ok) throw new NpmFetchError(resolved.reason);
  const version = resolved.manifest;
  const tarballUrl = version.dist.tarball;
  if (!sameOrigin(tarballUrl, http.origin)) {
    throw new NpmFetchError(`refused the tarball URL ${tarballUrl.slice(0, 300)}: it is not on the registry's origin ${http.origin}`);
  }

  const findings: Finding[] = [];
  const times = publishTimes(doc, resolved.version);
  const distribution: DistributionEvidence = {
    registryUrl,
    registryTls: registryUrl.startsWith("https:"),
    resolvedVersion: resolved.version,
    tarballUrl,
    integrity: version.dist.integrity ?? null,
    integrityVerified: false,
    tarballBytes: 0,
    unpackedBytes: 0,
    fileCount: 0,
    publishedAt: times.publishedAt,
    firstPublishedAt: times.firstPublishedAt,
    maintainers: personNames(version.maintainers ?? doc.maintainers),
    license: licenseName(version.license ?? doc.license),
    declaredRepository: normalizeRepositoryUrl(repositoryField(version.repository) ?? repositoryField(doc.repository)),
    provenance: null,
  };

  const tar = await registryGet(tarballUrl, { ...http, maxBytes: o.maxTarballBytes }).catch((e) => describeHttpError(e, "downloading the tarball"));
  if (tar.status !== 200) throw new NpmFetchError(`the registry answered ${tar.status} for the tarball ${tarballUrl}`, [], distribution);
  distribution.tarballBytes = tar.body.length;

  const integrity = checkIntegrity(tar.body, version.dist.integrity, version.dist.shasum);
  distribution.integrityVerified = integrity.verified;
  if (integrity.algorithm !== null && !integrity.matches) {
    const f = packageFinding("PKG-INTEGRITY-MISMATCH", "critical", "distribution/tarball", `The tarball's ${integrity.algorithm} does not match what the registry published; the package was not read.`, `expected ${integrity.expected}, got ${integrity.actual}`);
    throw new NpmFetchError(`the tarball does not match its published ${integrity.algorithm} integrity`, [f], distribution);
  }
  if (!integrity.verified) {
    const detail = integrity.algorithm === "sha1" ? "Only a sha1 shasum is published; it matched, but sha1 is not collision resistant." : "No integrity hash is published for this version.";
    findings.push(packageFinding("PKG-WEAK-INTEGRITY", "low", "distribution/tarball", detail, integrity.expected ?? "no dist.integrity, no dist.shasum"));
  }

  const tempDir = await mkdtemp(path.join(options.tempRoot ?? os.tmpdir(), "mcp-npm-"));
  const cleanup = () => rm(tempDir, { recursive: true, force: true });
  const dir = path.join(tempDir, "package");
  try {
    const extracted = await extractTarball(tar.body, dir, { maxUnpackedBytes: o.maxUnpackedBytes, maxFiles: o.maxFiles });
    if (!extracted.ok) {
      const f = extracted.unsafePath === null ? [] : [packageFinding("PKG-TARBALL-UNSAFE-PATH", "critical", "distribution/tarball", "A tarball entry would be written outside the package directory; nothing was extracted.", extracted.unsafePath)];
      throw new NpmFetchError(extracted.reason, f, distribution);
    }
    distribution.unpackedBytes = extracted.unpackedBytes;
    distribution.fileCount = extracted.fileCount;
    if (extracted.skipped.length > 0) {
      const list = extracted.skipped.map((s) => `${s.path} (${s.type})`).join(", ");
      findings.push(packageFinding("PKG-TARBALL-LINK", "info", "distribution/tarball", `${extracted.skipped.length} link or special entries were not extracted.`, list));
    }
    let manifestText: string;
    try {
      manifestText = await readFile(path.join(dir, "package.json"), "utf8");
    } catch {
      throw new NpmFetchError("the tarball has no package.json", [], distribution);
    }
    const manifest = parseManifest(manifestText);
    // The tarball's package.json is what npm installs; prefer its repository and licence.
    distribution.declaredRepository = normalizeRepositoryUrl(repositoryField(manifest.repository)) ?? distribution.declaredRepository;
    distribution.license = licenseName(manifest.license) ?? distribution.license;
    distribution.provenance = await getProvenance(ref.name, version, registryUrl, distribution.declaredRepository, http);
    findings.push(...distributionFindings(distribution));
    return { dir, tempDir, manifest, distribution, findings, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Findings about where the package says it comes from. Pure. */
function distributionFindings(d: DistributionEvidence): Finding[] {
  const findings: Finding[] = [];
  if (d.declaredRepository === null) {
    findings.push(packageFinding("PKG-NO-REPOSITORY", "low", "package.json:repository", "Neither package.json nor the registry entry names a source repository; the published code cannot be compared with a source.", "repository: (none)"));
  }
  if (d.license === null) findings.push(packageFinding("PKG-NO-LICENSE", "info", "package.json:license", "No licence is declared.", "license: (none)"));
  if (d.provenance && !d.provenance.matchesDeclared) {
    findings.push(
      packageFinding(
        "PKG-PROVENANCE-MISMATCH",
        d.provenance.sourceRepository === null || d.declaredRepository === null ? "medium" : "high",
        "distribution/provenance",
        "The provenance attestation was built from a different repository than the one package.json declares.",
        `provenance: ${d.provenance.sourceRepository ?? "(unreadable)"}; declared: ${d.declaredRepository ?? "(none)"}`,
      ),
    );
  }
  return findings;
}
