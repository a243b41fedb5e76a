import "server-only";
import { config } from "@/lib/config";
import { shareResult } from "@/lib/core/shared-result";
import { openServices, type Services } from "./open-services";
import { processServices, setProcessServices } from "./process-services";

/** The process's services, opened on first use (by the first request, which is not kept alive by them). */
export function appServices(): Promise<Services> {
  let opened = processServices();
  if (!opened) {
    const opening = shareResult(openServices(config()), () => {
      if (processServices() === opening) setProcessServices(undefined);
    });
    setProcessServices(opening);
    opened = opening;
  }
  return opened.get();
}

/** Integration tests and benchmarks call route handlers in-process against services of their own. */
export function provideAppServices(services: Services): void {
  setProcessServices(shareResult(Promise.resolve(services)));
}
