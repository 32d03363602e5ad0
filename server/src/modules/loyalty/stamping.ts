import { and, eq, sql } from "drizzle-orm";
import type { ScanResult } from "../../../../lib/contract/wallet";
import type { Db } from "../../db/client";
import { businesses, cardKeys, cards, customers, scans } from "../../db/schema";
import { isUniqueViolation } from "../../http/db-errors";
import { invalid, notFound } from "../../http/errors";
import { sha256 } from "../../services/crypto";
import { resolveReward, type CardRow, type ResolvedQr, type RewardRow } from "./cards";
import { newCardSecret, newSerial } from "./codes";

export const CARD_EXISTS =
  'This email already has a card here. Use "I already have a card" to open it with an email code.';
export const UNKNOWN_CARD = "This card is not one of your business's cards.";

/**
 * Every write to a card's stamps goes through here, inside one transaction that first locks the
 * card's row (`select … for update`): concurrent scans of one card queue on that lock, and each
 * decides (cooldown, stamp or redeem) on the row as the previous one left it. Nothing is lost or
 * doubled, on PostgreSQL and on PGlite (which runs transactions one at a time anyway).
 */
async function lockCard(tx: Db, where: ReturnType<typeof and>) {
  // The database's clock, read in the same statement: cooldowns never depend on this host's clock.
  const [row] = await tx
    .select({ card: cards, now: sql<number>`(extract(epoch from now()) * 1000)::float8` })
    .from(cards)
    .where(where)
    .for("update")
    .limit(1);
  return row && { ...row.card, now: new Date(Number(row.now)) };
}

/** wallet-join: customer (per owner), card with its first stamp, the device's key, the join scan. */
export async function joinCard(db: Db, resolved: ResolvedQr, input: { name: string; email: string }) {
  const { qr, reward } = resolved;
  const secret = newCardSecret();
  try {
    const card = await db.transaction(async (tx) => {
      await tx
        .insert(customers)
        .values({ userId: qr.userId, name: input.name, email: input.email })
        .onConflictDoNothing();
      const [customer] = await tx
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(and(eq(customers.userId, qr.userId), sql`lower(${customers.email}) = lower(${input.email})`))
        .limit(1);
      const [card] = await tx
        .insert(cards)
        .values({
          userId: qr.userId,
          businessId: qr.businessId,
          customerId: customer!.id,
          rewardId: reward?.id ?? null,
          serial: newSerial(),
          stamps: 1,
          lifetimeStamps: 1,
          lastSelfStampAt: sql`now()`,
        })
        .returning();
      await tx.insert(cardKeys).values({ cardId: card!.id, secretHash: sha256(secret) });
      await tx.insert(scans).values(scanValues(card!, "join", { qrCodeId: qr.id, addressId: qr.addressId }));
      return { card: card!, customerName: customer!.name };
    });
    return { ...card, secret };
  } catch (error) {
    // The (customer, business) index: this email has a card here already (or a double submit).
    if (isUniqueViolation(error)) throw invalid("email", CARD_EXISTS);
    throw error;
  }
}

function scanValues(
  card: CardRow,
  kind: "join" | "stamp" | "redeem",
  where: { qrCodeId?: number | null; addressId?: number | null; staffUserId?: number | null; rewardId?: number | null },
) {
  return {
    userId: card.userId,
    businessId: card.businessId,
    cardId: card.id,
    kind,
    stampsAfter: card.stamps,
    qrCodeId: where.qrCodeId ?? null,
    addressId: where.addressId ?? null,
    staffUserId: where.staffUserId ?? null,
    rewardId: where.rewardId ?? card.rewardId,
  };
}

/**
 * A customer scanned the business QR with their card on the device: one stamp, unless the
 * reward's cooldown since their last own stamp has not passed (then `wait` and when).
 */
export async function selfStamp(db: Db, cardId: number, resolved: ResolvedQr) {
  const { qr, reward } = resolved;
  return db.transaction(async (tx) => {
    const card = (await lockCard(tx, eq(cards.id, cardId)))!;
    const cooldown = (reward?.cooldownMinutes ?? 0) * 60_000;
    if (card.lastSelfStampAt && card.lastSelfStampAt.getTime() + cooldown > card.now.getTime()) {
      return { action: "wait" as const, card, reward };
    }
    const [updated] = await tx
      .update(cards)
      .set({
        stamps: sql`${cards.stamps} + 1`,
        lifetimeStamps: sql`${cards.lifetimeStamps} + 1`,
        lastSelfStampAt: sql`now()`,
        rewardId: card.rewardId ?? reward?.id ?? null,
        updatedAt: sql`now()`,
      })
      .where(eq(cards.id, card.id))
      .returning();
    await tx.insert(scans).values(scanValues(updated!, "stamp", { qrCodeId: qr.id, addressId: qr.addressId }));
    return { action: "stamp" as const, card: updated!, reward };
  });
}

/**
 * Staff (or the owner) scanned a card: a stamp, or, once the reward is reached, the reward
 * redeemed (stamps minus stamps_required). Only cards of the acting owner's businesses.
 */
export async function staffScan(db: Db, ownerId: number, staffUserId: number, serial: string) {
  return db.transaction(async (tx) => {
    const card = await lockCard(tx, and(eq(cards.serial, serial), eq(cards.userId, ownerId)));
    if (!card) throw notFound(UNKNOWN_CARD);
    const reward: RewardRow | null = await resolveReward(tx, card.businessId, card.rewardId);
    const redeem = !!reward && card.stamps >= reward.stampsRequired;
    const [updated] = await tx
      .update(cards)
      .set(
        redeem
          ? {
              stamps: sql`${cards.stamps} - ${reward!.stampsRequired}`,
              rewardsRedeemed: sql`${cards.rewardsRedeemed} + 1`,
              rewardId: reward!.id,
              updatedAt: sql`now()`,
            }
          : {
              stamps: sql`${cards.stamps} + 1`,
              lifetimeStamps: sql`${cards.lifetimeStamps} + 1`,
              rewardId: card.rewardId ?? reward?.id ?? null,
              updatedAt: sql`now()`,
            },
      )
      .where(eq(cards.id, card.id))
      .returning();
    await tx
      .insert(scans)
      .values(scanValues(updated!, redeem ? "redeem" : "stamp", { staffUserId, rewardId: reward?.id ?? null }));
    return { action: redeem ? ("redeem" as const) : ("stamp" as const), card: updated!, reward };
  });
}

/** The scanner's answer, kept by the dashboard as `qrData`. */
export async function scanResult(
  db: Db,
  outcome: { action: ScanResult["action"]; card: CardRow; reward: RewardRow | null },
  nextAt: Date | null,
): Promise<ScanResult> {
  const [names] = await db
    .select({ customer: customers.name, business: businesses.businessName })
    .from(customers)
    .innerJoin(businesses, eq(businesses.id, outcome.card.businessId))
    .where(eq(customers.id, outcome.card.customerId))
    .limit(1);
  const { card, reward } = outcome;
  return {
    action: outcome.action,
    customer_name: names?.customer ?? "",
    business_name: names?.business ?? "",
    serial: card.serial,
    stamps: card.stamps,
    stamps_required: reward?.stampsRequired ?? null,
    reward_title: reward?.title ?? null,
    reward_ready: !!reward && card.stamps >= reward.stampsRequired,
    next_stamp_at: nextAt?.toISOString() ?? null,
    scanned_at: new Date().toISOString(),
  };
}
