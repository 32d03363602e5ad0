import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { NotificationKind } from "../../../../lib/contract/notifications";
import { businesses, cards, customers, notifications } from "../../db/schema";
import type { DomainEvent } from "../../services/events";
import { money } from "../payments/money";
import type { PushJobs } from "./push-targets";

type Entry = { kind: NotificationKind; title: string; text: string; businessId?: number | null };

/** The owner's own affairs: their subscription's payments are no business of their staff's. */
const OWNER_ONLY_KINDS: readonly NotificationKind[] = ["payment_succeeded", "payment_failed"];

/**
 * Writes a feed entry and, in the same transaction, the push of it to the owner's devices and
 * (issue 16) their staff's, but for the owner's own affairs.
 */
export async function addFeedEntry(app: FastifyInstance, pushes: PushJobs, ownerId: number, entry: Entry) {
  await app.db.transaction(async (tx) => {
    await tx.insert(notifications).values({ userId: ownerId, ...entry });
    await pushes.toOwner(
      tx,
      ownerId,
      { title: entry.title, body: entry.text, link: `${app.config.publicAppUrl}/dashboard/notifications` },
      { staff: !OWNER_ONLY_KINDS.includes(entry.kind) },
    );
  });
}

async function cardNames(app: FastifyInstance, cardId: number) {
  const [row] = await app.db
    .select({ customer: customers.name, business: businesses.businessName })
    .from(cards)
    .innerJoin(customers, eq(customers.id, cards.customerId))
    .innerJoin(businesses, eq(businesses.id, cards.businessId))
    .where(eq(cards.id, cardId))
    .limit(1);
  return row ?? { customer: "A customer", business: "your business" };
}

/** What a feed entry says about an event, or null for events the feed does not show. */
async function entryOf(app: FastifyInstance, e: DomainEvent): Promise<Entry | null> {
  switch (e.type) {
    case "card.joined": {
      const names = await cardNames(app, e.cardId);
      return {
        kind: "card_joined",
        title: "New card",
        text: `${names.customer} joined ${names.business} and collected a first stamp.`,
        businessId: e.businessId,
      };
    }
    case "reward.redeemed": {
      const names = await cardNames(app, e.cardId);
      return {
        kind: "reward_redeemed",
        title: "Reward redeemed",
        text: `${names.customer} redeemed ${e.rewardTitle} at ${names.business}.`,
        businessId: e.businessId,
      };
    }
    case "payment.succeeded":
      return {
        kind: "payment_succeeded",
        title: "Payment received",
        text: `Your payment of ${money(e.amountMinor, e.currency)} went through. Thank you!`,
      };
    case "payment.failed":
      return {
        kind: "payment_failed",
        title: "Payment failed",
        text: `Your payment of ${money(e.amountMinor, e.currency)} did not go through${e.reason ? `: ${e.reason}` : "."}`,
      };
    case "card.flagged": {
      const names = await cardNames(app, e.cardId);
      return {
        kind: "fraud_alert",
        title: "Possible fraud",
        text: `${names.customer}'s card at ${names.business} was flagged: ${e.reason} See its history in My Scans.`,
        businessId: e.businessId,
      };
    }
    case "staff.joined":
      return {
        kind: "staff_joined",
        title: "Staff member joined",
        text: `${e.name} accepted your invite and can now scan cards.`,
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
export function registerFeedListeners(app: FastifyInstance, pushes: PushJobs) {
  app.events.on(FEED_EVENTS, "feed", async (e) => {
    const entry = await entryOf(app, e);
    if (entry) await addFeedEntry(app, pushes, e.ownerId, entry);
  });
}
