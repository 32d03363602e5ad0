import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { lastPage } from "../../../../contract/pagination";
import type { FeedEntry, NotificationKind, NotificationList, SentMessage } from "../../../../contract/notifications";
import {
  businesses,
  businessMessages,
  cards,
  customers,
  messageRecipients,
  notifications,
  ownerCounts,
  users,
} from "../../db/schema";
import { notFound, unauthenticated } from "../../http/errors";
import { ownBusiness } from "../businesses/owned";
import { paginate } from "../../http/paginate";
import { route } from "../../http/route";
import type { PushSender } from "../../services/push";
import type { Result } from "../../http/route";
import type { Limit } from "../../services/rate-limit";
import type { Segment } from "../../../../contract/customers";
import { secretsOf } from "../loyalty/cards/cards";
import { holderCard } from "../loyalty/cards/holder-card";
import { feedText, feedTitle, type FeedNames } from "./feed-text";
import { localeOrDefault, translator, type Translate } from "../../i18n";
import { saveToken, type PushJobs } from "./push-targets";
import { segmentCardIds } from "../customers/segments";

/** Every message may reach every card holder's phone: a handful an hour is plenty, and no spam. */
/** notification-add's body as validated (the public API's POST /v1/messages sends the same). */
export type NotificationAddInput = {
  business_id: number;
  title: string;
  message: string;
  segment: Segment;
  days?: number;
};

declare module "fastify" {
  interface FastifyInstance {
    /** Sends an owner's message as notification-add does (sendBusinessMessage, decorated by app.ts). */
    sendMessage(ownerId: number, body: NotificationAddInput): Promise<Result<SentMessage>>;
  }
}

