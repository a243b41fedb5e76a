import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BADGE_STYLES } from "@/lib/badges/badge-options";
import { isolatedStoreEnvironment, startAppProcess, type AppProcess } from "@/scripts/lib/app-process";
import { parseConfig } from "@/lib/config";
import { importOfficialRegistry } from "@/lib/core/registry/import-official-registry";
import { openServices } from "@/lib/services/open-services";
import type { FixtureHandle } from "../fixtures/harness/http-fixture";
import { startStreamableHttpFixture } from "../fixtures/harness/mcp-fixture";
import { BENIGN_DEVELOPMENT_SERVERS } from "../fixtures/servers/benign/benign-servers";
import { F_GRADE_POISONED_SERVER } from "../fixtures/servers/malicious/malicious-servers";
import { axeViolations, isSerious } from "./support/axe";
import { launchBrowser, watchPage, type PageWatch } from "./support/browser";
import { HOSTILE_NAME, hostileServer } from "./support/hostile-server";
import { startSlowFixture } from "./support/slow-fixture";
import { freePort } from "../support/free-port";

/**
 * The registry site in a real browser (Debian's Chromium) against the real
 * app, started the way `npm start` starts it, on a fresh PGlite database.
 * The registry is seeded by scanning real SDK fixture servers on 127.0.0.1
 * through the app itself. Screenshots of every page land in
 * test-results/screenshots/ for a person to look at.
 */

const SCREENSHOTS = path.join(process.cwd(), "test-results", "screenshots");
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

const benignA = BENIGN_DEVELOPMENT_SERVERS[0];
const benignB = BENIGN_DEVELOPMENT_SERVERS[1];
const benignC = BENIGN_DEVELOPMENT_SERVERS[2];
const poisoned = F_GRADE_POISONED_SERVER;


const encode = (url: string) => encodeURIComponent(url);

/**
 * A package-only server from the official registry, imported before the app starts and never assessed:
 * keyed by its Package URL and listed, not assessed (docs/identity.md#what-a-server-is-keyed-by,
 * docs/identity.md#listed-versus-assessed).
 */
const AWAITING_PURL = "pkg:npm/%40fixture/awaiting-mcp";
const AWAITING_ENTRY = {
  name: "io.github.fixture/awaiting-mcp",
  title: "Awaiting <b>Fixture</b>",
  description: "Reads <b>files</b> <img src=x onerror=\"window.__pwned=1\">",
  repository: { url: "https://github.com/fixture/awaiting-mcp", source: "github" },
  websiteUrl: "javascript:window.__pwned=1",
  packages: [{ registryType: "npm", identifier: "@fixture/awaiting-mcp", version: "0.1.0", transport: { type: "stdio" } }],
};

