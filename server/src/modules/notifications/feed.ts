import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { NotificationKind } from "../../../../lib/contract/notifications";
import { businesses, cards, customers, notifications } from "../../db/schema";
import type { PushSender } from "../../services/push";
import { money } from "../payments/money";
import { pushToOwner } from "./push-targets";

type Entry = { kind: NotificationKind; title: string; text: string; businessId?: number | null };

/** Writes a feed entry and pushes it to the owner's devices. */
export async function addFeedEntry(app: FastifyInstance, push: PushSender, ownerId: number, entry: Entry) {
  await app.db.insert(notifications).values({ userId: ownerId, ...entry });
  await pushToOwner(app, push, ownerId, {
    title: entry.title,
    body: entry.text,
    link: `${app.config.publicAppUrl}/dashboard/notifications`,
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

/** The feed fills itself from domain events (services/events.ts); listeners run after the answer. */
export function registerFeedListeners(app: FastifyInstance, push: PushSender) {
  const add = (ownerId: number, entry: Entry) => addFeedEntry(app, push, ownerId, entry);

  app.events.on("card.joined", async (e) => {
    const names = await cardNames(app, e.cardId);
    await add(e.ownerId, {
      kind: "card_joined",
      title: "New card",
      text: `${names.customer} joined ${names.business} and collected a first stamp.`,
      businessId: e.businessId,
    });
  });
  app.events.on("reward.redeemed", async (e) => {
    const names = await cardNames(app, e.cardId);
    await add(e.ownerId, {
      kind: "reward_redeemed",
      title: "Reward redeemed",
      text: `${names.customer} redeemed ${e.rewardTitle} at ${names.business}.`,
      businessId: e.businessId,
    });
  });
  app.events.on("card.flagged", async (e) => {
    const names = await cardNames(app, e.cardId);
    await add(e.ownerId, {
      kind: "fraud_alert",
      title: "Possible fraud",
      text: `${names.customer}'s card at ${names.business} was flagged: ${e.reason} See its history in My Scans.`,
      businessId: e.businessId,
    });
  });
  app.events.on("payment.succeeded", (e) =>
    add(e.ownerId, {
      kind: "payment_succeeded",
      title: "Payment received",
      text: `Your payment of ${money(e.amountMinor, e.currency)} went through. Thank you!`,
    }),
  );
  app.events.on("payment.failed", (e) =>
    add(e.ownerId, {
      kind: "payment_failed",
      title: "Payment failed",
      text: `Your payment of ${money(e.amountMinor, e.currency)} did not go through${e.reason ? `: ${e.reason}` : "."}`,
    }),
  );
  app.events.on("staff.joined", (e) =>
    add(e.ownerId, {
      kind: "staff_joined",
      title: "Staff member joined",
      text: `${e.name} accepted your invite and can now scan cards.`,
    }),
  );
}
