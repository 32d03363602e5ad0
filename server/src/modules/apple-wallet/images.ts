import sharp from "sharp";

/** A pass's colours, as Apple wants them (`rgb(r, g, b)`). */
export type PassColours = { backgroundColor: string; foregroundColor: string; labelColor: string };

/** The product's primary colour (app/styles/base.css --primary), for businesses without a logo. */
const DEFAULT_BACKGROUND = { r: 0x4f, g: 0x46, b: 0xe5 };

const rgb = ({ r, g, b }: { r: number; g: number; b: number }) => `rgb(${r}, ${g}, ${b})`;

/** White text on dark backgrounds, near-black on light ones (relative luminance, WCAG). */
function coloursOn(background: { r: number; g: number; b: number }): PassColours {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(background.r) + 0.7152 * channel(background.g) + 0.0722 * channel(background.b);
  const light = luminance > 0.4;
  return {
    backgroundColor: rgb(background),
    foregroundColor: light ? "rgb(17, 24, 39)" : "rgb(255, 255, 255)",
    labelColor: light ? "rgb(55, 65, 81)" : "rgb(229, 231, 235)",
  };
}

/** A plain stamp mark in the default colour, when the business has no logo. */
const defaultMark = () =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320"><rect width="320" height="320" rx="64" fill="${rgb(DEFAULT_BACKGROUND)}"/>` +
      `<circle cx="160" cy="160" r="96" fill="none" stroke="#fff" stroke-width="24"/><circle cx="160" cy="160" r="40" fill="#fff"/></svg>`,
  );

/**
 * The pass's images from the business logo (any format sharp reads): icon.png 29 pt and logo.png
 * up to 160×50 pt, each at 1x/2x/3x, and colours picked from the logo's dominant colour.
 */
export type PassImages = { files: Record<string, Buffer>; colours: PassColours };

export async function passImages(logo: Buffer | null): Promise<PassImages> {
  const source = logo ?? defaultMark();
  const { dominant } = await sharp(source).stats();
  const background = logo ? dominant : DEFAULT_BACKGROUND;
  const files: Record<string, Buffer> = {};
  for (const [scale, suffix] of [
    [1, ""],
    [2, "@2x"],
    [3, "@3x"],
  ] as const) {
    const side = 29 * scale;
    files[`icon${suffix}.png`] = await sharp(source)
      .resize(side, side, { fit: "contain", background: { ...background, alpha: 1 } })
      .flatten({ background })
      .png()
      .toBuffer();
    files[`logo${suffix}.png`] = await sharp(source)
      .resize(160 * scale, 50 * scale, { fit: "inside", withoutEnlargement: false })
      .png()
      .toBuffer();
  }
  return { files, colours: coloursOn(background) };
}

/** A colour `#rrggbb` as Apple wants it. */
export const hexToRgb = (hex: string) => {
  const value = parseInt(hex.slice(1), 16);
  return rgb({ r: (value >> 16) & 0xff, g: (value >> 8) & 0xff, b: value & 0xff });
};

/**
 * The pass's strip image from the stored 3x strip (1125×369): strip.png at 375×123 pt,
 * @2x and @3x.
 */
export async function stripImages(strip3x: Buffer): Promise<Record<string, Buffer>> {
  const scaled = (scale: number) =>
    sharp(strip3x)
      .resize(375 * scale, 123 * scale, { fit: "cover" })
      .png()
      .toBuffer();
  return { "strip.png": await scaled(1), "strip@2x.png": await scaled(2), "strip@3x.png": strip3x };
}

/** Logos (and strips) whose pass images are kept (a few hundred KB each at most). */
const CACHE_SIZE = 200;

export type PassImageCache = {
  /** The images of a logo file (null: the business has none), computed once per file. */
  get(logoFileId: number | null, load: () => Promise<Buffer | null>): Promise<PassImages>;
  /** The strip images of a strip file (none if the file went meanwhile), computed once per file. */
  strip(stripFileId: number, load: () => Promise<Buffer | null>): Promise<Record<string, Buffer>>;
};

/**
 * Every stamp makes each phone fetch its pass again, and a pass needs its images: the sharp work
 * is done once per logo and kept (least recently used out first). A file never changes (a new
 * logo is a new file id), so an id is a version and nothing needs invalidating.
 */
export function createPassImageCache(size = CACHE_SIZE): PassImageCache {
  const cache = new Map<string, Promise<unknown>>();
  function remember<T>(key: string, make: () => Promise<T>): Promise<T> {
    let images = cache.get(key) as Promise<T> | undefined;
    if (images) {
      cache.delete(key);
    } else {
      const made = make();
      images = made;
      // A failure is not kept: the next pass tries again.
      made.catch(() => cache.get(key) === made && cache.delete(key));
    }
    cache.set(key, images);
    if (cache.size > size) cache.delete(cache.keys().next().value!);
    return images;
  }
  return {
    get: (logoFileId, load) =>
      remember(logoFileId === null ? "default" : String(logoFileId), () => load().then(passImages)),
    strip: (stripFileId, load) =>
      remember(`strip:${stripFileId}`, () => load().then((bytes) => (bytes ? stripImages(bytes) : {}))),
  };
}
