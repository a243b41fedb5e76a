import { migrateHandle, openDatabase, pingDatabase, type DatabaseHandle, type DatabaseOptions } from "@/db/client";
import type { AppConfig } from "@/lib/config";
import type { RegistryStore } from "@/lib/core/registry/registry-store";
import type { SubregistryStore } from "@/lib/core/registry/subregistry/subregistry-store";
import { createDrizzleRegistryStore } from "@/lib/data/drizzle-registry-store";
import { createCachedRegistryStore } from "@/lib/core/registry/cached-registry-store";
import { invalidatingAfter } from "@/lib/core/result-cache";
import { createStatsReader, type StatsReader } from "@/lib/core/registry/stats-reader";
import { createBadgeCache, type BadgeCache } from "@/lib/badges/badge-cache";
import type { RequestGate } from "@/lib/http/request-gate";
import type { ApiKeyStore } from "@/lib/core/api-keys/api-key-store";
import type { CertificationDeps } from "@/lib/core/certification/certification-deps";
import { fetchVerificationDocument } from "@/lib/core/certification/fetch-verification-document";
import { createDrizzleApiKeyStore } from "@/lib/data/drizzle-api-key-store";
import { createDrizzleSubregistryStore } from "@/lib/data/drizzle-subregistry-store";
import { createDrizzleCertificationStore } from "@/lib/data/drizzle-certification-store";
import { createApiKeyGate } from "@/lib/http/api-key-gate";
import type { RateLimiter } from "@/lib/http/rate-limit/create-rate-limiter";
import { openRateLimiter, type RateLimiterOverrides } from "@/lib/http/rate-limit/open-rate-limiter";
import { createScanCoordinator } from "@/lib/core/scanning/scan-coordinator";
import { runScan, type RunScanOptions } from "@/lib/core/scanning/run-scan";
import { scanServer, type ScanServerDeps } from "@/lib/core/registry/scan-server";
import type { AssessPackage, AssessPackageOfRemote } from "@/lib/jobs/assess-job";
import { assessNpmPackage, type PackageAssessmentOptions } from "@/lib/core/packages/assess-package";
import { npmRegistryUrl } from "@/lib/core/packages/npm/registry-config";
import { assessPackageOfRemoteServer, assessPackageServer, type AssessPackageServerDeps } from "@/lib/core/registry/assess-package-server";

/**
 * The one place where the core is wired to its implementations. The app,
 * the scripts and the integration tests all build their services here.
 */
export interface Services {
  config: AppConfig;
  database: DatabaseHandle;
  /** A round trip that proves the database answers (GET /api/health, GET /api/ready). */
  pingDatabase: () => Promise<void>;
  store: RegistryStore;
  /** The imported server.json entries that /v0.1 serves. */
  subregistry: SubregistryStore;
  stats: StatsReader;
  gate: RequestGate;
  apiKeys: ApiKeyStore;
  rateLimiter: RateLimiter;
  certification: CertificationDeps;
  badges: BadgeCache;
  scanner: ScanServerDeps;
  /** Assesses a package server (`pkg:` identity; docs/package-assessment.md) for the job queue (lib/jobs). */
  assessPackage: AssessPackage;
  /** For a remote server that names an npm package: its package, assessed and ready to join the scan. */
  assessPackageOfRemote: AssessPackageOfRemote;
  close(): Promise<void>;
}

/**
 * Hot reads are served from memory for a few seconds; writes in this process
 * clear them at once. An expired entry is only replaced when read again, so
 * the bounds are what the caches hold for good, and all of it is live heap
 * that V8 multiplies when it sizes the heap: 5,000 search pages were up to
 * ~165 MB (a page of 50 summaries is ~33 KB), so searches keep 500; a server
 * record (~1.6 KB) and a scan history (~0.5-5 KB) are small enough for 2,000.
 */
const READ_CACHE = { ttlMs: 10_000, maxEntries: 2_000, maxSearchEntries: 500 };

/** Wraps every method of `target` so that `invalidate` runs after it settles. */
function clearingCacheAfterEachCall<T extends object>(target: T, invalidate: () => void): T {
  const entries = Object.entries(target).map(([name, member]) => [name, typeof member === "function" ? invalidatingAfter(member.bind(target), invalidate) : member]);
  return Object.fromEntries(entries) as T;
}

