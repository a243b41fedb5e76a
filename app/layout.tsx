import type { Metadata, Viewport } from "next";
import localFont from "next/font/local";
import type { ReactNode } from "react";
import { SiteFooter, SiteHeader } from "@/components/site-header";
import { config } from "@/lib/config";
import "./globals.css";

/**
 * Inter from the @fontsource npm package, through next/font/local: served
 * by us, preloaded, with a metric-matched fallback (no layout shift when it
 * arrives) and never fetched from a font CDN.
 */
const inter = localFont({
  src: [
    { path: "../node_modules/@fontsource/inter/files/inter-latin-400-normal.woff2", weight: "400", style: "normal" },
    { path: "../node_modules/@fontsource/inter/files/inter-latin-600-normal.woff2", weight: "600", style: "normal" },
    { path: "../node_modules/@fontsource/inter/files/inter-latin-700-normal.woff2", weight: "700", style: "normal" },
  ],
  display: "swap",
  variable: "--font-inter",
  fallback: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Arial", "sans-serif"],
});

/** metadataBase from the configured public URL, so OpenGraph image links are absolute and point at this registry. */
export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(config().BASE_URL),
    title: { default: "MCP Trust Registry", template: "%s · MCP Trust Registry" },
    description: "Trust scores, grades and findings for MCP servers, from real scans.",
  };
}

/**
 * Every page renders per request, the not-found page included: the
 * Content-Security-Policy nonce (lib/server/content-security-policy.ts) is
 * new on each request, and a prerendered page would carry scripts without it.
 */
export const dynamic = "force-dynamic";

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#ffffff" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body>
        <SiteHeader />
        <main id="main" className="container main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
      </body>
    </html>
  );
}
