/**
 * The counter screen's colours on a business's brand colour: its text is black or
 * white, whichever reads better, which is always 4.5:1 or more (WCAG AA), whatever the colour.
 *
 * The luminance and ratio here are WCAG 2.2's; `contract/contrast.ts` (the card design's, on
 * its way) has the same two: once it is on main, `readableOn` there replaces these.
 */

/** Today's screen: dark slate. */
export const COUNTER_BACKGROUND = "#111827";

const HEX = /^#[0-9a-f]{6}$/i;

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Black or white, whichever has the more contrast on `background`. */
export function readableOn(background: string): "#000000" | "#ffffff" {
  return contrastRatio(background, "#000000") >= contrastRatio(background, "#ffffff") ? "#000000" : "#ffffff";
}

/** The screen's background and text colours; anything that is not `#rrggbb` gets today's look. */
export function counterColours(brand: string | null | undefined): { background: string; text: string } {
  const background = brand && HEX.test(brand) ? brand.toLowerCase() : COUNTER_BACKGROUND;
  return { background, text: readableOn(background) };
}