export const notificationLimits = {
  addPerOwner: { max: 10, windowSeconds: 60 * 60 },
  tokensPerIp: { max: 60, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

const toSent = (
  row: typeof businessMessages.$inferSelect,
  businessName: string,
  recipients: number | null,
): SentMessage => ({
  id: row.id,
  business_id: row.businessId,
  business_name: businessName,
  title: row.title,
  message: row.message,
  segment: row.segment,
  segment_days: row.segmentDays,
  recipients: row.segment === "all" ? null : Number(recipients ?? 0),
  created_at: row.createdAt.toISOString(),
});

/** How many cards a segmented message reached (its recipients), per row of a message query. */
const recipientCount = sql<number>`(select count(*)::int from ${messageRecipients} where ${messageRecipients.messageId} = ${businessMessages.id})`;

/** A feed row with the current names of what it points at (left joins: a deleted one is null). */
type FeedRow = { row: typeof notifications.$inferSelect } & FeedNames;

const staffUsers = alias(users, "staff_users");
const feedColumns = {
  row: notifications,
  customer: customers.name,
  business: businesses.businessName,
  staff: staffUsers.name,
};

/**
 * The entry as the dashboard shows it: its title and sentence made now, in the reader's language
 * (their profile's), from the names as they are now.
 */
const toEntry = ({ row, ...names }: FeedRow, t: Translate): FeedEntry => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  title: feedTitle(row.kind as NotificationKind, row.title, row.details, t),
  // Entries written before references keep the sentence they were written with.
  text: row.text ?? feedText(row.kind as NotificationKind, row.details, names, t),
  business_id: row.businessId,
  read_at: row.readAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** What the notification routes use that the composition root (app.ts) creates. */
export type NotificationDeps = { push: Pick<PushSender, "configured"> };

export function notificationRoutes(app: FastifyInstance, { push }: NotificationDeps) {
  route(app, calls.notificationList, async ({ user, query }) => {
    const mine = eq(notifications.userId, user.id);
    const [[counted], [unread]] = await Promise.all([
      app.db.select({ total: ownerCounts.notifications }).from(ownerCounts).where(eq(ownerCounts.userId, user.id)),
      app.db
        .select({ n: count() })
        .from(notifications)
        .where(and(mine, isNull(notifications.readAt))),
    ]);
    // The feed reads in the reader's profile language (the signed-in user's row, read with the token).
    const t = translator(localeOrDefault(user.locale));
    // The total is kept by a trigger (owner_counts), never counted here. Pages past the
    // middle are read from the oldest end, so the last page is as cheap as the first.
    const total = counted?.total ?? 0;
    const skip = (query.page - 1) * query.per_page;
    const page = app.db
      .select(feedColumns)
      .from(notifications)
      .leftJoin(customers, eq(customers.id, notifications.customerId))
      .leftJoin(businesses, eq(businesses.id, notifications.businessId))
      .leftJoin(staffUsers, eq(staffUsers.id, notifications.staffUserId))
      .where(mine);
    let rows: FeedRow[];
    if (skip <= total / 2) {
      rows = await page.orderBy(desc(notifications.id)).limit(query.per_page).offset(skip);
    } else {
      const take = Math.min(query.per_page, total - skip);
      rows =
        take > 0
          ? (
              await page
                .orderBy(asc(notifications.id))
                .limit(take)
                .offset(Math.max(0, total - skip - query.per_page))
            ).reverse()
          : [];
    }
    const data: NotificationList = {
      notificationData: rows.map((row) => toEntry(row, t)),
      total,
      page: query.page,
      per_page: query.per_page,
      last_page: lastPage(total, query.per_page),
      unread_count: unread!.n,
      push_configured: push.configured,
    };
    return { message: "notifications.list", data };
  });

  route(app, calls.notificationRead, async ({ user }) => {
    const read = await app.db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return { message: "notifications.read", data: { read: read.length } };
  });

  route(app, calls.notificationClear, async ({ user }) => {
    await app.db.delete(notifications).where(eq(notifications.userId, user.id));
    // The call's fixed success text.
    return { message: "notifications.cleared" };
  });

  route(app, calls.notificationAdd, async ({ user, body }) => app.sendMessage(user.id, body));

  route(app, calls.messageList, async ({ user, query }) => {
    const where = and(
      eq(businessMessages.userId, user.id),
      query.business_id ? eq(businessMessages.businessId, query.business_id) : undefined,
    );
    const data = await paginate(
      query,
      async () => (await app.db.select({ n: count() }).from(businessMessages).where(where))[0]!.n,
      async (limit, offset) =>
        (
          await app.db
            .select({ row: businessMessages, businessName: businesses.businessName, recipients: recipientCount })
            .from(businessMessages)
            .innerJoin(businesses, eq(businesses.id, businessMessages.businessId))
            .where(where)
            .orderBy(desc(businessMessages.id))
            .limit(limit)
            .offset(offset)
        ).map(({ row, businessName, recipients }) => toSent(row, businessName, recipients)),
    );
    return { message: "messages.list", data };
  });

  route(app, calls.fcmToken, async ({ user, body, request }) => {
    await app.limiter.hit(`fcm-token:ip:${request.ip}`, notificationLimits.tokensPerIp);
    if (body.for === "owner") {
      // The owner's notifications, on the owner's device or a staff member's.
      if (!user) throw unauthenticated();
      await saveToken(app, body.token, { userId: user.id });
    } else {
      const { card } = await holderCard(app.db, secretsOf(request.headers), body);
      if (!card) throw notFound("wallet.noCardOnDevice");
      await saveToken(app, body.token, { cardId: card.id });
    }
    return { message: "notifications.deviceOn", data: { for: body.for } };
  });
}

/**
 * notification-add's work, shared with the public API's POST /v1/messages: the message, its
 * segment's recipients, the owner's feed entry, its event and the pushes, in one transaction.
 */
export async function sendBusinessMessage(
  app: FastifyInstance,
  pushes: PushJobs,
  ownerId: number,
  body: NotificationAddInput,
): Promise<Result<SentMessage>> {
  const business = await ownBusiness(app.db, ownerId, body.business_id);
  await app.limiter.hit(`notification-add:owner:${ownerId}`, notificationLimits.addPerOwner);
  const segmented = body.segment !== "all";
  const { row, recipients } = await app.db.transaction(async (tx) => {
    const [message] = await tx
      .insert(businessMessages)
      .values({
        userId: ownerId,
        businessId: business.id,
        title: body.title,
        message: body.message,
        segment: body.segment,
        segmentDays: body.days ?? null,
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
              .where(inArray(cards.id, segmentCardIds(tx, ownerId, business.id, body.segment, body.days))),
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
    await app.events.emit(tx, {
      type: "message.sent",
      ownerId: ownerId,
      businessId: business.id,
      messageId: message!.id,
      title: message!.title,
      message: message!.message,
      segmented,
    });
    // A segmented message goes to the devices of the cards it reached, and no other.
    await pushes.toCardHolders(
      tx,
      business.id,
      { title: message!.title, body: message!.message },
      segmented ? message!.id : undefined,
    );
    return { row: message!, recipients: reached?.length ?? null };
  });
  // The call's fixed success text.
  return {
    statusCode: 201,
    message: "messages.sent",
    data: toSent(row, business.name, recipients),
  };
}
