import "server-only";
import { config } from "@/lib/config";
import { openServices, type Services } from "./open-services";

// Kept on globalThis so that hot reloads and duplicated module graphs share
// one database handle: PGlite can only be opened once per data directory.
const globalKey = Symbol.for("mcp-trust-registry.services");
type GlobalWithServices = typeof globalThis & { [globalKey]?: Promise<Services> };

/** The process's services, opened on first use. */
export function appServices(): Promise<Services> {
  const g = globalThis as GlobalWithServices;
  if (!g[globalKey]) {
    g[globalKey] = openServices(config()).catch((error) => {
      delete g[globalKey];
      throw error;
    });
  }
  return g[globalKey]!;
}

/** Integration tests and benchmarks call route handlers in-process against services of their own. */
export function provideAppServices(services: Services): void {
  (globalThis as GlobalWithServices)[globalKey] = Promise.resolve(services);
}
