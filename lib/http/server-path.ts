import { AppError } from "@/lib/core/errors";
import { serverUrlFromPathSegments, tryNormalizeServerUrl } from "@/lib/core/registry/normalize-url";
import type { RegistryStore } from "@/lib/core/registry/registry-store";

const PREFIX = "/api/v1/server/";
const SUB_RESOURCES = ["report", "badge", "badge.json"] as const;

export type ServerPathTarget = { resource: "profile" | (typeof SUB_RESOURCES)[number]; serverUrl: string };

/**
 * Reads the {url} segment from the raw path, not from decoded route params,
 * so every encoding is decoded exactly once. A trailing /report, /badge or /badge.json is
 * a sub-resource when what precedes it is a known server, part of the
 * server's own URL when the whole is a known server (a server may live at
 * https://x.example/report), and a sub-resource of an unknown server
 * otherwise: a badge of a server nobody has assessed yet is still a badge
 * ("not assessed": docs/badges.md#a-server-with-no-verdict), not a missing profile.
 */
export async function resolveServerPath(store: RegistryStore, pathname: string): Promise<ServerPathTarget> {
  if (!pathname.startsWith(PREFIX)) throw new AppError("not_found", "No server with that URL is in the registry.");
  const segments = pathname.slice(PREFIX.length).split("/");
  const last = segments.at(-1) as (typeof SUB_RESOURCES)[number];
  if (segments.length > 1 && SUB_RESOURCES.includes(last)) {
    const serverUrl = serverUrlFromPathSegments(segments.slice(0, -1));
    const normalized = tryNormalizeServerUrl(serverUrl);
    if (normalized && (await store.findServerByUrl(normalized))) return { resource: last, serverUrl };
    const whole = tryNormalizeServerUrl(serverUrlFromPathSegments(segments));
    if (!whole || !(await store.findServerByUrl(whole))) return { resource: last, serverUrl };
  }
  return { resource: "profile", serverUrl: serverUrlFromPathSegments(segments) };
}
