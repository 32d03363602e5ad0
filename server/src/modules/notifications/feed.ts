import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { NotificationKind } from "../../../../contract/notifications";
import type { Db } from "../../db/client";
import { businesses, cards, customers, type FeedDetails, notifications, payments, users } from "../../db/schema";
import { claimEffect } from "../../services/effects";
import type { DomainEvent } from "../../services/events";
import { childJobId, type JobInfo } from "../../services/jobs";
import { localeOrDefault, translator } from "../../i18n";
import { feedText, feedTitle, type FeedNames } from "./feed-text";
import type { PushJobs } from "./push-targets";

/** What the feed uses that the composition root (app.ts) creates. */
export type FeedDeps = { db: Db; pushes: PushJobs; publicAppUrl: string };

/** A feed entry as written: what it is about, by reference, and details that name no one. */
type Entry = {
  kind: NotificationKind;
  title: string;
  businessId?: number | null;
  cardId?: number | null;
  customerId?: number | null;
  paymentId?: number | null;
  staffUserId?: number | null;
  details: FeedDetails;
};

/** The owner's own affairs: their subscription's payments are no business of their staff's. */
const OWNER_ONLY_KINDS: readonly NotificationKind[] = ["payment_succeeded", "payment_failed"];

/** The names an entry's references have now: for the push, sent once as the entry is written. */
async function namesOf(db: Db, entry: Entry): Promise<FeedNames> {
  const one = async <T>(rows: Promise<{ name: T }[]>) => (await rows)[0]?.name ?? null;
  const [customer, business, staff] = await Promise.all([
    entry.customerId
      ? one(db.select({ name: customers.name }).from(customers).where(eq(customers.id, entry.customerId)).limit(1))
      : null,
    entry.businessId
      ? one(
          db
            .select({ name: businesses.businessName })
            .from(businesses)
            .where(eq(businesses.id, entry.businessId))
            .limit(1),
        )
      : null,
    entry.staffUserId
      ? one(db.select({ name: users.name }).from(users).where(eq(users.id, entry.staffUserId)).limit(1))
      : null,
  ]);
  return { customer, business, staff };
}

/**
 * Writes a feed entry and, in the same transaction, the push of it to the owner's devices and
 * their staff's, but for the owner's own affairs. `job` is the event's delivery: the
 * entry claims it (job_effects) in that transaction, so a delivery run twice writes one entry and
 * one push job.
 */
export async function addFeedEntry(
  { db, pushes, publicAppUrl }: FeedDeps,
  ownerId: number,
  entry: Entry,
  job: JobInfo,
) {
  await db.transaction(async (tx) => {
    if (!(await claimEffect(tx, { kind: "feed", source: job.id }, ownerId))) return;
    const { details, ...refs } = entry;
    await tx.insert(notifications).values({ userId: ownerId, ...refs, details });
    // The push speaks the owner's language (their profile's), as their feed does.
    const [owner] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, ownerId));
    const t = translator(localeOrDefault(owner?.locale));
    const body = feedText(entry.kind, details, await namesOf(tx, entry), t);
    await pushes.toOwner(
      tx,
      ownerId,
      {
        title: feedTitle(entry.kind, entry.title, details, t),
        body,
        link: `${publicAppUrl}/dashboard/notifications`,
      },
      { staff: !OWNER_ONLY_KINDS.includes(entry.kind), id: childJobId(job.id, "push-owner") },
    );
  });
}

/** The card's customer when the event is handled (null when the card was deleted since). */
async function cardRefs(db: Db, cardId: number) {
  const [row] = await db.select({ customerId: cards.customerId }).from(cards).where(eq(cards.id, cardId)).limit(1);
  return { cardId: row ? cardId : null, customerId: row?.customerId ?? null };
}

/** The payment, when it still exists (an entry never points at nothing). */
async function paymentRef(db: Db, paymentId: number) {
  const [row] = await db.select({ id: payments.id }).from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row?.id ?? null;
}

/** The staff member's account, when it still exists. */
async function staffRef(db: Db, userId: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.id ?? null;
}

/** What a feed entry records of an event, or null for events the feed does not show. */
async function entryOf(db: Db, e: DomainEvent): Promise<Entry | null> {
  switch (e.type) {
    case "card.joined":
      return {
        kind: "card_joined",
        title: "New card",
        businessId: e.businessId,
        ...(await cardRefs(db, e.cardId)),
        details: {},
      };
    case "reward.redeemed":
      return {
        kind: "reward_redeemed",
        title: "Reward redeemed",
        businessId: e.businessId,
        ...(await cardRefs(db, e.cardId)),
        details: { reward: e.rewardTitle },
      };
    case "payment.succeeded":
      return {
        kind: "payment_succeeded",
        title: "Payment received",
        paymentId: await paymentRef(db, e.paymentId),
        details: { amountMinor: e.amountMinor, currency: e.currency },
      };
    case "payment.failed":
      return {
        kind: "payment_failed",
        title: "Payment failed",
        paymentId: await paymentRef(db, e.paymentId),
        details: { amountMinor: e.amountMinor, currency: e.currency, reason: e.reason },
      };
    case "card.flagged":
      return {
        kind: "fraud_alert",
        title: "Possible fraud",
        businessId: e.businessId,
        ...(await cardRefs(db, e.cardId)),
        details: { reason: e.reason },
      };
    case "staff.joined":
      return {
        kind: "staff_joined",
        title: "Staff member joined",
        staffUserId: await staffRef(db, e.staffUserId),
        details: {},
      };
    default:
      return null;
  }
}

const FEED_EVENTS = [
  "card.joined",
  "reward.redeemed",
  "card.flagged",
  "payment.succeeded",
  "payment.failed",
  "staff.joined",
] as const;

/**
 * The feed fills itself from domain events (services/events.ts): one listener, so one queue, for
 * all of them, and the entries come in the order the events happened.
 */
export function registerFeedListeners(app: FastifyInstance, deps: FeedDeps) {
  app.events.on(FEED_EVENTS, "feed", async (e, job) => {
    const entry = await entryOf(deps.db, e);
    if (entry) await addFeedEntry(deps, e.ownerId, entry, job);
  });
}
