import { z } from "zod";

/**
 * What a README author may ask of a badge (docs/badges.md#what-a-readme-author-can-ask-for): shields.io's
 * styles and parameters, with our compact style beside them. Everything is
 * validated here; the renderer only ever sees these parsed values.
 */
export const BADGE_STYLES = ["flat", "flat-square", "plastic", "for-the-badge", "compact"] as const;
export type BadgeStyle = (typeof BADGE_STYLES)[number];

/** shields.io's named colours, so `color=brightgreen` means what it means there. */
const NAMED_COLOURS: Record<string, string> = {
  brightgreen: "#44cc11",
  green: "#97ca00",
  yellowgreen: "#a4a61d",
  yellow: "#dfb317",
  orange: "#fe7d37",
  red: "#e05d44",
  blue: "#007ec6",
  grey: "#555555",
  gray: "#555555",
  lightgrey: "#9f9f9f",
  lightgray: "#9f9f9f",
  success: "#44cc11",
  important: "#fe7d37",
  critical: "#e05d44",
  informational: "#007ec6",
  inactive: "#9f9f9f",
};

export const BADGE_LOGOS = ["mcp", "shield", "check", "lock"] as const;
export type BadgeLogo = (typeof BADGE_LOGOS)[number];

/** How long caches may keep a badge: never below five minutes (a verdict changes with a scan), never above a day. */
export const CACHE_SECONDS_BOUNDS = { min: 300, max: 86_400, default: 300 } as const;
const MAX_LABEL_CHARS = 40;

/** `#abc`, `abc`, `#aabbcc`, `aabbcc` or a shields name, to a #rrggbb colour; null when it is none of these. */
export function parseColour(raw: string): string | null {
  const value = raw.trim().toLowerCase();
  if (NAMED_COLOURS[value]) return NAMED_COLOURS[value];
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1];
  if (!hex) return null;
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex}`;
}

const colourParameter = z
  .string()
  .transform((raw, ctx) => {
    const colour = parseColour(raw);
    if (!colour) {
      ctx.addIssue({ code: "custom", message: "must be a hex colour (#1a7f37, 1a7f37, #abc) or a shields colour name (brightgreen, red, blue, ...)" });
      return z.NEVER;
    }
    return colour;
  })
  .optional();

export const badgeOptionsSchema = z.object({
  style: z.enum(BADGE_STYLES, { error: `must be one of ${BADGE_STYLES.join(", ")}` }).optional(),
  label: z
    .string()
    .max(MAX_LABEL_CHARS, `must be at most ${MAX_LABEL_CHARS} characters`)
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text) && text.isWellFormed(), "must be plain text")
    .optional(),
  labelColor: colourParameter,
  color: colourParameter,
  logo: z.enum(BADGE_LOGOS, { error: `must be one of ${BADGE_LOGOS.join(", ")}` }).optional(),
  cacheSeconds: z.coerce
    .number({ error: "must be a whole number of seconds" })
    .int("must be a whole number of seconds")
    // Out-of-bounds values are brought inside, as shields does: a badge is never refused over its cache time.
    .transform((seconds) => Math.min(CACHE_SECONDS_BOUNDS.max, Math.max(CACHE_SECONDS_BOUNDS.min, seconds)))
    .optional(),
});

export interface BadgeOptions {
  style: BadgeStyle;
  /** null: the style shows no label (compact) unless one is asked for. */
  label?: string;
  labelColor?: string;
  color?: string;
  logo?: BadgeLogo;
  cacheSeconds: number;
}

/** Black or white text, whichever reads better on `background` (WCAG relative luminance). */
export function textColourOn(background: string): string {
  const channel = (offset: number) => {
    const c = parseInt(background.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast against white (1.05 / (L + .05)) versus against #1f2328 (about L .0165).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0665 ? "#ffffff" : "#1f2328";
}
