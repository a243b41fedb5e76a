import satori from "satori";
import type { CertificationStatus, Grade } from "@/lib/core/grades";
import { badgeFont, measureText } from "./badge-font";

export const BADGE_STYLES = ["flat", "compact"] as const;
export type BadgeStyle = (typeof BADGE_STYLES)[number];

export interface BadgeContent {
  style: BadgeStyle;
  grade: Grade;
  score: number;
  certificationStatus: CertificationStatus;
}

/** Colours by grade; each passes WCAG AA contrast against its text colour. */
const GRADE_COLOURS: Record<Grade, { background: string; text: string }> = {
  A: { background: "#1a7f37", text: "#ffffff" },
  B: { background: "#4d7c0f", text: "#ffffff" },
  C: { background: "#f2c12e", text: "#1f2328" },
  D: { background: "#c2410c", text: "#ffffff" },
  F: { background: "#b91c1c", text: "#ffffff" },
};
const LABEL_BACKGROUND = "#3d444d";
const HEIGHT = 20;
const FONT_SIZE = 11;
const PADDING = 6;

/** The words on the badge (D14). Only our own values appear: no registry text can reach the SVG. */
export function badgeText(content: BadgeContent): { label: string | null; value: string } {
  const tier = content.certificationStatus === "none" ? "" : ` · ${content.certificationStatus}`;
  const value = `${content.grade} ${Math.round(content.score)}${tier}`;
  return { label: content.style === "flat" ? "MCP trust" : null, value };
}

function part(text: string, background: string, colour: string) {
  const width = Math.ceil(measureText(text, FONT_SIZE)) + PADDING * 2;
  return {
    width,
    node: {
      type: "div",
      props: {
        style: {
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          width,
          height: HEIGHT,
          backgroundColor: background,
          color: colour,
          fontSize: FONT_SIZE,
          fontFamily: "Inter",
          fontWeight: 700,
        },
        children: text,
      },
    },
  };
}

/**
 * Renders a badge to SVG with satori: text becomes paths, so the SVG holds
 * no text nodes an attacker could shape. Slow (milliseconds): callers cache.
 */
export async function renderBadge(content: BadgeContent): Promise<string> {
  const { label, value } = badgeText(content);
  const colours = GRADE_COLOURS[content.grade];
  const parts = [...(label ? [part(label, LABEL_BACKGROUND, "#ffffff")] : []), part(value, colours.background, colours.text)];
  const width = parts.reduce((sum, p) => sum + p.width, 0);
  const svg = await satori(
    {
      type: "div",
      props: {
        style: { display: "flex", width, height: HEIGHT, borderRadius: 3, overflow: "hidden" },
        children: parts.map((p) => p.node),
      },
    } as never,
    { width, height: HEIGHT, fonts: [{ name: "Inter", data: badgeFont().data, weight: 700, style: "normal" }] },
  );
  const title = escapeXml(label ? `${label}: ${value}` : `MCP trust: ${value}`);
  // An accessible name for screen readers and image proxies that show titles.
  return svg.replace(/^<svg([^>]*)>/, `<svg$1 role="img" aria-label="${title}"><title>${title}</title>`);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
