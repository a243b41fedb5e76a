import { officialError } from "@/lib/http/subregistry-route";

export const dynamic = "force-dynamic";

/** Unknown /v0.1 paths answer in the official API's error shape. */
const notFound = async () => officialError(404, "Not found: this registry serves GET /v0.1/servers and /v0.1/servers/{serverName}/versions[/{version}].");
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
