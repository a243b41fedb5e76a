import { mkdtemp, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

/**
 * Debian's Chromium through playwright-core (nothing downloads a browser),
 * with a fresh empty profile per run and everything that phones home off.
 * Loopback is all it needs.
 */
export async function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get update && apt-get install -y chromium`);
  const profile = await mkdtemp(path.join(os.tmpdir(), "registry-e2e-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    close: async () => {
      await context.close().catch(() => {});
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Everything a page did that it must not: dialogs opened, uncaught errors and Content-Security-Policy violations (as errors). */
export interface PageWatch {
  dialogs: string[];
  errors: string[];
}

export function watchPage(page: Page): PageWatch {
  const watch: PageWatch = { dialogs: [], errors: [] };
  page.on("dialog", (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("pageerror", (error) => watch.errors.push(error.message));
  // A script or style the policy blocked means a page feature silently broke.
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) watch.errors.push(message.text());
  });
  return watch;
}
