import { createHash } from "node:crypto";
import { createResultCache } from "@/lib/core/result-cache";
import { renderBadge, type BadgeContent } from "./render-badge";

export interface RenderedBadge {
  /** The SVG as UTF-8, encoded once: a hit writes these bytes as they are. */
  body: Uint8Array;
  etag: string;
}

const RENDERER_VERSION = "2";
const MAX_ENTRIES = 2000;

/** Everything that changes a badge's bytes (not cacheSeconds, which only changes headers). */
function badgeKey({ verdict, options }: BadgeContent): string {
  return JSON.stringify([
    RENDERER_VERSION,
    options.style,
    options.label ?? null,
    options.labelColor ?? null,
    options.color ?? null,
    options.logo ?? null,
    verdict ? [verdict.grade, Math.round(verdict.score), verdict.certificationStatus] : null,
  ]);
}

/**
 * Badges depend only on the verdict (grade, score, tier) and the author's
 * options, so a few hundred SVGs cover most traffic: cache by content, and a
 * repeated badge is not drawn again. Kept until evicted: a badge's bytes
 * never change for the same content.
 */
export function createBadgeCache(render: (content: BadgeContent) => string | Promise<string> = renderBadge) {
  const rendered = createResultCache<RenderedBadge>({ ttlMs: Infinity, maxEntries: MAX_ENTRIES });
  return {
    get(content: BadgeContent): Promise<RenderedBadge> {
      const key = badgeKey(content);
      return rendered.get(key, async () => ({
        body: new TextEncoder().encode(await render(content)),
        etag: `"${createHash("sha256").update(key).digest("base64url").slice(0, 22)}"`,
      }));
    },
  };
}

export type BadgeCache = ReturnType<typeof createBadgeCache>;
