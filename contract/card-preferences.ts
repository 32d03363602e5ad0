import "./zod-setup";
import { z } from "zod";

/**
 * The channels a message reaches a card on; `sms` only where the server sends SMS.
 * The default (no `channels` given) is today's: the wallet pass and push.
 */
export const CHANNELS = ["pass", "push", "email", "sms"] as const;
export type Channel = (typeof CHANNELS)[number];
export const DEFAULT_CHANNELS: readonly Channel[] = ["pass", "push"];

/** How a consent was given (cards.consent_*_source). */
export const CONSENT_SOURCES = ["join", "preferences", "import", "sms_keyword"] as const;

/** A card's mail link token (`<serial>.<mac>`, server/src/modules/reach/links.ts). */
export const cardLinkTokenField = z
  .string({ error: "This link is not valid." })
  .trim()
  .min(10, "This link is not valid.")
  .max(200, "This link is not valid.");

const consentEvidence = z.object({ at: z.string(), source: z.string() }).nullable();

/** card-preferences: what the card's holder receives, and the consent they gave (when, how). */
export const cardPreferences = z.object({
  business_name: z.string(),
  email: z.boolean(),
  sms: z.boolean(),
  push: z.boolean(),
  consent_email: consentEvidence,
  consent_sms: consentEvidence,
});
export type CardPreferences = z.infer<typeof cardPreferences>;

export const cardPreferencesQuery = z.object({ token: cardLinkTokenField });

const onOff = z.preprocess((value) => value === true || value === "true" || value === "on", z.boolean());

/** card-preferences-save: each channel on or off (turning email or SMS on records consent from `preferences`). */
export const cardPreferencesSaveBody = z.object({ token: cardLinkTokenField, email: onOff, sms: onOff, push: onOff });

const noData = z.null();

export const cardUnsubscribeParams = z.object({ token: cardLinkTokenField });

/** The customer's own calls by the link in their mail: no session, the token is the key. */
export const cardPreferenceCalls = {
  cardPreferences: {
    method: "GET",
    path: "/card-preferences",
    access: "public",
    query: cardPreferencesQuery,
    answer: cardPreferences,
    refusals: ["invalid_link"],
  },
  cardPreferencesSave: {
    method: "POST",
    path: "/card-preferences-save",
    access: "public",
    body: cardPreferencesSaveBody,
    answer: cardPreferences,
    refusals: ["invalid_link"],
  },
  /** RFC 8058 one-click: a POST unsubscribes from email at once (the body, `List-Unsubscribe=One-Click`, is not needed). */
  cardUnsubscribe: {
    method: "POST",
    path: "/unsubscribe/:token",
    access: "public",
    params: cardUnsubscribeParams,
    answer: noData,
    refusals: ["invalid_link"],
  },
} as const;
