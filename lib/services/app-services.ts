import "server-only";
import { config } from "@/lib/config";
import { shareResult, type SharedResult } from "@/lib/core/shared-result";
import { openServices, type Services } from "./open-services";

// Kept on globalThis so that hot reloads and duplicated module graphs share
// one database handle: PGlite can only be opened once per data directory.
const globalKey = Symbol.for("mcp-trust-registry.services");
type GlobalWithServices = typeof globalThis & { [globalKey]?: SharedResult<Services> };

/** The process's services, opened on first use (by the first request, which is not kept alive by them). */
export function appServices(): Promise<Services> {
  const g = globalThis as GlobalWithServices;
  if (!g[globalKey]) {
    const opening = shareResult(openServices(config()), () => {
      if (g[globalKey] === opening) delete g[globalKey];
    });
    g[globalKey] = opening;
  }
  return g[globalKey]!.get();
}

/** Integration tests and benchmarks call route handlers in-process against services of their own. */
export function provideAppServices(services: Services): void {
  (globalThis as GlobalWithServices)[globalKey] = shareResult(Promise.resolve(services));
}