export function databaseOptions(config: AppConfig): DatabaseOptions {
  return { databaseUrl: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR };
}

/** What tests (and only tests) change about the wiring; the product's values otherwise. */
export interface ServiceOverrides {
  /** Other limits, a key prefix per test run, a shorter store timeout. */
  rateLimiter?: RateLimiterOverrides;
  /** Loopback-only targets and shorter deadlines for scanner tests. */
  scan?: Partial<RunScanOptions>;
  /** Shorter sandbox and fetch limits for package tests. */
  packages?: Omit<PackageAssessmentOptions, "registryUrl">;
}

/** Opens the database, applies pending migrations and builds the services. */
export async function openServices(config: AppConfig, overrides: ServiceOverrides = {}): Promise<Services> {
  const options = databaseOptions(config);
  const database = await openDatabase(options);
  try {
    await migrateHandle(database, options);
  } catch (error) {
    await database.close();
    throw error;
  }
  const store = createCachedRegistryStore(createDrizzleRegistryStore(database.db, database.genericPlans), READ_CACHE);
  const apiKeys = createDrizzleApiKeyStore(database.db);
  const subregistry = createDrizzleSubregistryStore(database.db);
  const rateLimiter = openRateLimiter(config, overrides.rateLimiter);
  const stats = createStatsReader(store);
  const scanner: ScanServerDeps = {
    store,
    runScan,
    coordinator: createScanCoordinator({ maxConcurrent: config.SCAN_MAX_CONCURRENT, deadlineMs: config.SCAN_DEADLINE_MS }),
    scanOptions: {
      allowPrivateTargets: config.SCAN_ALLOW_PRIVATE_TARGETS,
      deadlineMs: config.SCAN_DEADLINE_MS,
      ...overrides.scan,
    },
    onRecorded: () => stats.invalidate(),
  };
  const certification: CertificationDeps = {
    // Certification transitions change servers' certificationStatus: clear the read cache after each call.
    store: clearingCacheAfterEachCall(createDrizzleCertificationStore(database.db), store.invalidate),
    registry: store,
    baseUrl: config.BASE_URL,
    // The scanner's target policy, so a test's loopback-only override applies to verification fetches too.
    fetchVerification: (url) =>
      fetchVerificationDocument(url, {
        allowPrivateTargets: scanner.scanOptions.allowPrivateTargets ?? config.SCAN_ALLOW_PRIVATE_TARGETS,
        allowedRanges: scanner.scanOptions.allowedRanges,
        lookup: scanner.scanOptions.lookup,
      }),
    // The intake scans a server the registry does not know yet (docs/certification.md#applying).
    scanIfUnknown: async (url) => {
      await scanServer(scanner, url, "certify");
    },
  };
  // Read when a package is assessed, not at start-up: npm's registry setting comes from .npmrc files.
  const packageDeps = (): AssessPackageServerDeps => {
    const packageRegistryUrl = config.NPM_REGISTRY_URL ?? npmRegistryUrl();
    return {
      store,
      assess: (identity, ref, context, launch) => assessNpmPackage(identity, ref, context, { registryUrl: packageRegistryUrl, ...overrides.packages }, launch),
      entries: subregistry,
      onRecorded: () => stats.invalidate(),
    };
  };
  const assessPackage: AssessPackage = async (url, trigger) => {
    const { assessment } = await assessPackageServer(packageDeps(), url, trigger);
    return { status: assessment.outcome.status };
  };
  const assessPackageOfRemote: AssessPackageOfRemote = (url) => assessPackageOfRemoteServer(packageDeps(), url);
  return {
    config,
    database,
    pingDatabase: () => pingDatabase(database.db),
    assessPackage,
    assessPackageOfRemote,
    store,
    subregistry,
    stats,
    scanner,
    gate: createApiKeyGate({ apiKeys, limiter: rateLimiter }),
    apiKeys,
    rateLimiter,
    certification,
    badges: createBadgeCache(),
    close: async () => {
      await rateLimiter.close();
      await database.close();
    },
  };
}
