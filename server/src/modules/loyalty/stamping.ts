import { and, eq, sql } from "drizzle-orm";
import type { ScanResult } from "../../../../lib/contract/wallet";
import type { Db } from "../../db/client";
import { businesses, cardKeys, cards, customers, rewards, scans } from "../../db/schema";
import { isUniqueViolation } from "../../http/db-errors";
import { invalid, notFound } from "../../http/errors";
import { sha256 } from "../../services/crypto";
import { NO_PROGRAMME, resolveReward, rewardChoice, type CardRow, type ResolvedQr, type RewardRow } from "./cards";
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
 *
 * The rules are those of the reward the stamp counts toward, the card's own (rewardChoice, read
 * under the card's lock), never the scanned code's: a second code on a 0-minute reward must not
 * stamp a 60-minute card. With no active reward there is nothing to collect for: refused like a
 * join, so no stamps pile up to carry over into the next programme.
 */
export async function selfStamp(db: Db, cardId: number, resolved: ResolvedQr) {
  const { qr } = resolved;
  return db.transaction(async (tx) => {
    const card = (await lockCard(tx, eq(cards.id, cardId)))!;
    const reward = await resolveReward(tx, card.businessId, card.rewardId);
    if (!reward) throw invalid("code", NO_PROGRAMME);
    const cooldown = reward.cooldownMinutes * 60_000;
    if (card.lastSelfStampAt && card.lastSelfStampAt.getTime() + cooldown > card.now.getTime()) {
      return { action: "wait" as const, card, reward };
    }
    const [updated] = await tx
      .update(cards)
      .set({
        stamps: sql`${cards.stamps} + 1`,
        lifetimeStamps: sql`${cards.lifetimeStamps} + 1`,
        lastSelfStampAt: sql`now()`,
        rewardId: card.rewardId ?? reward.id,
        updatedAt: sql`now()`,
      })
      .where(eq(cards.id, card.id))
      .returning();
    await tx
      .insert(scans)
      .values(scanValues(updated!, "stamp", { qrCodeId: qr.id, addressId: qr.addressId, rewardId: reward.id }));
    return { action: "stamp" as const, card: updated!, reward };
  });
}

/** What a staff scan did, with what the scanner's answer shows. */
export type StaffScanOutcome = {
  action: "stamp" | "redeem";
  card: Pick<CardRow, "id" | "userId" | "businessId" | "serial" | "stamps">;
  reward: Pick<RewardRow, "title" | "stampsRequired"> | null;
  names: { customer: string; business: string };
};

/**
 * Staff (or the owner) scanned a card: a stamp, or, once the reward is reached, the reward
 * redeemed (stamps minus stamps_required). Only cards of the acting owner's businesses.
 *
 * One statement, the counter's hot path (bench/loyalty.mts): it locks the card's row, picks the
 * reward by `rewardChoice` (as `resolveReward` does), decides on the locked row, updates the card, records the scan and
 * reads the names the answer shows. Concurrent scans of one card queue on the row lock as in
 * `lockCard`; each decides on the row as the previous one left it (`for update` reads the latest
 * version, and the update, holding the lock, writes on that same version).
 */
export async function staffScan(
  db: Db,
  ownerId: number,
  staffUserId: number,
  serial: string,
): Promise<StaffScanOutcome> {
  const reward = rewardChoice(sql`t.business_id`, sql`t.reward_id`);
  const result = (await db.execute(sql`
    with target as (
      select id, business_id, reward_id, stamps from ${cards}
      where serial = ${serial} and user_id = ${ownerId}
      for update
    ),
    decision as (
      select t.id as card_id, r.id as reward_id, r.title, r.stamps_required,
        coalesce(t.stamps >= r.stamps_required, false) as redeem
      from target t
      left join lateral (
        select ${rewards.id}, ${rewards.title}, ${rewards.stampsRequired} from ${rewards}
        where ${reward.where}
        order by ${sql.join(reward.orderBy, sql`, `)}
        limit 1
      ) r on true
    ),
    updated as (
      update ${cards} c set
        stamps = case when d.redeem then c.stamps - d.stamps_required else c.stamps + 1 end,
        lifetime_stamps = case when d.redeem then c.lifetime_stamps else c.lifetime_stamps + 1 end,
        rewards_redeemed = case when d.redeem then c.rewards_redeemed + 1 else c.rewards_redeemed end,
        reward_id = case when d.redeem then d.reward_id else coalesce(c.reward_id, d.reward_id) end,
        updated_at = now()
      from decision d
      where c.id = d.card_id
      returning c.id, c.user_id, c.business_id, c.customer_id, c.serial, c.stamps, c.reward_id
    ),
    scan as (
      insert into ${scans} (user_id, business_id, card_id, kind, stamps_after, staff_user_id, reward_id)
      select u.user_id, u.business_id, u.id, case when d.redeem then 'redeem' else 'stamp' end, u.stamps,
        ${staffUserId}, coalesce(d.reward_id, u.reward_id)
      from updated u cross join decision d
    )
    select u.id, u.user_id, u.business_id, u.serial, u.stamps, d.redeem, d.title, d.stamps_required,
      cu.name as customer_name, b.business_name
    from updated u
    cross join decision d
    join ${customers} cu on cu.id = u.customer_id
    join ${businesses} b on b.id = u.business_id`)) as unknown as { rows: StaffScanRow[] };
  const row = result.rows[0];
  if (!row) throw notFound(UNKNOWN_CARD);
  return {
    action: row.redeem ? "redeem" : "stamp",
    card: {
      id: Number(row.id),
      userId: Number(row.user_id),
      businessId: Number(row.business_id),
      serial: row.serial,
      stamps: Number(row.stamps),
    },
    reward: row.title === null ? null : { title: row.title, stampsRequired: Number(row.stamps_required) },
    names: { customer: row.customer_name, business: row.business_name },
  };
}

type StaffScanRow = {
  id: number;
  user_id: number;
  business_id: number;
  serial: string;
  stamps: number;
  redeem: boolean;
  title: string | null;
  stamps_required: number | null;
  customer_name: string;
  business_name: string;
};

/** The scanner's answer, kept by the dashboard as `qrData`. */
export function scanAnswer(
  outcome: {
    action: ScanResult["action"];
    card: Pick<CardRow, "serial" | "stamps">;
    reward: StaffScanOutcome["reward"];
  },
  names: StaffScanOutcome["names"],
  nextAt: Date | null,
): ScanResult {
  const { card, reward } = outcome;
  return {
    action: outcome.action,
    customer_name: names.customer,
    business_name: names.business,
    serial: card.serial,
    stamps: card.stamps,
    stamps_required: reward?.stampsRequired ?? null,
    reward_title: reward?.title ?? null,
    reward_ready: !!reward && card.stamps >= reward.stampsRequired,
    next_stamp_at: nextAt?.toISOString() ?? null,
    scanned_at: new Date().toISOString(),
  };
}

/** The answer to a customer's own scan: the names are read after the stamp. */
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
  return scanAnswer(outcome, { customer: names?.customer ?? "", business: names?.business ?? "" }, nextAt);
}
