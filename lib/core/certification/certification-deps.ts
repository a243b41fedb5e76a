import type { RegistryStore } from "../registry/registry-store";
import type { CertificationStore } from "./certification-store";

export type VerificationFetch = { ok: true; body: string } | { ok: false; reason: string };

/** What the certification use cases run on; built once in lib/services/open-services.ts. */
export interface CertificationDeps {
  store: CertificationStore;
  registry: Pick<RegistryStore, "findServerByUrl">;
  /** Public base URL, for the status URL in replies. */
  baseUrl: string;
  /** Fetches `<origin>/.well-known/mcp-trust-verification` through the scanner's target guard. */
  fetchVerification: (url: string) => Promise<VerificationFetch>;
  /**
   * The intake scans a server the registry does not know first
   * (docs/certification.md#applying). Called for a
   * server the registry does not know or has never scanned, before the
   * application is opened. Left undefined until the scanner use case
   * (lib/core/registry/scan-server.ts) is wired here; errors it throws as
   * AppError (target_forbidden, rate_limited) reach the client.
   */
  scanIfUnknown?: (serverUrl: string) => Promise<void>;
  now?: () => Date;
}
