import sharp, { type Metadata } from "sharp";
import { invalid } from "../http/errors";
import { createSemaphore } from "./semaphore";
import { sentence } from "../i18n/sentence";

/** The formats a logo may be in, as sharp names them after reading the bytes (never the name). */
const ACCEPTED = new Set(["png", "jpeg", "webp"]);
/** Logos are shown at most a few hundred pixels wide; 512 keeps them sharp on dense screens. */
const MAX_SIDE = 512;
/**
 * The largest image taken, in pixels (4096 × 4096): a logo needs far fewer, and decoding costs
 * memory by the pixel (a 155 KB PNG of 6320 × 6320 decodes to 160 MB). Also refuses
 * decompression bombs.
 */
export const MAX_INPUT_SIDE = 4096;
const MAX_INPUT_PIXELS = MAX_INPUT_SIDE * MAX_INPUT_SIDE;

/**
 * One image decoded at a time in this process: eight large uploads at once took the API server
 * to 865 MB and its health check to 1.9 s; queued, they cost one image's memory.
 */
export const imageQueue = createSemaphore(1);

export type StoredImage = { bytes: Buffer; contentType: string; width: number; height: number };

/**
 * Checks an uploaded image by its bytes (PNG, JPEG or WebP; SVG and everything else refused),
 * then re-encodes it as WebP, no larger than 512 px a side. Re-encoding drops all metadata (EXIF,
 * GPS, ICC comments) and anything smuggled after the image data.
 */
export function processImage(input: Uint8Array, field: string, label: ImageLabel): Promise<StoredImage> {
  return imageQueue.run(() => reencode(input, field, label));
}

/** What an upload is called in its messages: the catalogue's `image` choice. */
const IMAGES = { "business logo": "logo", "strip image": "strip" } as const;
export type ImageLabel = keyof typeof IMAGES;

/** Reads the header of an upload: refuses what is not a PNG, JPEG or WebP, or is too many pixels. */
async function checkImage(input: Uint8Array, field: string, label: ImageLabel): Promise<void> {
  const refused = () => invalid(field, sentence("image.notImage", { image: IMAGES[label] }));
  let meta: Metadata;
  try {
    // Reads the header only (no pixel limit needed yet): the size is known before any decoding,
    // so a picture too large gets its own message.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refused();
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw refused();
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
    throw invalid(field, sentence("image.tooLarge", { image: IMAGES[label], side: MAX_INPUT_SIDE }));
  }
}

/** A header that reads as an image over a body that does not decode (truncated, corrupt). */
const unreadable = (field: string, label: ImageLabel) =>
  invalid(field, sentence("image.unreadable", { image: IMAGES[label] }));

async function reencode(input: Uint8Array, field: string, label: ImageLabel): Promise<StoredImage> {
  await checkImage(input, field, label);
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // applies the EXIF orientation before the metadata goes
      .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: "image/webp", width: info.width, height: info.height };
  } catch {
    throw unreadable(field, label);
  }
}

/**
 * A card's strip image: checked like a logo, then cover-cropped to exactly `width` ×
 * `height` for each size asked (Apple's strip, Google's hero), as PNG (what both wallets take).
 */
export function processSizedImage(
  input: Uint8Array,
  field: string,
  label: ImageLabel,
  sizes: readonly { width: number; height: number }[],
): Promise<StoredImage[]> {
  return imageQueue.run(async () => {
    await checkImage(input, field, label);
    try {
      const out: StoredImage[] = [];
      for (const { width, height } of sizes) {
        const bytes = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize(width, height, { fit: "cover", position: "attention" })
          .png()
          .toBuffer();
        out.push({ bytes, contentType: "image/png", width, height });
      }
      return out;
    } catch {
      throw unreadable(field, label);
    }
  });
}
