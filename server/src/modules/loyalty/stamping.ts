import { and, eq, sql, type SQL } from "drizzle-orm";
import type { ScanResult } from "../../../../lib/contract/wallet";
import type { Db } from "../../db/client";
import { businesses, cardEvents, cardKeys, cards, customers, rewards, scans } from "../../db/schema";
import { isUniqueViolation } from "../../http/db-errors";
import { invalid, notFound } from "../../http/errors";
import { sha256 } from "../../services/crypto";
import {
  deviceHash,
  NO_PROGRAMME,
  nextStampAt,
  resolveReward,
  rewardChoice,
  selfStampsToday,
  type CardRow,
  type DayBounds,
  type ResolvedQr,
  type RewardRow,
} from "./cards";
import { notifyCounter } from "../../services/counter-feed";
import { businessToday, businessTomorrow } from "./day";
import { rewardReady, rewardReadySql } from "./reward-ready";
import { newCardSecret, newSerial } from "./codes";
import { readTooManyStampsReason, tooManyStampsReason } from "./fraud-reason";

export const CARD_EXISTS =
  'This email already has a card here. Use "I already have a card" to open it with an email code.';
export const UNKNOWN_CARD = "This card is not one of your business's cards.";

/**
 * Every write to a card's stamps goes through here, inside one transaction that first locks the
 * card's row (`select … for update`): concurrent scans of one card queue on that lock, and each
 * decides (cooldown, daily cap, stamp or redeem) on the row as the previous one left it. Nothing is
 * lost or doubled, on PostgreSQL and on PGlite (which runs transactions one at a time anyway).
 */
export async function lockCard(tx: Db, where: ReturnType<typeof and>) {
  // The database's clock, read in the same statement: cooldowns and days never depend on this host's clock.
  const [row] = await tx
    .select({
      card: cards,
      now: sql<number>`(extract(epoch from now()) * 1000)::float8`,
      today: sql<string>`${businessToday(cards.businessId)}::text`,
      tomorrow: sql<number>`(extract(epoch from ${businessTomorrow(cards.businessId)}) * 1000)::float8`,
    })
    .from(cards)
    .where(where)
    .for("update")
    .limit(1);
  if (!row) return undefined;
  const day: DayBounds = { now: new Date(Number(row.now)), today: row.today, tomorrow: new Date(Number(row.tomorrow)) };
  return { ...row.card, day };
}

/**
 * Joins from one device within this many minutes, beyond which a join is flagged. The device, not
 * the address: a café's Wi-Fi or a carrier's NAT puts many customers behind one address.
 */
export const JOIN_ALERT = { joins: 3, minutes: 10 };

/** Where a customer's scan came from: the QR code's counter window, the client and its device. */
export type ScanOrigin = { counterWindow: number | null; ip?: string; deviceHash?: string | null };

/**
 * Marks a card as flagged by a fraud alert, at most once per card per (business) day, with a
 * history entry. Returns the reason when it flagged now (the caller emits `card.flagged`).
 */
export async function flagCard(
  tx: Db,
  card: CardRow,
  reason: string,
  by: { qrCodeId?: number | null; actorUserId?: number | null },
) {
  const today = businessToday(cards.businessId);
  const [flagged] = await tx
    .update(cards)
    .set({ flaggedAt: sql`now()`, flagReason: reason, alertDay: sql`${today}` })
    .where(and(eq(cards.id, card.id), sql`${cards.alertDay} is distinct from ${today}`))
    .returning({ stamps: cards.stamps });
  if (!flagged) return null;
  await tx.insert(cardEvents).values({
    userId: card.userId,
    businessId: card.businessId,
    cardId: card.id,
    kind: "flag",
    stampsAfter: flagged.stamps,
    reason,
    qrCodeId: by.qrCodeId ?? null,
    actorUserId: by.actorUserId ?? null,
  });
  return reason;
}

/** The business's fraud threshold (more stamps than this on one card in one day raise an alert). */
export async function fraudThreshold(tx: Db, businessId: number) {
  const [row] = await tx
    .select({ threshold: businesses.fraudThreshold })
    .from(businesses)
    .where(eq(businesses.id, businessId))
    .limit(1);
  return row?.threshold ?? 5;
}

