import { AppError, isAppError } from "../errors";
import type { RegistryStore } from "./registry-store";
import { isListed, type ListedServerRecord } from "./server-record";
import { toServerDetail, type ServerDetailView } from "./server-views";
import { normalizeServerIdentity } from "./normalize-url";

export const HISTORY_LIMIT = 20;

/**
 * Finds a server that public reads may show (one with a verdict:
 * docs/identity.md#listed-versus-assessed), or
 * throws not_found. The identity is an http(s) URL or a package's purl
 * (docs/identity.md#what-a-server-is-keyed-by). One that does not even parse is also "not found": the caller asked
 * for a server.
 */
export async function findListedServer(store: RegistryStore, rawUrl: string): Promise<ListedServerRecord> {
  let url: string;
  try {
    url = normalizeServerIdentity(rawUrl);
  } catch {
    throw new AppError("not_found", "No server with that URL is in the registry.");
  }
  const server = await store.findServerByUrl(url);
  if (!server || !isListed(server)) throw new AppError("not_found", "No server with that URL is in the registry.");
  return server;
}

/** Whether the server has a public profile to link to: exactly the servers findListedServer finds. */
export async function hasPublicProfile(store: RegistryStore, rawUrl: string): Promise<boolean> {
  try {
    await findListedServer(store, rawUrl);
    return true;
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") return false;
    throw error;
  }
}

/** The public profile of one server (docs/findings-and-scans.md#the-profile-and-its-scan-history). */
export async function getServerProfile(store: RegistryStore, rawUrl: string): Promise<ServerDetailView> {
  const server = await findListedServer(store, rawUrl);
  const history = await store.listScans(server.id, HISTORY_LIMIT);
  return toServerDetail(server, history);
}
