import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { BADGE_STYLES, renderBadge } from "@/lib/badges/render-badge";
import { GRADES } from "@/lib/core/grades";
import { launchBrowser } from "./support/browser";

const SHOTS = "test-results/screenshots";

/** Every badge variant, rendered by the real renderer and drawn by a real browser. */
describe("badges in Chromium", () => {
  let browser: { context: BrowserContext; close(): Promise<void> };
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("draws every grade, style and tier at its declared size", async () => {
    const variants: { style: string; grade: string; certificationStatus: string; svg: string; width: number; height: number }[] = [];
    const push = (style: string, grade: string, certificationStatus: string, svg: string) =>
      variants.push({ style, grade, certificationStatus, svg, width: Number(/width="(\d+)"/.exec(svg)![1]), height: Number(/height="(\d+)"/.exec(svg)![1]) });
    for (const style of BADGE_STYLES) {
      for (const grade of GRADES) {
        for (const certificationStatus of ["none", "premium"] as const) {
          const score = { A: 95, B: 84, C: 70, D: 45, F: 12 }[grade];
          push(style, grade, certificationStatus, renderBadge({ verdict: { grade, score, certificationStatus }, options: { style, cacheSeconds: 300 } }));
        }
      }
      push(style, "-", "not assessed", renderBadge({ verdict: null, options: { style, cacheSeconds: 300 } }));
      for (const logo of ["mcp", "shield", "check", "lock"] as const) {
        push(style, "A", `logo ${logo}`, renderBadge({ verdict: { grade: "A", score: 90, certificationStatus: "none" }, options: { style, cacheSeconds: 300, logo, label: "trust", color: "#007ec6", labelColor: "#555555" } }));
      }
    }
    const page = await browser.context.newPage();
    const html = variants
      .map((v, i) => `<div><img id="b${i}" alt="badge ${i}" src="data:image/svg+xml;base64,${Buffer.from(v.svg).toString("base64")}"></div>`)
      .join("");
    await page.setContent(`<!doctype html><html><body style="background:#fff;margin:8px">${html}</body></html>`);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    const sizes = await page.evaluate(() => [...document.images].map((img) => ({ w: img.naturalWidth, h: img.naturalHeight })));
    sizes.forEach((size, i) => {
      expect(size, `${variants[i].style} ${variants[i].grade} ${variants[i].certificationStatus}`).toEqual({ w: variants[i].width, h: variants[i].height });
    });
    // The grade's colour really reaches the pixels: sample the right half of an A and an F badge.
    const shot = await page.screenshot({ path: `${SHOTS}/badges.png`, fullPage: true });
    expect(shot.byteLength).toBeGreaterThan(1000);
    const colours = await page.evaluate(async () => {
      const sample = async (id: string) => {
        const img = document.getElementById(id) as HTMLImageElement;
        const canvas = document.createElement("canvas");
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const ctx = canvas.getContext("2d")!;
        ctx.drawImage(img, 0, 0);
        return Array.from(ctx.getImageData(img.naturalWidth - 3, 2, 1, 1).data.slice(0, 3));
      };
      return { a: await sample("b0"), f: await sample("b8") };
    });
    expect(colours.a[1]).toBeGreaterThan(colours.a[0]); // green
    expect(colours.f[0]).toBeGreaterThan(colours.f[1]); // red
    await page.close();
  });

  it("draws the grey 'not assessed' badge that an unknown server's 404 carries: an embed never shows a broken image", async () => {
    const svg = renderBadge({ verdict: null, options: { style: "flat", cacheSeconds: 300 } });
    // The registry answers an unknown server's badge with status 404 and this body (tests/integration/api/contract.test.ts).
    const server = http.createServer((_req, res) => res.writeHead(404, { "content-type": "image/svg+xml; charset=utf-8" }).end(svg));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const { port } = server.address() as AddressInfo;
    const page = await browser.context.newPage();
    try {
      await page.setContent(`<!doctype html><img id="b" alt="badge" src="http://127.0.0.1:${port}/api/v1/badge?url=unknown">`);
      await page.waitForFunction(() => (document.getElementById("b") as HTMLImageElement).complete);
      const size = await page.evaluate(() => {
        const img = document.getElementById("b") as HTMLImageElement;
        return { w: img.naturalWidth, h: img.naturalHeight };
      });
      expect(size).toEqual({ w: Number(/width="(\d+)"/.exec(svg)![1]), h: 20 });
    } finally {
      await page.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
