import sharp from "sharp";
import { invalid } from "../http/errors";

/** The formats a logo may be in, as sharp names them after reading the bytes (never the name). */
const ACCEPTED = new Set(["png", "jpeg", "webp"]);
/** Logos are shown at most a few hundred pixels wide; 512 keeps them sharp on dense screens. */
const MAX_SIDE = 512;
/** Refuses decompression bombs: a 2 MB file may not claim more pixels than this. */
const MAX_INPUT_PIXELS = 40_000_000;

export type StoredImage = { bytes: Buffer; contentType: string; width: number; height: number };

/**
 * Checks an uploaded image by its bytes (PNG, JPEG or WebP; SVG and everything else refused),
 * then re-encodes it as WebP, no larger than 512 px a side. Re-encoding drops all metadata (EXIF,
 * GPS, ICC comments) and anything smuggled after the image data.
 */
export async function processImage(input: Uint8Array, field: string, label: string): Promise<StoredImage> {
  const refused = () => invalid(field, `The ${label} must be a PNG, JPEG or WebP image.`);
  let format: string | undefined;
  try {
    ({ format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw refused();
  }
  if (!format || !ACCEPTED.has(format)) throw refused();
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // applies the EXIF orientation before the metadata goes
      .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: "image/webp", width: info.width, height: info.height };
  } catch {
    // A header that reads as an image over a body that does not decode (truncated, corrupt).
    throw invalid(field, `The ${label} could not be read. Please upload another image.`);
  }
}
