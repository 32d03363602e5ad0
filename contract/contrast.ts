/**
 * WCAG 2.x contrast (https://www.w3.org/TR/WCAG22/#dfn-relative-luminance): the card designer
 * warns below AA, and the counter screen and card page pick a text colour that stays readable
 * on any brand colour.
 */

/** WCAG AA for normal text. */
export const AA_RATIO = 4.5;

const parseHex = (hex: string): [number, number, number] => {
  const digits = /^#?([0-9a-f]{6})$/i.exec(hex.trim())?.[1];
  if (!digits) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const value = parseInt(digits, 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
};

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** Relative luminance of a `#rrggbb` colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** (L1 + 0.05) / (L2 + 0.05), lighter over darker: 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export const meetsAA = (foreground: string, background: string) => contrastRatio(foreground, background) >= AA_RATIO;

/** Black or white, whichever contrasts more with `background` (one of them always reaches AA). */
export const readableOn = (background: string): "#000000" | "#ffffff" =>
  contrastRatio("#000000", background) >= contrastRatio("#ffffff", background) ? "#000000" : "#ffffff";
