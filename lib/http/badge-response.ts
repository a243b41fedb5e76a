import { z } from "zod";
import { findListedServer } from "@/lib/core/registry/get-server-profile";
import type { Services } from "@/lib/services/open-services";
import { BADGE_STYLES, type BadgeStyle } from "@/lib/badges/render-badge";
import { appErrorFromZod } from "./api-route";

const styleSchema = z.object({ style: z.enum(BADGE_STYLES, { error: `must be one of ${BADGE_STYLES.join(", ")}` }) });

/** Badges are fetched by image proxies for every README view: cache them, briefly, everywhere. */
const BADGE_CACHE_CONTROL = "public, max-age=300, s-maxage=300, stale-while-revalidate=3600";

export function parseBadgeStyle(raw: string | null, fallback: BadgeStyle): BadgeStyle {
  const result = styleSchema.safeParse({ style: raw ?? fallback });
  if (!result.success) throw appErrorFromZod(result.error);
  return result.data.style;
}

/** The SVG badge of one server (D14), with ETag and a 304 for a matching If-None-Match. */
export async function badgeResponse(services: Services, request: Request, rawUrl: string, style: BadgeStyle): Promise<Response> {
  const server = await findListedServer(services.store, rawUrl);
  const badge = await services.badges.get({
    style,
    grade: server.grade,
    score: server.trustScore,
    certificationStatus: server.certificationStatus,
  });
  const headers = {
    etag: badge.etag,
    "cache-control": BADGE_CACHE_CONTROL,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
  };
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === badge.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(badge.body as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: { ...headers, "content-type": "image/svg+xml; charset=utf-8", "content-length": String(badge.body.byteLength) },
  });
}
