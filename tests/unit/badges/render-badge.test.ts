import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { badgeOptionsSchema, BADGE_LOGOS, BADGE_STYLES, CACHE_SECONDS_BOUNDS, parseColour, textColourOn } from "@/lib/badges/badge-options";
import { badgeText, renderBadge, type BadgeContent } from "@/lib/badges/render-badge";

const verdict = { grade: "A", score: 92, certificationStatus: "none" } as const;
const badge = (options: Partial<BadgeContent["options"]> = {}, v: BadgeContent["verdict"] = verdict) =>
  renderBadge({ verdict: v, options: { style: "flat", cacheSeconds: 300, ...options } });

describe("badge renderer", () => {
  it("draws every style as well-formed SVG whose words exist only as glyph outlines", () => {
    for (const style of BADGE_STYLES) {
      for (const v of [verdict, null]) {
        const svg = badge({ style }, v);
        expect(XMLValidator.validate(svg), style).toBe(true);
        expect(svg).not.toMatch(/<text|<script|<foreignObject|on\w+=/i);
        const height = Number(/height="(\d+)"/.exec(svg)![1]);
        expect(height).toBe({ flat: 20, compact: 20, "flat-square": 20, plastic: 18, "for-the-badge": 28 }[style]);
      }
    }
  });

  it("renders an author's hostile label as outlines, naming it only escaped in the title", () => {
    const label = `"><script>alert(1)</script><x y="`;
    const svg = badge({ label });
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toContain("<script>");
    const parsed = new XMLParser({ ignoreAttributes: false, htmlEntities: true }).parse(svg);
    expect(parsed.svg.title).toBe(`${label}: A 92`);
    expect(parsed.svg["@_aria-label"]).toBe(`${label}: A 92`);
  });

  it("defines each glyph once and is under half the size of the satori badge it replaces (5.2 KB)", () => {
    const svg = badge();
    const defs = [...svg.matchAll(/<path id="(g\d+)"/g)].map((m) => m[1]);
    expect(new Set(defs).size).toBe(defs.length);
    // "MCP trust" + "A 92": 10 distinct glyphs, 11 placements (the t repeats).
    expect(defs).toHaveLength(10);
    expect(svg.match(/<use /g)).toHaveLength(11);
    expect(Buffer.byteLength(svg)).toBeLessThan(2600);
    expect(svg).not.toMatch(/\d\.\d{2,}/);
  });

  it("is as wide as its words: a longer label gives a wider badge", () => {
    const width = (svg: string) => Number(/width="(\d+)"/.exec(svg)![1]);
    expect(width(badge({ label: "MCP trust registry verdict" }))).toBeGreaterThan(width(badge()) + 50);
    expect(width(badge({ logo: "shield" }))).toBeGreaterThan(width(badge()));
    expect(width(badge({ style: "compact" }))).toBeLessThan(width(badge()));
  });

  it("says what the spec says: label and grade with score, the tier when certified, and not assessed for no verdict", () => {
    expect(badgeText({ verdict, options: { style: "flat", cacheSeconds: 300 } })).toEqual({ label: "MCP trust", message: "A 92" });
    expect(badgeText({ verdict, options: { style: "compact", cacheSeconds: 300 } })).toEqual({ label: null, message: "A 92" });
    expect(badgeText({ verdict: { ...verdict, certificationStatus: "premium" }, options: { style: "flat", cacheSeconds: 300 } }).message).toBe("A 92 · premium");
    expect(badgeText({ verdict: null, options: { style: "flat", cacheSeconds: 300, label: "" } })).toEqual({ label: null, message: "not assessed" });
  });

  it("uses the author's colours, with text that stays readable", () => {
    const svg = badge({ color: "#ffff00", labelColor: "#000000" });
    expect(svg).toContain('fill="#ffff00"');
    expect(svg).toContain('fill="#000000"');
    expect(textColourOn("#ffff00")).toBe("#1f2328");
    expect(textColourOn("#000000")).toBe("#ffffff");
  });
});

describe("badge options", () => {
  it("accepts shields' styles, colours (named and hex), logos and bounded cache times", () => {
    const parsed = badgeOptionsSchema.parse({ style: "for-the-badge", color: "brightgreen", labelColor: "abc", logo: BADGE_LOGOS[0], cacheSeconds: "10", label: "trust" });
    expect(parsed).toMatchObject({ style: "for-the-badge", color: "#44cc11", labelColor: "#aabbcc", cacheSeconds: CACHE_SECONDS_BOUNDS.min, label: "trust" });
    expect(badgeOptionsSchema.parse({ cacheSeconds: "99999999" }).cacheSeconds).toBe(CACHE_SECONDS_BOUNDS.max);
    expect(parseColour("#1A7F37")).toBe("#1a7f37");
    expect(parseColour("javascript:x")).toBeNull();
  });

  it("refuses what it cannot honour, naming the parameter", () => {
    for (const bad of [{ style: "3d" }, { color: "url(#x)" }, { labelColor: "#12" }, { logo: "https://evil.example/x.svg" }, { label: "x".repeat(41) }, { label: "a\u0000b" }, { cacheSeconds: "soon" }]) {
      const result = badgeOptionsSchema.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error!.issues[0].path[0]).toBe(Object.keys(bad)[0]);
    }
  });
});
