import type { SharedResult } from "@/lib/core/shared-result";
import type { Services } from "./open-services";

/**
 * The process's one set of services, kept on globalThis so that hot
 * reloads, Next's module layers and the start script (which loads its own
 * copy of this file outside Next) all see one database handle: PGlite can
 * only be opened once per data directory.
 */
const globalKey = Symbol.for("mcp-trust-registry.services");
type GlobalWithServices = typeof globalThis & { [globalKey]?: SharedResult<Services> };

export function processServices(): SharedResult<Services> | undefined {
  return (globalThis as GlobalWithServices)[globalKey];
}

export function setProcessServices(services: SharedResult<Services> | undefined): void {
  const g = globalThis as GlobalWithServices;
  if (services) g[globalKey] = services;
  else delete g[globalKey];
}

/** On shutdown: closes the services the app opened, if it opened any (pools, the embedded database, the limiter's store). */
export async function closeProcessServices(): Promise<void> {
  const opened = processServices();
  if (!opened) return;
  setProcessServices(undefined);
  const services = await opened.get().catch(() => null);
  await services?.close();
}
