import { and, count, desc, eq, sql } from "drizzle-orm";
import {
  AUTOMATION_DEFAULTS,
  AUTOMATION_KINDS,
  type Automation,
  type AutomationKind,
  type AutomationLogEntry,
} from "../../../../contract/automations";
import type { calls } from "../../../../contract/calls";
import type { Db } from "../../db/client";
import { automations, automationSends, businesses, businessMessages, cards, customers, offers } from "../../db/schema";
import { invalid } from "../../http/errors";
import { paginate } from "../../http/paginate";
import type { Context } from "../../http/route";
import { ownBusiness } from "../businesses/owned";

/** The automations of a business: the four kinds, saved or as their defaults (off). */
export async function listAutomations(db: Db, ownerId: number, businessId: number): Promise<Automation[]> {
  await ownBusiness(db, ownerId, businessId);
  const saved = await db.select().from(automations).where(eq(automations.businessId, businessId));
  return AUTOMATION_KINDS.map((kind) => {
    const row = saved.find((a) => a.kind === kind);
    const defaults = AUTOMATION_DEFAULTS[kind];
    return {
      business_id: businessId,
      kind,
      enabled: row?.enabled ?? false,
      days: row ? row.days : defaults.days,
      title: row?.title ?? defaults.title,
      message: row?.message ?? defaults.message,
      offer_id: row?.offerId ?? null,
      send_message: row?.sendMessage ?? true,
    };
  });
}

export async function saveAutomation(
  db: Db,
  ownerId: number,
  body: Context<typeof calls.automationSave>["body"],
): Promise<Automation> {
  await ownBusiness(db, ownerId, body.business_id);
  const offerId = body.offer_id ?? null;
  if (offerId !== null) {
    // Only an active win_back offer of the same business: another owner's offer is as unknown.
    const [offer] = await db
      .select({ id: offers.id })
      .from(offers)
      .where(
        and(
          eq(offers.id, offerId),
          eq(offers.userId, ownerId),
          eq(offers.businessId, body.business_id),
          eq(offers.trigger, "win_back"),
          eq(offers.active, true),
        ),
      )
      .limit(1);
    if (!offer) throw invalid("offer_id", "automations.offerNotWinBack");
  }
  const values = {
    enabled: body.enabled,
    days: body.kind === "win_back" ? (body.days ?? null) : null,
    title: body.title,
    message: body.message,
    offerId,
    sendMessage: body.send_message,
  };
  await db
    .insert(automations)
    .values({ userId: ownerId, businessId: body.business_id, kind: body.kind, ...values })
    .onConflictDoUpdate({
      target: [automations.businessId, automations.kind],
      set: { ...values, updatedAt: sql`now()` },
    });
  return {
    business_id: body.business_id,
    kind: body.kind,
    enabled: values.enabled,
    days: values.days,
    title: values.title,
    message: values.message,
    offer_id: offerId,
    send_message: values.sendMessage,
  };
}

/** What the owner's automations sent, newest first. */
export function automationLog(db: Db, ownerId: number, query: Context<typeof calls.automationLog>["query"]) {
  const where = eq(automations.userId, ownerId);
  return paginate(
    query,
    async () =>
      (
        await db
          .select({ n: count() })
          .from(automationSends)
          .innerJoin(automations, eq(automations.id, automationSends.automationId))
          .where(where)
      )[0]!.n,
    async (limit, offset) =>
      (
        await db
          .select({
            id: automationSends.id,
            kind: automations.kind,
            businessName: businesses.businessName,
            customerName: customers.name,
            title: businessMessages.title,
            message: businessMessages.message,
            sentAt: automationSends.createdAt,
          })
          .from(automationSends)
          .innerJoin(automations, eq(automations.id, automationSends.automationId))
          .innerJoin(businesses, eq(businesses.id, automations.businessId))
          .leftJoin(cards, eq(cards.id, automationSends.cardId))
          .leftJoin(customers, eq(customers.id, cards.customerId))
          .leftJoin(businessMessages, eq(businessMessages.id, automationSends.messageId))
          .where(where)
          .orderBy(desc(automationSends.id))
          .limit(limit)
          .offset(offset)
      ).map((r): AutomationLogEntry => ({
        id: r.id,
        kind: r.kind as AutomationKind,
        business_name: r.businessName,
        customer_name: r.customerName,
        title: r.title ?? "",
        message: r.message,
        sent_at: r.sentAt.toISOString(),
      })),
  );
}
