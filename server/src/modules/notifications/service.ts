import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { calls } from "../../../../contract/calls";
import { lastPage } from "../../../../contract/pagination";
import type { FeedEntry, NotificationKind, NotificationList } from "../../../../contract/notifications";
import type { Db } from "../../db/client";
import {
  businesses,
  businessMessages,
  customers,
  messageRecipients,
  notifications,
  ownerCounts,
  users,
} from "../../db/schema";
import { notFound, unauthenticated } from "../../http/errors";
import { paginate } from "../../http/paginate";
import type { AuthUser } from "../../http/auth";
import type { Context } from "../../http/route";
import { localeOrDefault, translator, type Translate } from "../../i18n";
import { holderCard } from "../loyalty/cards/holder-card";
import type { NotificationDeps } from "./deps";
import { feedText, feedTitle, type FeedNames } from "./feed-text";
import { saveToken } from "./push-targets";
import { messageDelivery } from "./delivery";
import { channelsOf, notificationLimits, toSent } from "./send";

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

/** A page of the reader's feed, newest first, with the unread count. */
export async function feedPage(
  { db, push, config }: Pick<NotificationDeps, "db" | "push" | "config">,
  user: Pick<AuthUser, "id" | "locale">,
  query: Context<typeof calls.notificationList>["query"],
): Promise<NotificationList> {
  const mine = eq(notifications.userId, user.id);
  const [[counted], [unread]] = await Promise.all([
    db.select({ total: ownerCounts.notifications }).from(ownerCounts).where(eq(ownerCounts.userId, user.id)),
    db
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
  const page = db
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
  return {
    notificationData: rows.map((row) => toEntry(row, t)),
    total,
    page: query.page,
    per_page: query.per_page,
    last_page: lastPage(total, query.per_page),
    unread_count: unread!.n,
    push_configured: push.configured,
    sms_configured: config.smsConfigured,
  };
}

/** Marks every unread entry of the reader's feed read; answers how many. */
export async function markFeedRead(db: Db, userId: number) {
  const read = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return read.length;
}

export async function clearFeed(db: Db, userId: number) {
  await db.delete(notifications).where(eq(notifications.userId, userId));
}

/** The owner's sent messages, newest first (of one business, or all). */
export function sentMessages(db: Db, ownerId: number, query: Context<typeof calls.messageList>["query"]) {
  const where = and(
    eq(businessMessages.userId, ownerId),
    query.business_id ? eq(businessMessages.businessId, query.business_id) : undefined,
  );
  return paginate(
    query,
    async () => (await db.select({ n: count() }).from(businessMessages).where(where))[0]!.n,
    async (limit, offset) => {
      const rows = await db
        .select({ row: businessMessages, businessName: businesses.businessName, recipients: recipientCount })
        .from(businessMessages)
        .innerJoin(businesses, eq(businesses.id, businessMessages.businessId))
        .where(where)
        .orderBy(desc(businessMessages.id))
        .limit(limit)
        .offset(offset);
      const delivery = await messageDelivery(
        db,
        rows.map(({ row }) => ({ id: row.id, channels: channelsOf(row) })),
      );
      return rows.map(({ row, businessName, recipients }) =>
        toSent(row, businessName, recipients, delivery.get(row.id)),
      );
    },
  );
}

/**
 * A device's push token: for the owner's notifications (on the owner's device or a staff
 * member's), or for the card this device holds.
 */
export async function saveDeviceToken(
  { db, limiter }: Pick<NotificationDeps, "db" | "limiter">,
  user: { id: number } | null,
  body: Context<typeof calls.fcmToken>["body"],
  asker: { ip: string; secrets: string[] },
) {
  await limiter.hit(`fcm-token:ip:${asker.ip}`, notificationLimits.tokensPerIp);
  if (body.for === "owner") {
    if (!user) throw unauthenticated();
    await saveToken(db, body.token, { userId: user.id });
  } else {
    const { card } = await holderCard(db, asker.secrets, body);
    if (!card) throw notFound("wallet.noCardOnDevice");
    await saveToken(db, body.token, { cardId: card.id });
  }
}
