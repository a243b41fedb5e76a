import "server-only";
import { createApiRoute, type ApiContext } from "@/lib/http/api-route";
import { withOfficialErrors } from "@/lib/http/subregistry-route";
import { appServices } from "./app-services";

/** The /api/v1 handler wrapper, bound to this process's services: route files import it from here. */
export const apiRoute = createApiRoute(appServices);

/** A /v0.1 handler: a counted read whose errors take the official registry's shape. */
export function subregistryRoute(handler: (ctx: ApiContext) => Promise<Response>) {
  return withOfficialErrors(apiRoute("read", handler));
}