/**
 * wallet-join: customer (per owner), card with its first stamp (a self-scan of today), the
 * device's key, the join scan and its history entry. More than JOIN_ALERT.joins joins from this
 * device at the business in JOIN_ALERT.minutes flag the new card. A device that holds no card yet
 * is known from here on by the new card's key (it becomes its oldest), so its first join counts too.
 */
export async function joinCard(
  db: Db,
  resolved: ResolvedQr,
  input: { name: string; email: string; phone?: string; birthday?: string },
  origin: ScanOrigin = { counterWindow: null },
) {
  const { qr, reward } = resolved;
  const secret = newCardSecret();
  try {
    const card = await db.transaction(async (tx) => {
      await tx
        .insert(customers)
        .values({
          userId: qr.userId,
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
          birthday: input.birthday ?? null,
        })
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
          lastCounterWindow: origin.counterWindow,
          stampDay: sql`${businessToday(qr.businessId)}`,
          stampsToday: 1,
          selfStampsToday: 1,
        })
        .returning();
      await tx.insert(cardKeys).values({ cardId: card!.id, secretHash: sha256(secret) });
      await tx.insert(scans).values(scanValues(card!, "join", { qrCodeId: qr.id, addressId: qr.addressId }));
      const device = origin.deviceHash ?? deviceHash([secret])!;
      await tx.insert(cardEvents).values({
        ...eventValues(card!, "join", 1, { qrCodeId: qr.id }),
        clientIp: origin.ip ?? null,
        deviceHash: device,
      });
      await notifyCounter(tx, {
        qr_id: qr.id,
        action: "join",
        stamps: 1,
        stamps_required: reward?.stampsRequired ?? null,
      });
      const [recent] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(cardEvents)
        .where(
          and(
            eq(cardEvents.businessId, qr.businessId),
            eq(cardEvents.kind, "join"),
            sql`${cardEvents.createdAt} > now() - make_interval(mins => ${JOIN_ALERT.minutes})`,
            eq(cardEvents.deviceHash, device),
          ),
        );
      const joins = Number(recent?.n ?? 0);
      let flagged: string | null = null;
      if (joins > JOIN_ALERT.joins) {
        const reason = `${joins} cards joined from one device in ${JOIN_ALERT.minutes} minutes.`;
        flagged = await flagCard(tx, card!, reason, { qrCodeId: qr.id });
      }
      return { card: card!, customerName: customer!.name, flagged };
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

/** A card_events row (the card's history) for a change of its stamps. */
export function eventValues(
  card: Pick<CardRow, "id" | "userId" | "businessId" | "stamps">,
  kind: "join" | "stamp" | "redeem" | "adjust",
  delta: number,
  by: { qrCodeId?: number | null; actorUserId?: number | null; reason?: string | null },
) {
  return {
    userId: card.userId,
    businessId: card.businessId,
    cardId: card.id,
    kind,
    delta,
    stampsAfter: card.stamps,
    reason: by.reason ?? null,
    qrCodeId: by.qrCodeId ?? null,
    actorUserId: by.actorUserId ?? null,
  };
}

/**
 * A customer scanned the business QR with their card on the device: one stamp, unless a rule of
 * the reward says not now (then `wait` and when): the cooldown since their last own stamp, the
 * daily cap of self-scans, or (rotating codes) a counter code this card already used.
 *
 * The rules are those of the reward the stamp counts toward, the card's own (rewardChoice, read
 * under the card's lock), never the scanned code's: a second code on a 0-minute reward must not
 * stamp a 60-minute card. With no active reward there is nothing to collect for: refused like a
 * join, so no stamps pile up to carry over into the next programme.
 */
export async function selfStamp(
  db: Db,
  cardId: number,
  resolved: ResolvedQr,
  origin: ScanOrigin = { counterWindow: null },
) {
  const { qr } = resolved;
  return db.transaction(async (tx) => {
    const card = (await lockCard(tx, eq(cards.id, cardId)))!;
    const { day } = card;
    const reward = await resolveReward(tx, card.businessId, card.rewardId);
    if (!reward) throw invalid("code", NO_PROGRAMME);
    const wait = { action: "wait" as const, card, reward, nextAt: nextStampAt(card, reward, day), flagged: null };
    // A counter code stamps a card once: the same code again (or an older one) waits.
    const usedCode =
      origin.counterWindow !== null &&
      card.lastCounterWindow !== null &&
      origin.counterWindow <= card.lastCounterWindow;
    if (usedCode || wait.nextAt) return wait;

    const sameDay = card.stampDay === day.today;
    const [updated] = await tx
      .update(cards)
      .set({
        stamps: sql`${cards.stamps} + 1`,
        lifetimeStamps: sql`${cards.lifetimeStamps} + 1`,
        lastSelfStampAt: sql`now()`,
        lastCounterWindow: origin.counterWindow ?? card.lastCounterWindow,
        stampDay: day.today,
        stampsToday: (sameDay ? card.stampsToday : 0) + 1,
        selfStampsToday: selfStampsToday(card, day.today) + 1,
        rewardId: card.rewardId ?? reward.id,
        lastVisitAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(cards.id, card.id))
      .returning();
    await tx
      .insert(scans)
      .values(scanValues(updated!, "stamp", { qrCodeId: qr.id, addressId: qr.addressId, rewardId: reward.id }));
    await tx.insert(cardEvents).values(eventValues(updated!, "stamp", 1, { qrCodeId: qr.id }));
    const stamps = { stamps: updated!.stamps, stamps_required: reward.stampsRequired };
    await notifyCounter(tx, { qr_id: qr.id, action: "stamp", ...stamps });
    const threshold = await fraudThreshold(tx, card.businessId);
    const flagged =
      updated!.stampsToday > threshold
        ? await flagCard(
            tx,
            updated!,
            await readTooManyStampsReason(tx, threshold, {
              id: card.id,
              businessId: card.businessId,
              today: day.today,
            }),
            { qrCodeId: qr.id },
          )
        : null;
    return { action: "stamp" as const, card: updated!, reward, nextAt: nextStampAt(updated!, reward, day), flagged };
  });
}

/** What a staff scan did, with what the scanner's answer shows. */
export type StaffScanOutcome = {
  action: "stamp" | "redeem";
  card: Pick<CardRow, "id" | "userId" | "businessId" | "serial" | "stamps">;
  reward: Pick<RewardRow, "title" | "stampsRequired"> | null;
  names: { customer: string; business: string };
  /** The fraud alert's reason when this stamp flagged the card (once per card per day). */
  flagged: string | null;
};

/**
 * Staff (or the owner) scanned a card: a stamp, or, once the reward is reached, the reward
 * redeemed (stamps minus stamps_required). Only cards of the acting owner's businesses. With no
 * active reward at the card's business, nothing is written and the scan is refused with the
 * message a self-scan and a join give (NO_PROGRAMME): stamps collected for no programme would
 * carry over into the next one, whatever its rules.
 *
 * One statement, the counter's hot path (bench/loyalty.mts): it locks the card's row, picks the
 * reward by `rewardChoice` (as `resolveReward` does), decides on the locked row, updates the card, records the scan and
 * reads the names the answer shows. Concurrent scans of one card queue on the row lock as in
 * `lockCard`; each decides on the row as the previous one left it (`for update` reads the latest
 * version, and the update, holding the lock, writes on that same version).
 *
 * The fraud threshold costs no count: the card's own daily counter (stamps_today, reset by the
 * first stamp of a new business day) is compared with the business's threshold, and the card is
 * flagged in the same update when it passes it for the first time that day (alert_day).
 */
export async function staffScan(
  db: Db,
  ownerId: number,
  staffUserId: number,
  serial: string,
  /**
   * More of the statement's work, as a data-modifying CTE on `updated` and `decision` (the
   * scanner's outbox: the jobs the scan causes, written by the same statement).
   */
  also?: (ctes: { updated: SQL; decision: SQL }) => SQL | null,
): Promise<StaffScanOutcome> {
  const reward = rewardChoice(sql`t.business_id`, sql`t.reward_id`);
  const extra = also?.({ updated: sql.raw("updated"), decision: sql.raw("decision") });
  const result = (await db.execute(sql`
    with target as (
      select id, business_id, reward_id, stamps, stamp_day, stamps_today, alert_day,
        ${businessToday(sql`business_id`)} as today
      from ${cards}
      where serial = ${serial} and user_id = ${ownerId}
      for update
    ),
    decision as (
      select t.id as card_id, t.today, r.id as reward_id, r.title, r.stamps_required, s.redeem, s.stamps_today,
        b.fraud_threshold,
        (not s.redeem and s.stamps_today > b.fraud_threshold and t.alert_day is distinct from t.today) as flag
      from target t
      join ${businesses} b on b.id = t.business_id
      left join lateral (
        select ${rewards.id}, ${rewards.title}, ${rewards.stampsRequired} from ${rewards}
        where ${reward.where}
        order by ${sql.join(reward.orderBy, sql`, `)}
        limit 1
      ) r on true
      cross join lateral (
        select coalesce(${rewardReadySql(sql`t.stamps`, sql`r.stamps_required`)}, false) as redeem
      ) x
      cross join lateral (
        select x.redeem,
          case when t.stamp_day = t.today then t.stamps_today else 0 end
            + case when x.redeem then 0 else 1 end as stamps_today
      ) s
    ),
    updated as (
      update ${cards} c set
        stamps = case when d.redeem then c.stamps - d.stamps_required else c.stamps + 1 end,
        lifetime_stamps = case when d.redeem then c.lifetime_stamps else c.lifetime_stamps + 1 end,
        rewards_redeemed = case when d.redeem then c.rewards_redeemed + 1 else c.rewards_redeemed end,
        reward_id = case when d.redeem then d.reward_id else coalesce(c.reward_id, d.reward_id) end,
        self_stamps_today = case when c.stamp_day = d.today then c.self_stamps_today else 0 end,
        stamp_day = d.today,
        stamps_today = d.stamps_today,
        alert_day = case when d.flag then d.today else c.alert_day end,
        flagged_at = case when d.flag then now() else c.flagged_at end,
        flag_reason = case when d.flag
          then ${tooManyStampsReason(sql`d.fraud_threshold`, { id: sql`c.id`, businessId: sql`c.business_id`, today: sql`d.today` })}
          else c.flag_reason end,
        last_visit_at = now(),
        updated_at = now()
      from decision d
      where c.id = d.card_id and d.reward_id is not null
      returning c.id, c.user_id, c.business_id, c.customer_id, c.serial, c.stamps, c.reward_id, c.flag_reason
    ),
    scan as (
      insert into ${scans} (user_id, business_id, card_id, kind, stamps_after, staff_user_id, reward_id)
      select u.user_id, u.business_id, u.id, case when d.redeem then 'redeem' else 'stamp' end, u.stamps,
        ${staffUserId}, coalesce(d.reward_id, u.reward_id)
      from updated u cross join decision d
    ),
    history as (
      insert into ${cardEvents} (user_id, business_id, card_id, kind, delta, stamps_after, actor_user_id, reason)
      select u.user_id, u.business_id, u.id, e.kind, e.delta, u.stamps, ${staffUserId}, e.reason
      from updated u cross join decision d
      cross join lateral (
        select case when d.redeem then 'redeem' else 'stamp' end as kind,
          case when d.redeem then -d.stamps_required else 1 end as delta, null::text as reason
        union all
        select 'flag', 0, u.flag_reason where d.flag
      ) e
    )${extra ? sql`, also as (${extra})` : sql``}
    select u.id, u.user_id, u.business_id, u.serial, u.stamps, d.redeem, d.title, d.stamps_required,
      case when d.flag then u.flag_reason end as flagged, cu.name as customer_name, b.business_name
    from decision d
    left join updated u on u.id = d.card_id
    left join ${customers} cu on cu.id = u.customer_id
    left join ${businesses} b on b.id = u.business_id`)) as unknown as { rows: StaffScanRow[] };
  const row = result.rows[0];
  if (!row) throw notFound(UNKNOWN_CARD);
  // The card is ours but its business runs no reward: nothing written (see above).
  if (row.id === null) throw invalid("code", NO_PROGRAMME);
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
    flagged: row.flagged,
  };
}

type StaffScanRow = {
  /** Null when the card was found but not stamped: no active reward. */
  id: number | null;
  user_id: number;
  business_id: number;
  serial: string;
  stamps: number;
  redeem: boolean;
  title: string | null;
  stamps_required: number | null;
  flagged: string | null;
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
    reward_ready: rewardReady(card.stamps, reward?.stampsRequired),
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
