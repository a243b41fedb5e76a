import { createHash } from "node:crypto";
import { shareResult, type SharedResult } from "@/lib/core/shared-result";
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
 * call. Insertion-ordered Map as a small LRU, of values rather than
 * promises (see SharedResult).
 */
export function createBadgeCache(render: (content: BadgeContent) => Promise<string> = renderBadge) {
  const entries = new Map<string, SharedResult<RenderedBadge>>();
  return {
    get(content: BadgeContent): Promise<RenderedBadge> {
      const key = `${RENDERER_VERSION}|${content.style}|${content.grade}|${Math.round(content.score)}|${content.certificationStatus}`;
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.get();
      }
      const rendered = render(content).then((svg) => ({
        body: new TextEncoder().encode(svg),
        etag: `"${createHash("sha256").update(key).digest("base64url").slice(0, 22)}"`,
      }));
      const entry = shareResult(rendered, () => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      entries.set(key, entry);
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      return rendered;
    },
  };
}

export type BadgeCache = ReturnType<typeof createBadgeCache>;
