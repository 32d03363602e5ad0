import "./zod-setup";
import { z } from "zod";
import { imageFile } from "./files";
import { refId } from "./ids";
import { LOCALES } from "./locales";

/**
 * A business's card design: the title, colours, language and strip image its
 * Apple and Google passes, card page and counter screen show. A business never designed has the
 * defaults below, which are the look every card had before.
 */

/** The product's primary colour (app/styles/base.css --primary) with white text: today's passes. */
export const DEFAULT_CARD_COLOURS = {
  background_color: "#4f46e5",
  foreground_color: "#ffffff",
  label_color: "#e5e7eb",
} as const;

export const MAX_CARD_TITLE = 40;

/** Apple's strip image (points; the pass carries @1x, @2x and @3x) and Google's hero image (pixels). */
export const APPLE_STRIP_SIZE = { width: 375, height: 123 } as const;
export const GOOGLE_HERO_SIZE = { width: 1032, height: 336 } as const;

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** `#rrggbb`, either case; stored and returned lower-case. */
export const hexColour = (label: string) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .regex(HEX_COLOUR, `The ${label} must be a colour like #1a2b3c.`)
    .transform((value) => value.toLowerCase());

/** A locale, or "" / absent for "the customer's browser" (null). */
export const cardLocale = z.preprocess(
  (value) => (value === "" || value === undefined || value === null ? null : value),
  z.enum(LOCALES, { error: `The language must be one of: ${LOCALES.join(", ")}.` }).nullable(),
);

/** A form checkbox: "1"/"true"/"on" (or true) is set, anything else or absent is not. */
const checkbox = z.preprocess(
  (value) => value === true || value === "1" || value === "true" || value === "on",
  z.boolean(),
);

export const cardDesignQuery = z.object({ business_id: refId("business") });

/** card-design-update (multipart, like add-business). A new strip replaces the old one. */
export const cardDesignUpdateBody = z.object({
  business_id: refId("business"),
  title: z
    .string({ error: "The card title field is required." })
    .trim()
    .min(1, "The card title field is required.")
    .max(MAX_CARD_TITLE, `The card title may not be greater than ${MAX_CARD_TITLE} characters.`),
  background_color: hexColour("background colour"),
  foreground_color: hexColour("text colour"),
  label_color: hexColour("label colour"),
  locale: cardLocale,
  /** PNG, JPEG or WebP up to 2 MB (checked by its bytes on the server), re-encoded by sharp. */
  strip: imageFile("strip image"),
  /** Drops the strip image (ignored when a new `strip` comes with it). */
  remove_strip: checkbox.optional(),
});
export type CardDesignUpdateBody = z.input<typeof cardDesignUpdateBody>;

/** What card-design-get and card-design-update answer. */
export const cardDesign = z.object({
  business_id: z.number().int(),
  title: z.string(),
  background_color: z.string(),
  foreground_color: z.string(),
  label_color: z.string(),
  /** null: the customer's browser language. */
  locale: z.enum(LOCALES).nullable(),
  /** `/api/files/{id}` of the business logo, or null. */
  logo_url: z.string().nullable(),
  /** `/api/files/{id}` of the strip (Apple 3x size, 1125×369), or null without one. */
  strip_url: z.string().nullable(),
  /** The public https URL of the 1032×336 hero Google fetches, or null without a strip. */
  google_hero_url: z.string().nullable(),
});
export type CardDesign = z.infer<typeof cardDesign>;

/**
 * The design as the customer's side shows it (card page, add-to-wallet page, counter screen):
 * `text_color` is black or white, whichever is readable on the background (contrast.ts
 * `readableOn`), so text stays at WCAG AA whatever the brand colour.
 */
export const cardLook = z.object({
  title: z.string(),
  background_color: z.string(),
  foreground_color: z.string(),
  label_color: z.string(),
  text_color: z.enum(["#000000", "#ffffff"]),
  /** The card's language, or null: the customer's browser. */
  locale: z.enum(LOCALES).nullable(),
  strip_url: z.string().nullable(),
});
export type CardLook = z.infer<typeof cardLook>;