describe("registry site in Chromium", () => {
  let app: AppProcess;
  let dataDir: string;
  let context: BrowserContext;
  let closeBrowser: () => Promise<void>;
  const fixtures: FixtureHandle[] = [];
  const urls = { benignA: "", benignB: "", benignC: "", poisoned: "", hostile: "", closed: "" };
  let seedCounter = 0;
  const axeResults: Record<string, string[]> = {};

  /** Seeding goes through POST /api/v1/scan, each request from its own forwarded address (the app trusts one proxy here). */
  async function seedScan(serverUrl: string) {
    const response = await fetch(`${app.url}/api/v1/scan`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${++seedCounter}` },
      body: JSON.stringify({ server_url: serverUrl }),
    });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    return body as { status: string; grade: string; trustScore: number };
  }

  async function apiGet(pathname: string) {
    const response = await fetch(`${app.url}${pathname}`, { headers: { "x-forwarded-for": `203.0.113.${++seedCounter % 250}` } });
    return response;
  }

  /**
   * A page; with `clientIp`, every request it makes "comes through the proxy" from that address, so the scans
   * its forms start spend a budget of their own rather than the one every other page shares (127.0.0.1).
   */
  async function newPage(viewport = DESKTOP, clientIp?: string): Promise<{ page: Page; watch: PageWatch }> {
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    if (clientIp) await page.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
    return { page, watch: watchPage(page) };
  }

  async function shoot(page: Page, name: string) {
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  /** Axe on the page: no serious or critical violation. */
  async function expectAccessible(page: Page, name: string) {
    const violations = await axeViolations(page);
    axeResults[name] = violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(", ")}`);
    const serious = violations.filter(isSerious);
    expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
  }

  /** Nothing from the registry became markup: no dialog, no flag, no injected element, no raw invisible characters. */
  async function expectNoInjection(page: Page, watch: PageWatch) {
    const found = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
      imgX: document.querySelectorAll('img[src="x"]').length,
      iframes: document.querySelectorAll("iframe").length,
      svgOnload: document.querySelectorAll("svg[onload]").length,
      onAttributes: [...document.querySelectorAll("*")].filter((el) => [...el.attributes].some((a) => a.name.startsWith("on"))).length,
      bold: document.querySelectorAll("main b").length,
      rawBidi: /[\u202A-\u202E\u2066-\u2069]/.test(document.body.innerText),
      rawZeroWidth: /[\u200B-\u200D\u2060\uFEFF]/.test(document.body.innerText),
    }));
    expect(found).toEqual({ pwned: null, imgX: 0, iframes: 0, svgOnload: 0, onAttributes: 0, bold: 0, rawBidi: false, rawZeroWidth: false });
    expect(watch.dialogs).toEqual([]);
  }

  /** The page is no wider than the viewport: no long word or URL pushes it sideways. */
  async function expectNoHorizontalScroll(page: Page) {
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  }

  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    const start = async (build: () => ReturnType<typeof benignA.createServer>) => {
      const handle = await startStreamableHttpFixture(build);
      fixtures.push(handle);
      return handle.url;
    };
    urls.benignA = await start(() => benignA.createServer());
    urls.benignB = await start(() => benignB.createServer());
    urls.poisoned = await start(() => poisoned.createServer());
    urls.hostile = await start(() => hostileServer.createServer());
    // Slow enough that the scan page's progress state is visible.
    const slow = await startSlowFixture(() => benignC.createServer(), 700);
    fixtures.push(slow);
    urls.benignC = slow.url;
    urls.closed = `http://127.0.0.1:${await freePort()}/mcp`;

    dataDir = await mkdtemp(path.join(os.tmpdir(), "registry-e2e-db-"));
    // The embedded database has one owner: import into it before the app takes it.
    const importer = await openServices(parseConfig({ PGLITE_DIR: dataDir, NODE_ENV: "test" }));
    await importOfficialRegistry(importer.store, { label: "e2e", followCursor: false, fetchPage: async () => [AWAITING_ENTRY] });
    await importer.close();
    app = await startAppProcess(
      {
        ...isolatedStoreEnvironment(dataDir),
        // The fixtures are on loopback; the guard still refuses metadata and link-local addresses.
        SCAN_ALLOW_PRIVATE_TARGETS: "true",
        // Seeding requests each carry their own X-Forwarded-For; the browser (no such header) is 127.0.0.1.
        TRUSTED_PROXY_COUNT: "1",
      },
      { timeoutMs: 540_000 },
    );
    const browser = await launchBrowser();
    context = browser.context;
    closeBrowser = browser.close;
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
  });

  afterAll(async () => {
    await closeBrowser?.();
    await app?.stop();
    await Promise.all(fixtures.map((f) => f.close()));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    await writeFile(path.join(SCREENSHOTS, "axe-results.json"), JSON.stringify(axeResults, null, 2)).catch(() => {});
  });

  // Runs before the seeded suite's beforeAll below: vitest runs a suite's hooks when the suite starts.
  describe("with nothing assessed yet", () => {
    it("shows the empty state before anything is scanned", async () => {
      const { page, watch } = await newPage();
      const response = await page.goto(`${app.url}/`);
      expect(response?.status()).toBe(200);
      expect(await page.getByText("The registry is empty.").isVisible()).toBe(true);
      await shoot(page, "01-home-empty");
      await expectAccessible(page, "home-empty");
      expect(watch.errors).toEqual([]);
      await page.close();
    });
  });

  describe("with the registry seeded through the API", () => {
    /**
     * Setup, not a test: every server the tests below read is scanned here, so none of them depends on
     * another having run first. Benign A twice (its history chart has two points); benign C too, which
     * the scan page's test scans again.
     */
    beforeAll(async () => {
      await seedScan(urls.benignA);
      await seedScan(urls.benignA);
      await seedScan(urls.benignB);
      await seedScan(urls.benignC);
      await seedScan(urls.poisoned);
      await seedScan(urls.hostile);
    });

    it("searches, filters, sorts and pages with the query in the URL", async () => {
      const { page, watch } = await newPage();
      await page.goto(`${app.url}/`);
      const cards = page.locator(".result-list > li");
      // The five servers seeded in beforeAll; the package awaiting assessment is not among them.
      expect(await cards.count()).toBe(5);
      await shoot(page, "02-home-results");
      await expectAccessible(page, "home-results");

      // Filter by grade F through the form: a plain GET, so the URL carries it.
      await page.selectOption("#search-grade", "F");
      await Promise.all([page.waitForURL(/grade=F/), page.click("form[role=search] button[type=submit]")]);
      expect(page.url()).toContain("grade=F");
      const gradeLabels = await page.locator(".result-list .grade-box").allTextContents();
      expect(gradeLabels.length).toBeGreaterThan(0);
      expect(new Set(gradeLabels)).toEqual(new Set(["F"]));
      expect(await page.locator("#search-grade").inputValue()).toBe("F");
      await shoot(page, "03-home-filter-grade-f");

      // Back returns to the unfiltered list.
      await page.goBack();
      expect(await page.locator(".result-list > li").count()).toBe(5);

      // Text search finds a server by name.
      await page.fill("#search-q", benignB.serverInfo.name);
      await Promise.all([page.waitForURL(/q=/), page.click("form[role=search] button[type=submit]")]);
      expect(await page.locator(".result-list .server-card-name").first().innerText()).toContain(benignB.serverInfo.name);

      // A search with no match says so.
      await page.goto(`${app.url}/?q=${encodeURIComponent("no-such-server-anywhere-zzz")}`);
      expect(await page.getByText("No servers match this search.").isVisible()).toBe(true);
      await shoot(page, "04-home-no-results");

      // Pagination keeps sort and limit; the next page is a link with its own URL.
      await page.goto(`${app.url}/?sort=name&limit=2`);
      expect(await page.locator(".result-list > li").count()).toBe(2);
      const firstPage = await page.locator(".server-card-name").allInnerTexts();
      await Promise.all([page.waitForURL(/page=2/), page.click("nav.pagination >> text=Next →")]);
      const url = new URL(page.url());
      expect(Object.fromEntries(url.searchParams)).toEqual({ sort: "name", limit: "2", page: "2" });
      const secondPage = await page.locator(".server-card-name").allInnerTexts();
      expect(secondPage.length).toBe(2);
      expect(secondPage.some((n) => firstPage.includes(n))).toBe(false);
      expect(await page.locator('nav.pagination a[aria-current="page"]').innerText()).toBe("2");
      await shoot(page, "05-home-page-2");

      // Invalid parameters: a friendly message, not a crash.
      for (const bad of ["page=0", "grade=Z", "limit=500", "sort=sideways"]) {
        const response = await page.goto(`${app.url}/?${bad}`);
        expect(response?.status()).toBe(200);
        expect(await page.getByText("That search could not be read.").isVisible()).toBe(true);
      }
      await shoot(page, "06-home-invalid-params");
      await expectAccessible(page, "home-invalid");
      expect(watch.errors).toEqual([]);
      await page.close();
    });

    it("opens a profile with grade, factors, findings, discovery, history and the badge box", async () => {
      const { page, watch } = await newPage();
      await page.goto(`${app.url}/?q=${encodeURIComponent(benignA.serverInfo.name)}`);
      await Promise.all([page.waitForURL(/\/servers\//), page.locator(".server-card-name a").first().click()]);
      expect(page.url()).toBe(`${app.url}/servers/${encode(urls.benignA)}`);

      expect(await page.locator("h1").innerText()).toContain(benignA.serverInfo.name);
      // The registry's verdict: an honest server on loopback, with no repository, is B (docs/scoring.md#caps).
      const profile = (await (await apiGet(`/api/v1/server/${encode(urls.benignA)}`)).json()) as { grade: string };
      expect(profile.grade).toBe("B");
      expect(await page.locator(".verdict .grade-box").innerText()).toBe(profile.grade);
      expect(await page.locator(".verdict .grade-box").getAttribute("aria-label")).toBe(`Grade ${profile.grade}`);
      // Seven factor rows, each with its points in words.
      expect(await page.locator(".factor-row").count()).toBe(7);
      expect(await page.locator(".factor-points").first().innerText()).toMatch(/\d+ of 20 points/);
      // Tools from the scan.
      for (const tool of benignA.tools.slice(0, 3)) expect(await page.locator("#tools-heading + ul").innerText()).toContain(tool.name);
      // History: two scans, a line chart and a table.
      expect(await page.locator(".history-table tbody tr").count()).toBe(2);
      expect(await page.locator(".chart-history polyline").count()).toBe(1);
      // Report link and badge previews.
      expect(await page.locator(`a[href="/api/v1/server/${encode(urls.benignA)}/report"]`).count()).toBe(1);
      const badges = page.locator(".badge-preview img");
      expect(await badges.count()).toBe(BADGE_STYLES.length);
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>(".badge-preview img")].every((img) => img.complete && img.naturalWidth > 0));
      // The transport facts say it is unencrypted (plain http on loopback: no cost, no cap; anywhere else it caps at C).
      expect(await page.locator(".facts").innerText()).toContain("HTTP (unencrypted)");

      // The OpenGraph image: a PNG, from satori with the npm font.
      const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
      expect(ogImage).toBeTruthy();
      const og = await fetch(ogImage!);
      expect(og.status).toBe(200);
      expect(og.headers.get("content-type")).toBe("image/png");
      await writeFile(path.join(SCREENSHOTS, "og-benign.png"), Buffer.from(await og.arrayBuffer()));

      // No layout shift: the page is server-rendered and every chart box is sized.
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) total += entry.value;
            }).observe({ type: "layout-shift", buffered: true });
            setTimeout(() => resolve(total), 500);
          }),
      );
      expect(shift).toBeLessThan(0.05);

      await shoot(page, "07-profile-benign");
      await expectAccessible(page, "profile-benign");

      // Copy the Markdown snippet: the clipboard holds it and the button says so.
      const markdown = await page.locator(".snippet pre").first().innerText();
      expect(markdown).toContain(`/api/v1/server/${encode(urls.benignA)}/badge?style=flat`);
      await page.getByRole("button", { name: "Copy Markdown snippet" }).click();
      await page.getByRole("button", { name: "Copy Markdown snippet" }).filter({ hasText: "Copied" }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(markdown.trim());
      expect(await page.locator(".copy-status").first().innerText()).toContain("copied");

      // The same profile on a phone.
      await page.setViewportSize(PHONE);
      await page.reload();
      await expectNoHorizontalScroll(page);
      await shoot(page, "08-profile-benign-phone");
      expect(watch.errors).toEqual([]);
      await page.close();
    });

    it("shows a malicious server's findings by severity with escaped evidence", async () => {
      const { page, watch } = await newPage();
      await page.goto(`${app.url}/servers/${encode(urls.poisoned)}`);
      // Its instruction findings combine to critical, and a critical finding caps the grade at F (docs/scoring.md#caps).
      expect(await page.locator(".verdict .grade-box").innerText()).toBe("F");
      const headings = (await page.locator(".finding-group h3").allInnerTexts()).map((h) => h.trim().split(/\s+/)[0]);
      expect(headings[0]).toBe("Critical");
      // Worst first: the groups follow the severity order, each once.
      const order = ["Critical", "High", "Medium", "Low", "Info"];
      expect(headings).toEqual(order.filter((word) => headings.includes(word)));
      const criticalIds = await page.locator(".finding-group.severity-critical .finding-id").allInnerTexts();
      expect(criticalIds).toEqual(expect.arrayContaining(poisoned.expected.mustFlag));
      expect(await page.locator(".finding-evidence code").count()).toBeGreaterThan(0);
      await shoot(page, "09-profile-malicious");
      await expectAccessible(page, "profile-malicious");
      expect(watch.errors).toEqual([]);
      await page.close();
    });

    it("answers an unknown server with a 404 page", async () => {
      const { page } = await newPage();
      const response = await page.goto(`${app.url}/servers/${encode("https://unknown.example/mcp")}`);
      expect(response?.status()).toBe(404);
      expect(await page.getByText("This server is not in the registry").isVisible()).toBe(true);
      await page.close();
    });

    it("shows a listed package that awaits assessment on its own page, inert and with safe links, while REST answers 404", async () => {
      const { page, watch } = await newPage();
      const response = await page.goto(`${app.url}/servers/${encode(AWAITING_PURL)}`);
      expect(response?.status()).toBe(200);
      const main = page.locator("main");
      expect(await main.getByRole("heading", { name: "Listed, awaiting assessment" }).isVisible()).toBe(true);
      const text = await main.innerText();
      expect(text).toContain("Awaiting <b>Fixture</b>");
      expect(text).toContain(AWAITING_PURL);
      expect(text).toContain("io.github.fixture/awaiting-mcp");
      expect(text).toContain("@fixture/awaiting-mcp");
      expect(text).toContain("Reads <b>files</b>");
      expect(text).not.toMatch(/Grade [A-F]|trust score \d/i);
      const repository = main.getByRole("link", { name: "https://github.com/fixture/awaiting-mcp" });
      expect(await repository.getAttribute("href")).toBe("https://github.com/fixture/awaiting-mcp");
      expect(await repository.getAttribute("rel")).toBe("nofollow noopener ugc");
      expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toMatch(/noindex/);
      await expectNoInjection(page, watch);
      await shoot(page, "10-awaiting-assessment");
      await expectAccessible(page, "awaiting-assessment");
      // The same page under the spelling a proxy may leave, and still nothing in the REST reads or search.
      expect((await page.goto(`${app.url}/servers/${encode("pkg:npm/@fixture/awaiting-mcp")}`))?.status()).toBe(200);
      expect((await apiGet(`/api/v1/server/${encode(AWAITING_PURL)}`)).status).toBe(404);
      const search = (await (await apiGet("/api/v1/search?q=awaiting")).json()) as { total: number };
      expect(search.total).toBe(0);
      expect(watch.errors).toEqual([]);
      await page.close();
    });

    it("shows hostile names and descriptions as inert text, on desktop and phone", async () => {
      for (const [label, viewport] of [
        ["desktop", DESKTOP],
        ["phone", PHONE],
      ] as const) {
        const { page, watch } = await newPage(viewport);
        await page.goto(`${app.url}/servers/${encode(urls.hostile)}`);
        // The name is shown, as text: the markup characters are visible, the bidi override is escaped.
        const heading = await page.locator("h1").innerText();
        expect(heading).toContain('<img src=x onerror="window.__pwned=1;alert(1)">');
        expect(heading).toContain("\\u{202E}");
        const tools = await page.locator("#tools-heading + ul").innerText();
        expect(tools).toContain("<script>window.__pwned=4;alert(5)</script>");
        expect(tools).toContain("\\u{200B}");
        await page.waitForTimeout(300);
        await expectNoInjection(page, watch);
        await expectNoHorizontalScroll(page);
        await shoot(page, `10-profile-hostile-${label}`);
        if (label === "desktop") await expectAccessible(page, "profile-hostile");

        // The same server in search results and on the stats page.
        await page.goto(`${app.url}/`);
        expect(await page.locator(".server-card-name").allInnerTexts()).toContainEqual(expect.stringContaining("<img src=x"));
        await expectNoInjection(page, watch);
        await expectNoHorizontalScroll(page);
        await shoot(page, `11-home-hostile-${label}`);
        await page.goto(`${app.url}/stats`);
        await expectNoInjection(page, watch);
        await expectNoHorizontalScroll(page);
        expect(watch.errors).toEqual([]);
        await page.close();
      }
      // The OpenGraph image of the hostile server renders offline (no glyph fetched from a CDN).
      const html = await (await apiGet(`/servers/${encode(urls.hostile)}`)).text();
      const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
      expect(og).toBeTruthy();
      const image = await fetch(og!.replaceAll("&amp;", "&"));
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/png");
      await writeFile(path.join(SCREENSHOTS, "og-hostile.png"), Buffer.from(await image.arrayBuffer()));
      expect(HOSTILE_NAME).toContain("<img");
    });

    it("runs a scan from the scan page, shows progress and lands on the profile", async () => {
      const { page, watch } = await newPage(DESKTOP, "192.0.2.10");
      await page.goto(`${app.url}/scan`);
      await shoot(page, "12-scan-form");
      await expectAccessible(page, "scan");

      // The browser refuses what is plainly not a URL, before anything is sent.
      await page.fill("#scan-url", "not a url");
      await page.click("button[type=submit]");
      expect(await page.locator("#scan-url").evaluate((el) => (el as HTMLInputElement).validity.valid)).toBe(false);
      expect(page.url()).toBe(`${app.url}/scan`);

      await page.fill("#scan-url", urls.benignC);
      await page.click("button[type=submit]");
      await page.getByTestId("scan-progress").waitFor({ state: "visible", timeout: 5000 });
      expect(await page.locator("button[type=submit]").innerText()).toBe("Scanning…");
      await shoot(page, "13-scan-in-progress");
      await page.waitForURL(`${app.url}/servers/${encode(urls.benignC)}?scanned=1`, { timeout: 60_000 });
      expect(await page.getByText("Scan finished.").isVisible()).toBe(true);
      expect(await page.locator("h1").innerText()).toContain(benignC.serverInfo.name);
      await shoot(page, "14-scan-result-profile");
      expect(watch.errors).toEqual([]);
      await page.close();
    });

    it("explains scan errors in words: forbidden, unreachable, rate-limited", async () => {
      // An address of its own: the scan budget it spends is its own, whatever ran before or runs after.
      const { page, watch } = await newPage(DESKTOP, "192.0.2.20");
      await page.goto(`${app.url}/scan`);
      // The previous answer is marked stale, so the wait below sees only the new one (the same words may come twice).
      const submit = async (url: string) => {
        await page.evaluate(() => document.querySelector("#scan-error")?.setAttribute("data-stale", ""));
        await page.fill("#scan-url", url);
        await page.click("button[type=submit]");
        const answer = page.locator("#scan-error:not([data-stale])");
        await answer.waitFor({ state: "visible", timeout: 60_000 });
        return answer.innerText();
      };

      const forbidden = await submit("http://169.254.169.254/");
      expect(forbidden).toContain("This address cannot be scanned");
      expect(await page.locator("#scan-url").getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator("#scan-url").inputValue()).toBe("http://169.254.169.254/");
      await shoot(page, "15-scan-forbidden");
      await expectAccessible(page, "scan-error");

      const unreachable = await submit(urls.closed);
      expect(unreachable).toContain("could not be reached");
      await shoot(page, "16-scan-unreachable");

      // The page shares the API's per-IP budget (5 scans an hour), and this address has used 2 above:
      // three more are answered, the sixth is refused.
      for (let i = 0; i < 3; i++) expect(await submit("http://169.254.169.254/"), `scan ${i + 3}`).toContain("This address cannot be scanned");
      const last = await submit("http://169.254.169.254/");
      expect(last).toContain("Too many requests");
      expect(last).toMatch(/Try again in \d+ seconds?\./);
      await shoot(page, "17-scan-rate-limited");
      expect(watch.dialogs).toEqual([]);
      expect(watch.errors).toEqual([]);
      await page.close();
    });

    it("takes a certification application: client and server validation, then the status page", async () => {
      const { page, watch } = await newPage();
      await page.goto(`${app.url}/certify`);
      await shoot(page, "18-certify-form");
      await expectAccessible(page, "certify");

      // Client validation: required fields and type=email stop the form in the browser.
      await page.click("button[type=submit]");
      expect(await page.locator("#certify-url").evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
      await page.fill("#certify-url", urls.benignA);
      await page.fill("#certify-email", "not-an-email");
      await page.click("button[type=submit]");
      expect(await page.locator("#certify-email").evaluate((el) => (el as HTMLInputElement).validity.typeMismatch)).toBe(true);
      expect(page.url()).toBe(`${app.url}/certify`);

      // Server validation: the browser accepts "publisher@localhost", the API's schema does not.
      await page.fill("#certify-email", "publisher@localhost");
      await page.click("button[type=submit]");
      await page.locator("#certify-error").waitFor({ state: "visible" });
      expect(await page.locator("#certify-error").innerText()).toContain("contact_email");
      // The message also sits under the field, which points at it.
      expect(await page.locator("#contact_email-error").innerText()).toContain("email");
      expect(await page.locator("#certify-email").getAttribute("aria-describedby")).toContain("contact_email-error");
      expect(await page.locator("#certify-email").getAttribute("aria-invalid")).toBe("true");
      // What was typed is still there.
      expect(await page.locator("#certify-url").inputValue()).toBe(urls.benignA);
      await shoot(page, "19-certify-server-error");

      // Good input: the status page with the verification instructions, never the email.
      const email = "security-contact@example.com";
      await page.fill("#certify-email", email);
      await page.check('input[name=tier][value="premium"]');
      await Promise.all([page.waitForURL(/\/certify\/[0-9a-f-]{36}\?submitted=1$/), page.click("button[type=submit]")]);
      expect(await page.getByText("Application received.").isVisible()).toBe(true);
      expect(await page.getByText("Waiting for verification").isVisible()).toBe(true);
      const token = await page.locator('pre[aria-labelledby="token-label"]').innerText();
      expect(token).toMatch(/^mtr-verify-/);
      expect(await page.locator('pre[aria-labelledby="vurl-label"]').innerText()).toContain("/.well-known/mcp-trust-verification");
      expect(await page.content()).not.toContain(email);
      await shoot(page, "20-certify-status");
      await expectAccessible(page, "certify-status");

      // The page the publisher returns to.
      const statusUrl = page.url().replace(/\?submitted=1$/, "");
      await page.goto(statusUrl);
      expect(await page.locator("h1").innerText()).toBe("Certification application");
      expect(await page.locator(".facts").innerText()).toContain("premium");
      expect(await page.content()).not.toContain(email);
      const missing = await page.goto(`${app.url}/certify/00000000-0000-4000-8000-000000000000`);
      expect(missing?.status()).toBe(404);
      expect(watch.errors).toEqual([]);
      await page.close();
    });

    it("shows the stats page with the same numbers as /api/v1/stats", async () => {
      const api = (await (await apiGet("/api/v1/stats")).json()) as {
        stats: { totalServers: number; totalScans: number; gradeDistribution: Record<string, number> };
      };
      const { page, watch } = await newPage();
      await page.goto(`${app.url}/stats`);
      const tiles = await page.locator(".stat-tiles").innerText();
      expect(tiles).toContain(`${api.stats.totalServers}`);
      expect(api.stats.totalServers).toBe(5);
      const caption = await page.locator(".chart-grades figcaption").innerText();
      for (const [grade, count] of Object.entries(api.stats.gradeDistribution)) expect(caption).toContain(`${grade}: ${count}`);
      expect(await page.locator(".chart-grades rect.chart-bar").count()).toBe(5);
      expect(await page.locator("#recent-title + ol > li").count()).toBe(5);
      await shoot(page, "21-stats");
      await expectAccessible(page, "stats");
      await page.setViewportSize(PHONE);
      await expectNoHorizontalScroll(page);
      await shoot(page, "22-stats-phone");
      expect(watch.errors).toEqual([]);
      await page.close();
    });
  });
});
