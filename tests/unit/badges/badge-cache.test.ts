import { describe, expect, it } from "vitest";
import { createBadgeCache } from "@/lib/badges/badge-cache";
import type { BadgeContent } from "@/lib/badges/render-badge";
import { keepsRequestAlive } from "../../support/async-context-retention";

const content: BadgeContent = { style: "flat", grade: "B", score: 84, certificationStatus: "none" };

describe("badge cache", () => {
  it("renders a badge once: a repeated badge is a hit, with the same bytes and ETag", async () => {
    const rendered: BadgeContent[] = [];
    const cache = createBadgeCache(async (c) => {
      rendered.push(c);
      return `<svg>${c.grade} ${c.score} é</svg>`;
    });
    const first = await cache.get(content);
    const second = await cache.get({ ...content });
    expect(rendered).toHaveLength(1);
    expect(second).toBe(first);
    expect(new TextDecoder().decode(first.body)).toBe("<svg>B 84 é</svg>");
    expect(first.etag).toMatch(/^"[\w-]{22}"$/);
  });

  it("renders again for different content, with another ETag", async () => {
    let renders = 0;
    const cache = createBadgeCache(async (c) => `<svg>${++renders} ${c.style}</svg>`);
    const flat = await cache.get(content);
    const compact = await cache.get({ ...content, style: "compact" });
    const certified = await cache.get({ ...content, certificationStatus: "premium" });
    expect(renders).toBe(3);
    expect(new Set([flat.etag, compact.etag, certified.etag]).size).toBe(3);
  });

  it("does not keep a failed render", async () => {
    let calls = 0;
    const cache = createBadgeCache(async () => {
      calls++;
      if (calls === 1) throw new Error("font missing");
      return "<svg/>";
    });
    await expect(cache.get(content)).rejects.toThrow("font missing");
    await expect(cache.get(content)).resolves.toMatchObject({ etag: expect.any(String) });
    expect(calls).toBe(2);
  });

  it("keeps the rendered bytes, not the request that asked for them first", async () => {
    const cache = createBadgeCache(async (c) => `<svg>${c.grade}</svg>`);
    expect(await keepsRequestAlive(() => cache.get(content))).toBe(false);
    expect(new TextDecoder().decode((await cache.get(content)).body)).toBe("<svg>B</svg>");
  });
});
