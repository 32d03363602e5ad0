import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businesses, cards, customers } from "../../db/schema";
import { isUniqueViolation } from "../../db/errors";
import { notFound } from "../../http/errors";
import type { Events } from "../../services/events";
import { enrolCard as enrolInEngine } from "../loyalty/engine/enrol";
import { verbatim } from "../../i18n/sentence";

export const UNKNOWN_BUSINESS = "Business not found.";

type Input = { businessId: number; name: string; email: string; phone?: string };

/** The customer's card at the business, by email (one customer per email and owner). */
async function existingCard(db: Db, ownerId: number, input: Input) {
  const [row] = await db
    .select({ id: cards.id })
    .from(cards)
    .innerJoin(customers, eq(customers.id, cards.customerId))
    .where(
      and(
        eq(cards.userId, ownerId),
        eq(cards.businessId, input.businessId),
        sql`lower(${customers.email}) = lower(${input.email})`,
      ),
    )
    .limit(1);
  return row;
}

/**
 * POST /v1/cards: the customer (per owner, by email) and their card at the business. An email that
 * has a card there answers it (`created: false`), also when two enrolments race (the unique index
 * on customer and business lets one insert). An enrolment is no visit: the card starts at 0, and
 * its history's join names the key.
 */
export async function enrolCard(db: Db, events: Events, ownerId: number, apiKeyId: number, input: Input) {
  const [business] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.id, input.businessId), eq(businesses.userId, ownerId)))
    .limit(1);
  if (!business) throw notFound(verbatim(UNKNOWN_BUSINESS));
  const existing = await existingCard(db, ownerId, input);
  if (existing) return { cardId: existing.id, created: false };
  try {
    const cardId = await db.transaction(async (tx) => {
      await tx
        .insert(customers)
        .values({ userId: ownerId, name: input.name, email: input.email, phone: input.phone ?? null })
        .onConflictDoNothing();
      const [customer] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.userId, ownerId), sql`lower(${customers.email}) = lower(${input.email})`))
        .limit(1);
      const card = await enrolInEngine(tx, events, {
        ownerId,
        businessId: business.id,
        customerId: customer!.id,
        actor: { kind: "api_key", userId: null, apiKeyId, connectionId: null },
      });
      return card?.id ?? null;
    });
    if (cardId === null) {
      const raced = await existingCard(db, ownerId, input);
      if (raced) return { cardId: raced.id, created: false };
      throw new Error("enrolCard: the card that won the race is not there");
    }
    return { cardId, created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await existingCard(db, ownerId, input);
    if (!raced) throw error;
    return { cardId: raced.id, created: false };
  }
}
