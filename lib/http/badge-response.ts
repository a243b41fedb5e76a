import { badgeOptionsSchema, CACHE_SECONDS_BOUNDS, type BadgeOptions, type BadgeStyle } from "@/lib/badges/badge-options";
import { badgeText, messageColours, type BadgeContent, type BadgeVerdict } from "@/lib/badges/render-badge";
import { isAppError } from "@/lib/core/errors";
import { findListedServer } from "@/lib/core/registry/get-server-profile";
import type { Services } from "@/lib/services/open-services";
import { appErrorFromZod } from "./api-route";
import { jsonResponse } from "./responses";

/** The badge query parameters: shields' styles and parameters, each route's default style (docs/badges.md). */
export function parseBadgeOptions(url: URL, defaultStyle: BadgeStyle): BadgeOptions {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(badgeOptionsSchema.shape)) {
    const value = url.searchParams.get(name);
    // An empty parameter (`?label=`) is an explicit value only for label: no label.
    if (value !== null && (value !== "" || name === "label")) raw[name] = value;
  }
  const result = badgeOptionsSchema.safeParse(raw);
  if (!result.success) throw appErrorFromZod(result.error);
  return { ...result.data, style: result.data.style ?? defaultStyle, cacheSeconds: result.data.cacheSeconds ?? CACHE_SECONDS_BOUNDS.default };
}

/** Badges are fetched by image proxies for every README view: cache them, briefly, everywhere. */
function cacheControl(options: BadgeOptions): string {
  return `public, max-age=${options.cacheSeconds}, s-maxage=${options.cacheSeconds}, stale-while-revalidate=3600`;
}

/** The server's verdict, or null when the registry has none for it (unknown URL, not yet assessed). */
async function findVerdict(services: Services, rawUrl: string): Promise<BadgeVerdict | null> {
  try {
    const server = await findListedServer(services.store, rawUrl);
    return { grade: server.grade, score: server.trustScore, certificationStatus: server.certificationStatus };
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") return null;
    throw error;
  }
}

/** Whether the client reads JSON rather than an image: then an unknown server gets the ErrorResponse (docs/badges.md#a-server-with-no-verdict). */
function asksForJson(request: Request): boolean {
  return /\bjson\b/i.test(request.headers.get("accept") ?? "");
}

/**
 * The SVG badge of one server (docs/badges.md), with ETag and a 304 for a
 * matching If-None-Match. An unknown or unassessed server keeps its 404
 * (docs/badges.md#a-server-with-no-verdict), with
 * a grey "not assessed" badge as its body for image requests, so an embed
 * never shows a broken image; a client that asks for JSON gets the
 * ErrorResponse.
 */
export async function badgeResponse(services: Services, request: Request, rawUrl: string, options: BadgeOptions): Promise<Response> {
  const verdict = await findVerdict(services, rawUrl);
  if (!verdict && asksForJson(request)) {
    return jsonResponse({ error: "not_found", message: "No server with that URL is in the registry." }, { status: 404 });
  }
  const badge = await services.badges.get({ verdict, options });
  const headers = {
    etag: badge.etag,
    "cache-control": cacheControl(options),
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    vary: "Accept",
  };
  const ifNoneMatch = request.headers.get("if-none-match");
  if (verdict && ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === badge.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(badge.body as Uint8Array<ArrayBuffer>, {
    status: verdict ? 200 : 404,
    headers: { ...headers, "content-type": "image/svg+xml; charset=utf-8", "content-length": String(badge.body.byteLength) },
  });
}

/**
 * The shields.io endpoint document (https://shields.io/badges/endpoint-badge)
 * for `img.shields.io/endpoint?url=…/badge.json`, so shields can draw our
 * verdict in its own styles. Always 200: shields shows any other status as
 * "inaccessible", and an unknown server is a fact worth showing ("not assessed").
 */
export async function badgeEndpointResponse(services: Services, rawUrl: string, options: BadgeOptions): Promise<Response> {
  const verdict = await findVerdict(services, rawUrl);
  const content: BadgeContent = { verdict, options: { ...options, style: "flat" } };
  const { label, message } = badgeText(content);
  const body = {
    schemaVersion: 1,
    label: label ?? "",
    message,
    color: messageColours(content).background.slice(1),
    ...(options.labelColor ? { labelColor: options.labelColor.slice(1) } : {}),
    cacheSeconds: options.cacheSeconds,
    ...(verdict ? {} : { isError: true }),
  };
  return jsonResponse(body, { headers: { "cache-control": cacheControl(options) } });
}
