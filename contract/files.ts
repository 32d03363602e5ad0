import "./zod-setup";
import { z } from "zod";
import { id } from "./ids";

/** Logos (a business's `business_logo`): PNG, JPEG or WebP up to 2 MB, checked by their bytes. */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/** A file as each side holds it: bytes on the server (multipart), a File in the browser. */
type FileLike = Uint8Array | Blob;
const isFileLike = (value: unknown): value is FileLike =>
  value instanceof Uint8Array || (typeof Blob !== "undefined" && value instanceof Blob);
const sizeOf = (file: FileLike) => (file instanceof Uint8Array ? file.byteLength : file.size);

/** An image upload field; an empty file input counts as no file. */
export const imageFile = (label: string) =>
  z.preprocess(
    (value) => (value === "" || (isFileLike(value) && sizeOf(value) === 0) ? undefined : value),
    z
      .custom<FileLike>(isFileLike, { error: `The ${label} must be an image file.` })
      .refine((file) => sizeOf(file) <= MAX_LOGO_BYTES, `The ${label} may not be greater than 2 MB.`)
      .optional(),
  );

export const fileParams = z.object({ id });

/** Where a stored file is served (through the BFF in the browser, directly from the API server). */
export const fileUrl = (fileId: number) => `/api/files/${fileId}`;

/** A stored file's bytes, answered as themselves (its own content type), not the envelope. */
export const fileBytes = z.string();
