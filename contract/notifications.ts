import "./zod-setup";
import { z } from "zod";
import { CHANNELS, DEFAULT_CHANNELS } from "./card-preferences";
import { levelWhereNeeded, segmentShape, segmentTakesDays } from "./customers";
import { optionalId, refId, text } from "./ids";
import { pageQuery, paginated } from "./pagination";
import { cardRef, hasCardRef, NO_CARD_REF } from "./wallet";

/** What a phone's notification shows without cutting off (title line, a few lines of text). */
export const MESSAGE_TITLE_MAX = 60;
export const MESSAGE_TEXT_MAX = 240;
/** How many of a business's latest messages a customer's card shows. */
export const CARD_MESSAGES = 3;

/** The kinds of entry in the owner's feed; `message` is the owner's own broadcast to card holders. */
export const NOTIFICATION_KINDS = [
  "card_joined",
  "reward_redeemed",
  "payment_succeeded",
  "payment_failed",
  "staff_joined",
  "message",
  "fraud_alert",
  /** A webhook endpoint of the owner's failed for 5 days and was turned off. */
  "webhook_disabled",
  /** A till order's refund could not take back all it should: the card had spent its balance. */
  "refund_short",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationListQuery = pageQuery;

/** One entry of the owner's feed. */
export const feedEntry = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  text: z.string(),
  business_id: z.number().int().nullable(),
  /** When the owner first saw it (notification-read), or null while unread. */
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type FeedEntry = z.infer<typeof feedEntry>;

/** notification-list: clients read the entries as `data.notificationData`, so the name stays. */
export const notificationList = z.object({
  notificationData: z.array(feedEntry),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  last_page: z.number().int(),
  unread_count: z.number().int(),
  /** Whether this server sends push messages (Firebase configured); the page says so when not. */
  push_configured: z.boolean(),
  /** Whether this server sends SMS (Twilio configured): the message form offers SMS only then. */
  sms_configured: z.boolean(),
});
export type NotificationList = z.infer<typeof notificationList>;

/**
 * Where a message goes (default: the wallet pass and push); each card gets it once per channel.
 * notification-add and the public API's POST /v1/messages take the same.
 */
export const messageChannels = z
  .array(z.enum(CHANNELS, { error: "Choose pass, push, email or SMS." }), {
    error: "Choose at least one channel.",
  })
  .min(1, "Choose at least one channel.")
  .max(CHANNELS.length, "Choose each channel once.")
  .refine((list) => new Set(list).size === list.length, "Choose each channel once.")
  .default([...DEFAULT_CHANNELS]);

/**
 * notification-add: a message to the holders of a card of the business; `segment` (default all)
 * and its `days` narrow it to exactly the cards segment-count counts.
 */
export const notificationAddBody = z
  .object({
    business_id: refId("business"),
    title: text("title", MESSAGE_TITLE_MAX),
    message: text("message", MESSAGE_TEXT_MAX),
    ...segmentShape,
    channels: messageChannels,
  })
  .superRefine((value, ctx) => {
    levelWhereNeeded(value, ctx);
    if (segmentTakesDays(value.segment) && value.days === undefined) {
      ctx.addIssue({ code: "custom", path: ["days"], message: "Please say how many days." });
    }
  });
export type NotificationAddBody = z.input<typeof notificationAddBody>;

/**
 * What became of a message on one channel: cards it was sent to, that confirmed delivery, that
 * failed (or whose outcome is unknown), that unsubscribed from the channel since, and that it
 * skipped (the channel refused, or the weekly cap held it back).
 */
export const channelDelivery = z.object({
  channel: z.enum(CHANNELS),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  unsubscribed: z.number().int(),
  skipped: z.number().int(),
});
export type ChannelDelivery = z.infer<typeof channelDelivery>;

/** A message the owner sent (the dashboard's "Sent messages"). */
export const sentMessage = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  business_name: z.string(),
  title: z.string(),
  message: z.string(),
  /** Who it was for: a segment of customers.ts, and its days where it takes them. */
  segment: z.string(),
  segment_days: z.number().int().nullable(),
  /** How many cards it reached when sent (null for `all`: every card, also those joining later). */
  recipients: z.number().int().nullable(),
  channels: z.array(z.enum(CHANNELS)),
  /** Per channel the message picked (pass, push, email, SMS), what became of it. */
  delivery: z.array(channelDelivery),
  created_at: z.string(),
});
export type SentMessage = z.infer<typeof sentMessage>;
export const messageListAnswer = paginated(sentMessage);

export const messageListQuery = pageQuery.extend({ business_id: optionalId });

/** A message as a customer's card shows it. */
export type { CardMessage } from "./wallet";

/**
 * fcm-token: a browser's push token for the owner's notifications, on the dashboard of the
 * owner or of one of their staff (bearer session), or for the card
 * this device holds at the business of `qr_token` (card secrets cookie).
 */
const pushToken = z
  .string({ error: "The token field is required." })
  .trim()
  .min(20, "The token is not valid.")
  .max(4096, "The token is not valid.");

export const fcmTokenBody = z.discriminatedUnion(
  "for",
  [
    z.object({ for: z.literal("owner"), token: pushToken }),
    z
      .object({ for: z.literal("card"), token: pushToken, ...cardRef })
      .refine(hasCardRef, { message: NO_CARD_REF, path: ["qr_token"] }),
  ],
  { error: "Say whether the token is for the owner or a card." },
);
export type FcmTokenBody = z.input<typeof fcmTokenBody>;

export const notificationReadAnswer = z.object({ read: z.number().int() });
export const fcmTokenAnswer = z.object({ for: z.enum(["owner", "card"]) });
