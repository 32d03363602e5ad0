import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { AutomationKind } from "../../../../contract/automations";
import type { Db } from "../../db/client";
import { automations, automationSends, businessMessages, cards, customers, messageRecipients } from "../../db/schema";
import { extrasOn, fallbackOn, ownReward, ownRewardOn, stampsRequired, type Programme } from "../customers/segments";
import { outsideControlGroup } from "../insights/control-group";
import type { IssuingOffer } from "../loyalty/engine/voucher";

export type AutomationRow = typeof automations.$inferSelect & {
  businessName: string;
  /** The active offer whose voucher it issues when it fires (a win-back's), else null. */
  offer: IssuingOffer | null;
};

/** Automations that are notices, not marketing: never counted toward the weekly cap, never held by it. */
const NOTICE_AUTOMATIONS: readonly AutomationKind[] = ["about_to_expire"];

/** Runs in each message's transaction (the push to the card's devices is a job written there). */
export type OnSent = (
  tx: Db,
  sent: { ownerId: number; businessId: number; messageId: number; title: string; message: string },
) => Promise<void>;

/** `{name}`, `{business}`, `{stamps_left}` filled in; unknown braces stay as typed. */
export function fillPlaceholders(text: string, values: { name: string; business: string; stampsLeft: number | null }) {
  return text
    .replaceAll("{name}", values.name)
    .replaceAll("{business}", values.business)
    .replaceAll("{stamps_left}", values.stampsLeft === null ? "" : String(values.stampsLeft));
}

/** A card an automation (or the birthday run) sends to, with its once-per-period key. */
export type Candidate = { cardId: number; name: string; stampsLeft: number | null; period: string };

/**
 * A page of the business's cards, outside the control group, that `where` picks, by card id after
 * `afterCardId`: each with its holder's name, the stamps left to its reward (the {stamps_left}
 * placeholder; null on a card that counts no stamps) and its `period` key.
 */
export async function candidatePage(
  db: Db,
  page: {
    business: { id: number; userId: number };
    /** The owner's programme (programmeOf): `where` and `period` may read its joins. */
    programme: Programme;
    where: SQL | undefined;
    period: SQL<string>;
    afterCardId: number;
    limit: number;
  },
): Promise<Candidate[]> {
  const { business, programme: p, where, period, afterCardId, limit } = page;
  const rows = await db
    .select({
      cardId: cards.id,
      name: customers.name,
      stampsLeft: sql<number | null>`greatest(${stampsRequired(p.fallback)} - ${cards.stamps}, 0)`,
      period,
    })
    .from(cards)
    .innerJoin(customers, eq(customers.id, cards.customerId))
    .leftJoin(ownReward, ownRewardOn)
    .leftJoin(p.fallback, fallbackOn(p.fallback))
    .leftJoin(p.extras, extrasOn(p))
    .where(
      and(
        eq(cards.businessId, business.id),
        eq(cards.userId, business.userId),
        gt(cards.id, afterCardId),
        where,
        outsideControlGroup(),
      ),
    )
    .orderBy(asc(cards.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, stampsLeft: r.stampsLeft === null ? null : Number(r.stampsLeft) }));
}

/**
 * Claims the automation's send to the card for `period` (its unique row, which only one
 * transaction can insert) and, unless the automation gives only a voucher, writes its message
 * to that card. False when the period was claimed already.
 */
export async function claimAndWrite(
  tx: Db,
  a: AutomationRow,
  c: Candidate,
  onSent: OnSent | undefined,
): Promise<boolean> {
  const [claimed] = await tx
    .insert(automationSends)
    .values({ automationId: a.id, cardId: c.cardId, period: c.period })
    .onConflictDoNothing()
    .returning({ id: automationSends.id });
  if (!claimed) return false;
  if (!a.sendMessage && a.offer) return true;
  const values = { name: c.name, business: a.businessName, stampsLeft: c.stampsLeft };
  const [message] = await tx
    .insert(businessMessages)
    .values({
      userId: a.userId,
      businessId: a.businessId,
      title: fillPlaceholders(a.title, values).slice(0, 120),
      message: fillPlaceholders(a.message, values).slice(0, 480),
      segment: `automation:${a.kind}`,
      marketing: !NOTICE_AUTOMATIONS.includes(a.kind),
    })
    .returning({ id: businessMessages.id, title: businessMessages.title, message: businessMessages.message });
  await tx.insert(messageRecipients).values({ messageId: message!.id, cardId: c.cardId });
  await onSent?.(tx, {
    ownerId: a.userId,
    businessId: a.businessId,
    messageId: message!.id,
    title: message!.title,
    message: message!.message,
  });
  await tx.update(automationSends).set({ messageId: message!.id }).where(eq(automationSends.id, claimed.id));
  return true;
}
