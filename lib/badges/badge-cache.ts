import { createHash } from "node:crypto";
import { createResultCache } from "@/lib/core/result-cache";
import { renderBadge, type BadgeContent } from "./render-badge";

export interface RenderedBadge {
  /** The SVG as UTF-8, encoded once: a hit writes these bytes as they are. */
  body: Uint8Array;
  etag: string;
}

const RENDERER_VERSION = "1";
const MAX_ENTRIES = 2000;

/**
 * Badges depend only on style, grade, score and tier, so a few hundred SVGs
 * cover every server: cache by content, and a repeated badge costs no satori
 * call. Kept until evicted: a badge's bytes never change for the same content.
 */
export function createBadgeCache(render: (content: BadgeContent) => Promise<string> = renderBadge) {
  const rendered = createResultCache<RenderedBadge>({ ttlMs: Infinity, maxEntries: MAX_ENTRIES });
  return {
    get(content: BadgeContent): Promise<RenderedBadge> {
      const key = `${RENDERER_VERSION}|${content.style}|${content.grade}|${Math.round(content.score)}|${content.certificationStatus}`;
      return rendered.get(key, async () => ({
        body: new TextEncoder().encode(await render(content)),
        etag: `"${createHash("sha256").update(key).digest("base64url").slice(0, 22)}"`,
      }));
    },
  };
}

export type BadgeCache = ReturnType<typeof createBadgeCache>;
