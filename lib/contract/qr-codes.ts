import { z } from "zod";
import { id, optionalId, refId, text } from "./ids";
import { pageQuery } from "./pagination";

/** A business QR token: 192 random bits, base64url (product.md §4 QrCode). */
export const QR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The page a business QR code opens; `origin` is PUBLIC_APP_URL. */
export const addToWalletUrl = (origin: string, qrToken: string) =>
  `${origin.replace(/\/$/, "")}/add-to-wallet?qr_token=${encodeURIComponent(qrToken)}`;

export const generateQrBody = z.object({
  business_id: refId("business"),
  address_id: optionalId,
  /** Without one, the business's newest reward. */
  reward_id: optionalId,
  label: text("label", 80),
});
export type GenerateQrBody = z.input<typeof generateQrBody>;

export const qrListQuery = pageQuery.extend({ business_id: optionalId });
export const singleQrQuery = z.object({ id });

/** A token as it arrives from a URL: anything else is "not a code of ours", never a 500. */
export const qrTokenField = z
  .string({ error: "The QR code is not valid." })
  .trim()
  .regex(QR_TOKEN_PATTERN, "The QR code is not valid.");
export const qrDetailQuery = z.object({ qr_token: qrTokenField });

export const qrCode = z.object({
  id: z.number().int(),
  label: z.string(),
  qr_token: z.string(),
  /** What the code encodes. */
  url: z.string(),
  business_id: z.number().int(),
  business_name: z.string(),
  business_logo: z.string().nullable(),
  address_id: z.number().int().nullable(),
  address: z.string().nullable(),
  reward_id: z.number().int().nullable(),
  reward_title: z.string().nullable(),
  stamps_required: z.number().int().nullable(),
  scans_count: z.number().int(),
  created_at: z.string(),
});
export type QrCode = z.infer<typeof qrCode>;

/** single-qr-code: the code and its renderings for print (PNG as a data URL, SVG markup). */
export type QrCodeDetail = QrCode & { png: string; svg: string };

/** The public face of a business QR code (qr-detail, the add-to-wallet page). */
export type QrPublic = {
  business: { id: number; name: string; logo: string | null; city: string };
  location: string | null;
  reward: { title: string; description: string; stamps_required: number; cooldown_minutes: number } | null;
};
