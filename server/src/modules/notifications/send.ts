import { and, inArray, sql } from "drizzle-orm";
import { DEFAULT_CHANNELS, type Channel } from "../../../../contract/card-preferences";
import type { ChannelDelivery, SentMessage } from "../../../../contract/notifications";
import type { Segment } from "../../../../contract/customers";
import { businessMessages, cards, messageRecipients, notifications } from "../../db/schema";
import { invalid } from "../../http/errors";
import type { Result } from "../../http/route";
import type { Limit } from "../../services/rate-limit";
import { ownBusiness } from "../businesses/owned";
import { segmentCardIds } from "../customers/segments";
import { outsideControlGroup } from "../insights/control-group";
import type { NotificationDeps } from "./deps";
import { queueChannelDispatch } from "./channels";
import { queueCardHolderPush } from "./push-targets";

/** notification-add's body as validated (the public API's POST /v1/messages sends the same). */
export type NotificationAddInput = {
  business_id: number;
  title: string;
  message: string;
  segment: Segment;
  days?: number;
  level?: string;
  /** Default: the wallet pass and push. */
  channels?: readonly Channel[];
};

/** Every message may reach every card holder's phone: a handful an hour is plenty, and no spam. */
export const notificationLimits = {
  addPerOwner: { max: 10, windowSeconds: 60 * 60 },
  tokensPerIp: { max: 60, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

/** The channels a stored message picked. */
export const channelsOf = (row: typeof businessMessages.$inferSelect) => row.channels as Channel[];

export const toSent = (
  row: typeof businessMessages.$inferSelect,
  businessName: string,
  recipients: number | null,
  delivery: ChannelDelivery[] = [],
): SentMessage => ({
  id: row.id,
  business_id: row.businessId,
  business_name: businessName,
  title: row.title,
  message: row.message,
  segment: row.segment,
  segment_days: row.segmentDays,
  recipients: row.segment === "all" ? null : Number(recipients ?? 0),
  channels: channelsOf(row),
  delivery,
  created_at: row.createdAt.toISOString(),
});

/** What sending a message uses: the public API's POST /v1/messages passes the same. */
export type MessageDeps = Pick<NotificationDeps, "db" | "limiter" | "events" | "jobs"> & {
  config: Pick<NotificationDeps["config"], "fcm" | "smsConfigured">;
};

/**
 * notification-add's work, shared with the public API's POST /v1/messages: the message, its
 * segment's recipients, the owner's feed entry, its event and the pushes, in one transaction.
 */
export async function sendBusinessMessage(
  deps: MessageDeps,
  ownerId: number,
  body: NotificationAddInput,
): Promise<Result<SentMessage>> {
  const { db, limiter, events } = deps;
  const channels = [...new Set(body.channels ?? DEFAULT_CHANNELS)];
  // SMS is offered only where this server sends it.
  if (channels.includes("sms") && !deps.config.smsConfigured) throw invalid("channels", "messages.channelUnavailable");
  const business = await ownBusiness(db, ownerId, body.business_id);
  await limiter.hit(`notification-add:owner:${ownerId}`, notificationLimits.addPerOwner);
  const segmented = body.segment !== "all";
  const { row, recipients } = await db.transaction(async (tx) => {
    const [message] = await tx
      .insert(businessMessages)
      .values({
        userId: ownerId,
        businessId: business.id,
        title: body.title,
        message: body.message,
        segment: body.segment,
        segmentDays: body.days ?? null,
        channels,
      })
      .returning();
    // A segment's cards are fixed as it is sent, by the same condition segment-count counts with.
    const reached = segmented
      ? await tx
          .insert(messageRecipients)
          .select(
            tx
              .select({ messageId: sql`${message!.id}`.as("message_id"), cardId: cards.id })
              .from(cards)
              .where(
                and(
                  inArray(cards.id, segmentCardIds(tx, ownerId, business.id, body.segment, body.days, body.level)),
                  outsideControlGroup(),
                ),
              ),
          )
          .returning({ cardId: messageRecipients.cardId })
      : null;
    // The owner's own broadcast shows in the feed too, already read: the owner wrote it.
    await tx.insert(notifications).values({
      userId: ownerId,
      kind: "message",
      title: `Message sent: ${body.title}`,
      businessId: business.id,
      details: { message: body.message, title: body.title },
      readAt: sql`now()`,
    });
    await events.emit(tx, {
      type: "message.sent",
      ownerId: ownerId,
      businessId: business.id,
      messageId: message!.id,
      title: message!.title,
      message: message!.message,
      segmented,
      pass: channels.includes("pass"),
    });
    // A segmented message goes to the devices of the cards it reached, and no other.
    if (channels.includes("push")) {
      await queueCardHolderPush(
        deps,
        tx,
        business.id,
        { title: message!.title, body: message!.message },
        segmented ? message!.id : undefined,
        message!.id,
      );
    }
    await queueChannelDispatch(deps.jobs, tx, message!.id);
    return { row: message!, recipients: reached?.length ?? null };
  });
  // The call's fixed success text.
  return {
    statusCode: 201,
    message: "messages.sent",
    data: toSent(
      row,
      business.name,
      recipients,
      channels.map((channel) => ({
        channel,
        sent: 0,
        delivered: 0,
        failed: 0,
        unsubscribed: 0,
        skipped: 0,
      })),
    ),
  };
}
