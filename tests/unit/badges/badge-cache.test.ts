import { describe, expect, it } from "vitest";
import { createBadgeCache } from "@/lib/badges/badge-cache";
import type { BadgeContent } from "@/lib/badges/render-badge";
import { keepsRequestAlive } from "../../support/async-context-retention";

const content: BadgeContent = { verdict: { grade: "B", score: 84, certificationStatus: "none" }, options: { style: "flat", cacheSeconds: 300 } };

describe("badge cache", () => {
  it("renders a badge once: a repeated badge is a hit, with the same bytes and ETag", async () => {
    const rendered: BadgeContent[] = [];
    const cache = createBadgeCache(async (c) => {
      rendered.push(c);
      return `<svg>${c.verdict!.grade} ${c.verdict!.score} é</svg>`;
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
    const cache = createBadgeCache(async (c) => `<svg>${++renders} ${c.options.style}</svg>`);
    const flat = await cache.get(content);
    const compact = await cache.get({ ...content, options: { ...content.options, style: "compact" } });
    const certified = await cache.get({ ...content, verdict: { ...content.verdict!, certificationStatus: "premium" } });
    const labelled = await cache.get({ ...content, options: { ...content.options, label: "trust" } });
    const notAssessed = await cache.get({ ...content, verdict: null });
    // Only headers depend on cacheSeconds: the same bytes.
    const longer = await cache.get({ ...content, options: { ...content.options, cacheSeconds: 3600 } });
    expect(renders).toBe(5);
    expect(longer).toBe(flat);
    expect(new Set([flat.etag, compact.etag, certified.etag, labelled.etag, notAssessed.etag]).size).toBe(5);
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
    const cache = createBadgeCache(async (c) => `<svg>${c.verdict!.grade}</svg>`);
    expect(await keepsRequestAlive(() => cache.get(content))).toBe(false);
    expect(new TextDecoder().decode((await cache.get(content)).body)).toBe("<svg>B</svg>");
  });
});
