import { ImageResponse } from "next/og";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ogSafeText } from "@/lib/site/og-text";
import { GRADE_COLOURS } from "@/lib/site/grade-colours";
import { appServices } from "@/lib/services/app-services";
import { loadAwaitingServer, loadServerPage } from "@/lib/site/load-server-page";
import { serverUrlFromSegment } from "@/lib/site/server-links";

export const alt = "The server's grade and trust score on MCP Trust Registry";
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";
export const dynamic = "force-dynamic";

const FONT_DIR = path.join(process.cwd(), "node_modules", "@fontsource", "inter", "files");

/** Inter from node_modules (satori reads woff, not woff2); read once per process. */
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | null = null;
function loadFonts() {
  fonts ??= Promise.all([readFile(path.join(FONT_DIR, "inter-latin-400-normal.woff")), readFile(path.join(FONT_DIR, "inter-latin-700-normal.woff"))]).then(
    ([regular, bold]) => ({ regular, bold }),
  );
  return fonts;
}

/**
 * The picture a shared profile link shows: the grade, large. satori draws
 * every letter as a path, so registry text cannot become markup; and the
 * text is first cut down to the glyphs our font has (ogSafeText), because
 * for any other glyph next/og would fetch a font or emoji from a CDN, and
 * a server's name must never make the registry call out.
 */
export default async function Image({ params }: { params: Promise<{ url: string }> }) {
  const serverUrl = serverUrlFromSegment((await params).url);
  const [data, { regular, bold }] = await Promise.all([loadServerPage(await appServices(), serverUrl), loadFonts()]);
  const options = {
    ...size,
    fonts: [
      { name: "Inter", data: regular, weight: 400 as const, style: "normal" as const },
      { name: "Inter", data: bold, weight: 700 as const, style: "normal" as const },
    ],
    headers: { "cache-control": "public, max-age=300, s-maxage=300" },
  };
  if (!data) {
    // A listed server without a verdict (docs/identity.md#listed-versus-assessed) is not "not in the registry"; its name is strangers' text, so it is left out.
    const awaiting = await loadAwaitingServer(await appServices(), serverUrl);
    return new ImageResponse(
      (
        <div style={{ display: "flex", width: "100%", height: "100%", alignItems: "center", justifyContent: "center", background: "#f6f8fa", fontFamily: "Inter", fontSize: 56, color: "#1f2328" }}>
          {awaiting ? "Listed, awaiting assessment" : "Not in the MCP Trust Registry"}
        </div>
      ),
      options,
    );
  }
  const { profile } = data;
  const colours = GRADE_COLOURS[profile.grade];
  const certified = profile.certificationStatus === "none" ? "Not certified" : `Certified: ${profile.certificationStatus}`;
  return new ImageResponse(
    (
      <div style={{ display: "flex", flexDirection: "column", width: "100%", height: "100%", background: "#ffffff", fontFamily: "Inter", color: "#1f2328", padding: 64 }}>
        <div style={{ display: "flex", fontSize: 32, fontWeight: 700, color: "#57606a" }}>MCP Trust Registry</div>
        <div style={{ display: "flex", flex: 1, alignItems: "center", gap: 56 }}>
          <div
            style={{
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              width: 260,
              height: 260,
              borderRadius: 32,
              background: colours.background,
              color: colours.text,
              fontSize: 200,
              fontWeight: 700,
            }}
          >
            {profile.grade}
          </div>
          <div style={{ display: "flex", flexDirection: "column", flex: 1, gap: 12, overflow: "hidden" }}>
            <div style={{ display: "flex", fontSize: 60, fontWeight: 700, lineHeight: 1.1, maxHeight: 140, overflow: "hidden", wordBreak: "break-all" }}>
              {ogSafeText(profile.name, 60)}
            </div>
            <div style={{ display: "flex", fontSize: 28, color: "#57606a", wordBreak: "break-all" }}>{ogSafeText(profile.url, 70)}</div>
            <div style={{ display: "flex", fontSize: 44, fontWeight: 700, marginTop: 16 }}>
              Trust score {Math.round(profile.trustScore)}/100 · {profile.trustLabel}
            </div>
            <div style={{ display: "flex", fontSize: 30, color: "#57606a" }}>{certified}</div>
          </div>
        </div>
        <div style={{ display: "flex", fontSize: 24, color: "#57606a" }}>Decision support, not a guarantee.</div>
      </div>
    ),
    options,
  );
}
