import "./zod-setup";
import { z } from "zod";
import { cardLook } from "./card-design";
import { id, optionalId, refId, text } from "./ids";
import { pageQuery, paginated } from "./pagination";
import { REFERRAL_TRIGGERS, REWARD_KINDS } from "./rewards";

/** A business QR token: 192 random bits, base64url. */
export const QR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/**
 * The page a business QR code opens; `origin` is PUBLIC_APP_URL. A rotating code's URL carries
 * the counter screen's current `code`.
 */
export const addToWalletUrl = (origin: string, qrToken: string, code?: string) =>
  `${origin.replace(/\/$/, "")}/add-to-wallet?qr_token=${encodeURIComponent(qrToken)}${
    code ? `&code=${encodeURIComponent(code)}` : ""
  }`;

/**
 * `static`: the printed code stamps as it is (cooldown and daily cap apply). `rotating`: a
 * self-scan needs the code the counter screen shows, which changes every 30 s.
 */
export const QR_MODES = ["static", "rotating"] as const;
export type QrMode = (typeof QR_MODES)[number];
export const qrMode = z.enum(QR_MODES, { error: "Choose static or rotating." });

/** The counter screen's code changes every this many seconds; the previous one still stamps. */
export const COUNTER_WINDOW_SECONDS = 30;
export const COUNTER_CODE_LENGTH = 10;
export const COUNTER_EXPIRED = "This code has expired: scan the code on the counter screen again";
/** A counter code as it arrives from a URL: any text up to a bound; the server decides if it is current. */
export const counterCodeField = z.optional(z.string().trim().max(100, "The code is not valid."));

export const generateQrBody = z.object({
  business_id: refId("business"),
  address_id: optionalId,
  /** Without one, the business's newest reward. */
  reward_id: optionalId,
  label: text("label", 80),
  /** Blank (the form's first choice) or absent: static. */
  mode: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    qrMode.optional().default("static"),
  ),
});
export type GenerateQrBody = z.input<typeof generateQrBody>;

export const qrListQuery = pageQuery.extend({ business_id: optionalId });
export const singleQrQuery = z.object({ id });

/** A token as it arrives from a URL: anything else is "not a code of ours", never a 500. */
export const qrTokenField = z
  .string({ error: "The QR code is not valid." })
  .trim()
  .regex(QR_TOKEN_PATTERN, "The QR code is not valid.");
/** `code`: the counter code of the URL scanned; the answer says whether it is current (`code_ok`). */
export const qrDetailQuery = z.object({ qr_token: qrTokenField, code: counterCodeField });

/** counter-code, qr-regenerate: a QR code of the owner's. */
export const qrIdQuery = z.object({ qr_id: refId("QR code") });
export const qrIdBody = qrIdQuery;
export const qrModeBody = z.object({ qr_id: refId("QR code"), mode: qrMode });

/** What the counter screen shows: the URL to encode (with the code), until `expires_at`. */
export const counterCodeAnswer = z.object({
  url: z.string(),
  code: z.string().nullable(),
  expires_at: z.string().nullable(),
  mode: qrMode,
  /** What the screen shows around the code. */
  label: z.string(),
  business_name: z.string(),
  business_logo: z.string().nullable(),
  reward_title: z.string().nullable(),
  stamps_required: z.number().int().nullable(),
  /** The kind of the programme the code joins: the screen speaks of stamps, points or cashback. */
  reward_kind: z.enum(REWARD_KINDS).nullable().optional(),
  /** The business's card design: colours, and the text colour readable on them. */
  design: cardLook.optional(),
});
export type CounterCode = z.infer<typeof counterCodeAnswer>;

export const qrCode = z.object({
  id: z.number().int(),
  label: z.string(),
  qr_token: z.string(),
  mode: qrMode,
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
  /** The kind of the programme the code joins (the poster says stamps, points or cashback as it is). */
  reward_kind: z.enum(REWARD_KINDS).nullable(),
  scans_count: z.number().int(),
  created_at: z.string(),
});
export type QrCode = z.infer<typeof qrCode>;

/** single-qr-code: the code and its renderings for print (PNG as a data URL, SVG markup). */
export const qrCodeDetail = qrCode.extend({ png: z.string(), svg: z.string() });
export type QrCodeDetail = z.infer<typeof qrCodeDetail>;
export const qrListAnswer = paginated(qrCode);

/** The public face of a business QR code (qr-detail, the add-to-wallet page). */
export const qrPublic = z.object({
  /** `design`: the business's card design, for the card and add-to-wallet pages. */
  business: z.object({
    id: z.number().int(),
    name: z.string(),
    logo: z.string().nullable(),
    city: z.string(),
    design: cardLook.optional(),
  }),
  location: z.string().nullable(),
  reward: z
    .object({
      title: z.string(),
      description: z.string(),
      stamps_required: z.number().int(),
      cooldown_minutes: z.number().int(),
      /** The programme's kind: stamps, points or cashback (the page says "Collect 10 stamps" only for stamps). */
      kind: z.enum(REWARD_KINDS),
      /** When a referred friend's bonus comes (the join form tells a friend who came through a link). */
      referral_trigger: z.enum(REFERRAL_TRIGGERS),
    })
    .nullable(),
  mode: qrMode,
  /** False when the code rotates and the query's `code` is missing, old or wrong. */
  code_ok: z.boolean(),
});
export type QrPublic = z.infer<typeof qrPublic>;

/** counter-events answers a `text/event-stream` (`event: stamp`, JSON data), not the envelope. */
export const counterEventStream = z.string();
