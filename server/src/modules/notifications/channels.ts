import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Channel } from "../../../../contract/card-preferences";
import type { Db } from "../../db/client";
import { businesses, businessMessages, cards, channelSends, customers, messageRecipients } from "../../db/schema";
import { childJobId, type JobQueue, type Jobs } from "../../services/jobs";
import type { ChannelSender } from "../reach/channel-sender";
import { emailRefusal } from "../reach/customer-mail";
import { outsideControlGroup } from "../insights/control-group";
import { decideMarketing, WEEKLY_CAP } from "./weekly-cap";

/** The channels sent card by card through channel_sends (pass and push have queues of their own). */
export const OUTBOX_CHANNELS = ["email", "sms"] as const satisfies readonly Channel[];
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
export const isOutboxChannel = (channel: Channel): channel is OutboxChannel =>
  (OUTBOX_CHANNELS as readonly Channel[]).includes(channel);

/**
 * The table channel → sender. `sms` is null until SMS sending is wired in (app.ts): its sends are
 * then recorded `skipped` (`not_configured`).
 */
export type ChannelSenders = Record<OutboxChannel, ChannelSender | null>;

/** A card as the dispatcher decides about it. */
type CardRow = {
  id: number;
  userId: number;
  consentEmailAt: Date | null;
  emailOptOutAt: Date | null;
  consentSmsAt: Date | null;
  smsOptOutAt: Date | null;
  bouncedAt: Date | null;
};

/** Why a card refuses a channel (no consent, opted out, bounced), or null when it takes it. */
const refusals: Record<OutboxChannel, (card: CardRow) => string | null> = {
  email: (card) =>
    emailRefusal({ bouncedAt: card.bouncedAt, optOutAt: card.emailOptOutAt, consentAt: card.consentEmailAt }),
  sms: (card) => (card.smsOptOutAt ? "opted_out" : card.consentSmsAt ? null : "no_consent"),
};

/** Cards a dispatch page decides about: a page's claims and jobs stay small. */
export const DISPATCH_PAGE = 1000;

export const MESSAGE_CHANNELS_QUEUE = "message-channels";

/** A page of a message's cards (keyset by card id); `source`, `page`: the chain's first job and this page's number. */
export type DispatchPage = { messageId: number; afterCardId: number; source?: string; page?: number };

/** The message's purpose in channel_sends: each card gets it once per channel. */
export const messagePurpose = (messageId: number) => `message:${messageId}`;

/**
 * Queues an owner's message's first dispatch page, in its transaction: it mails and texts the
 * message, and decides the weekly cap for every card the message is for, also those no wallet or
 * device of the pass and push pipelines reaches (their card page shows it).
 */
export async function queueChannelDispatch(jobs: Jobs, tx: Db, messageId: number) {
  await jobs.enqueue<DispatchPage>(tx, MESSAGE_CHANNELS_QUEUE, { messageId, afterCardId: 0 });
}

/** A page of the message's cards: every card of the business, or the segment's recipients. */
function pageCards(db: Db, message: typeof businessMessages.$inferSelect, afterCardId: number) {
  return db
    .select({
      id: cards.id,
      userId: cards.userId,
      consentEmailAt: cards.consentEmailAt,
      emailOptOutAt: cards.emailOptOutAt,
      consentSmsAt: cards.consentSmsAt,
      smsOptOutAt: cards.smsOptOutAt,
      bouncedAt: customers.emailBouncedAt,
    })
    .from(cards)
    .innerJoin(customers, eq(customers.id, cards.customerId))
    .where(
      and(
        eq(cards.businessId, message.businessId),
        gt(cards.id, afterCardId),
        // A message to every card holder skips the control group; a segment's recipients were chosen outside it.
        message.segment === "all"
          ? outsideControlGroup()
          : inArray(
              cards.id,
              db
                .select({ cardId: messageRecipients.cardId })
                .from(messageRecipients)
                .where(eq(messageRecipients.messageId, message.id)),
            ),
      ),
    )
    .orderBy(asc(cards.id))
    .limit(DISPATCH_PAGE);
}

/**
 * Decides, for a page of cards, each outbox channel of the message: a card the weekly cap holds the
 * message from (decided once for all its channels: weekly-cap.ts `decideMarketing`), or that
 * refused the channel, gets a `skipped` row; the others are claimed and queued. The cards'
 * marketing locks are held while the page decides and claims, so two messages never both pass a
 * card's cap.
 * A page run again finds its rows and queues nothing twice; the next page's job id derives from
 * this chain's.
 */
export async function dispatchPage(
  db: Db,
  pages: JobQueue<DispatchPage>,
  senders: ChannelSenders,
  page: DispatchPage,
  jobId: string,
) {
  const source = page.source ?? jobId;
  const number = page.page ?? 0;
  const [found] = await db
    .select({ message: businessMessages, cap: businesses.messageWeeklyCap })
    .from(businessMessages)
    .innerJoin(businesses, eq(businesses.id, businessMessages.businessId))
    .where(eq(businessMessages.id, page.messageId))
    .limit(1);
  if (!found) return;
  const { message, cap } = found;
  const channels = (message.channels as Channel[]).filter(isOutboxChannel);
  if (channels.length === 0 && !message.marketing) return;
  const purpose = messagePurpose(message.id);
  const rows = await pageCards(db, message, page.afterCardId);
  if (rows.length === 0) return;
  const { marketing } = message;
  await db.transaction(async (tx) => {
    const held = marketing
      ? await decideMarketing(
          tx,
          {
            purpose,
            channels: message.channels as Channel[],
            userId: message.userId,
            businessId: message.businessId,
            cap,
          },
          rows.map((r) => r.id),
        )
      : new Set<number>();
    for (const channel of channels) {
      const sender = senders[channel];
      const base = { userId: message.userId, businessId: message.businessId, channel, purpose, marketing };
      const skipped: { cardId: number; reason: string }[] = [];
      const accepted: number[] = [];
      for (const card of rows) {
        const reason = held.has(card.id) ? WEEKLY_CAP : !sender ? "not_configured" : refusals[channel](card);
        if (reason) skipped.push({ cardId: card.id, reason });
        else accepted.push(card.id);
      }
      if (skipped.length > 0) {
        await tx
          .insert(channelSends)
          .values(skipped.map((s) => ({ ...base, cardId: s.cardId, status: "skipped" as const, reason: s.reason })))
          .onConflictDoNothing();
      }
      if (!sender || accepted.length === 0) continue;
      const toSend = (
        await tx
          .insert(channelSends)
          .values(accepted.map((cardId) => ({ ...base, cardId })))
          .onConflictDoNothing()
          .returning({ cardId: channelSends.cardId })
      ).map((r) => r.cardId);
      if (toSend.length === 0) continue;
      await sender.queue(
        tx,
        toSend.map((cardId) => ({ cardId, purpose, marketing, title: message.title, body: message.message })),
        childJobId(source, `${channel}-${number}`),
      );
    }
    if (rows.length === DISPATCH_PAGE) {
      await pages.enqueue(
        tx,
        { messageId: message.id, afterCardId: rows.at(-1)!.id, source, page: number + 1 },
        { id: childJobId(source, `page-${number + 1}`) },
      );
    }
  });
}

/** The dispatch queue: one job per page of a message's cards. */
export function registerChannelDispatch(jobs: Jobs, db: Db, senders: ChannelSenders) {
  const pages: JobQueue<DispatchPage> = jobs.work<DispatchPage>(MESSAGE_CHANNELS_QUEUE, (page, job) =>
    dispatchPage(db, pages, senders, page, job.id),
  );
}
