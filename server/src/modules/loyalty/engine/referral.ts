import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { Events } from "../../../services/events";
import { referralBonusOf, referralFriendBonusOf } from "./programme-terms";
import type { CardKey } from "./lock";
import type { CardRow, Change, Decision, RewardRow } from "./types";

/**
 * The referral bonus: decided once per friend's card, in the
 * transaction of the friend's change that meets the reward's `referral_trigger`, by whichever
 * path made it (apply.ts and join.ts call this; no path decides a bonus of its own).
 */

/** How many bonuses a referrer is paid in a rolling window; more are held for the owner. */
export const REFERRAL_LIMIT = { bonuses: 3, hours: 24 };

/** A card referred by a friend whose referral is not decided yet: its next change may decide it. */
export const referralPending = (card: Pick<CardRow, "referredByCardId" | "referralSettledAt">) =>
  card.referredByCardId !== null && card.referralSettledAt === null;

/**
 * Whether a change the rules decided is the friend's event the reward waits for: `first_visit`,
 * any earn (a staff scan, a self-scan, an order); `first_purchase`, an order (the till, /v1) or a
 * staff earn that carries an amount. A `join` reward decides at the join (join.ts), never here.
 */
export function meetsReferralTrigger(
  reward: Pick<RewardRow, "referralTrigger"> | null,
  change: Change,
  decision: Decision,
) {
  if (!reward || decision.action !== "stamp" || !decision.visit) return false;
  if (reward.referralTrigger === "first_visit") {
    return change.kind === "staff-scan" || change.kind === "self-scan" || change.kind === "earn";
  }
  if (reward.referralTrigger === "first_purchase") {
    return change.kind === "earn" || (change.kind === "staff-scan" && !!change.amount);
  }
  return false;
}

/** A contact of an owner's customer as former_contacts keeps it: a hash, never the email or digits. */
export const contactHashSql = (ownerId: SqlValue, kind: "email" | "phone", value: SqlValue) =>
  sql`encode(sha256(convert_to('contact:' || ${ownerId}::text || ':' || ${kind}::text || ':' || ${value}::text, 'UTF8')), 'hex')`;
type SqlValue = Parameters<typeof sql>[1];

/** A phone's digits, as till orders and lookups compare them. */
const digitsSql = (phone: SqlValue) => sql`regexp_replace(coalesce(${phone}, ''), '[^0-9]', '', 'g')`;

/** Pays a bonus through the engine (apply.ts applyChange, passed in: the engine's one write). */
export type PayBonus = (
  key: CardKey,
  change: Extract<Change, { kind: "referral" }>,
) => Promise<{ after: CardRow } | undefined>;

/**
 * Decides the referral of a friend's card, which the caller's transaction holds locked: nothing
 * when no bonus is due (both bonuses 0, the join alert flagged the friend, the friend joined on
 * the referrer's device, or the owner knew the friend already: the same email or phone digits at
 * any of the owner's businesses, deleted customers included); else a `referral_bonuses` row, paid
 * at once through the engine, or held for the owner when the referrer was paid
 * REFERRAL_LIMIT.bonuses in the window or another friend of theirs joined on the same device in
 * it (a held bonus flags the referrer's card with a fraud alert listing what is held). The
 * referrer's card is locked before its count is read: concurrent friends of one referrer are
 * decided one after the other. A referral always names an older card, so locks never cross.
 * Answers the friend's card after its bonus, when one was paid.
 */
export async function settleReferral(
  tx: Db,
  events: Events,
  friend: { card: CardRow; reward: RewardRow | null },
  pay: PayBonus,
): Promise<CardRow | null> {
  const { card, reward } = friend;
  const referrerId = card.referredByCardId;
  if (referrerId === null) return null;
  // The referrer's row, locked first: its friends' bonuses are counted and decided one at a time.
  // Before the friend's row is updated again: a second update of a row this transaction already
  // changed checks its foreign keys, which takes a share lock on the referrer's row, and two
  // friends each holding that share lock while asking for this lock would wait for each other.
  const referrer = (await tx.execute(
    sql`select id from cards where id = ${referrerId} and business_id = ${card.businessId} for update`,
  )) as unknown as { rows: { id: number }[] };
  await tx.execute(sql`update cards set referral_settled_at = now() where id = ${card.id}`);
  if (!reward) return null;
  const referrerBonus = referralBonusOf(reward);
  const friendBonus = referralFriendBonusOf(reward);
  if (referrerBonus <= 0 && friendBonus <= 0) return null;

  const checks = (await tx.execute(sql`
    with me as (
      select c.id, c.user_id, c.created_at, u.id as customer_id, u.created_at as customer_created_at,
        lower(u.email) as email, ${digitsSql(sql`u.phone`)} as digits
      from cards c join customers u on u.id = c.customer_id where c.id = ${card.id}
    )
    select
      exists (
        select 1 from card_events j join card_events f
          on f.card_id = j.card_id and f.kind = 'flag' and f.created_at = j.created_at
        where j.card_id = me.id and j.kind = 'join'
      ) as flagged,
      exists (
        select 1 from card_events j join card_events r
          on r.card_id = ${referrerId} and r.kind = 'join' and r.device_hash = j.device_hash
        where j.card_id = me.id and j.kind = 'join'
      ) as same_device,
      (
        me.customer_created_at < me.created_at
        or (length(me.digits) >= 6 and exists (
          select 1 from customers o
          where o.user_id = me.user_id and o.id <> me.customer_id and o.created_at < me.created_at
            and o.search like '%' || me.digits || '%' and ${digitsSql(sql`o.phone`)} = me.digits
        ))
        or exists (
          select 1 from former_contacts k
          where k.user_id = me.user_id and k.contact_hash in (
            ${contactHashSql(sql`me.user_id`, "email", sql`me.email`)},
            case when length(me.digits) >= 6 then ${contactHashSql(sql`me.user_id`, "phone", sql`me.digits`)} end
          )
        )
      ) as known
    from me`)) as unknown as { rows: { flagged: boolean; same_device: boolean; known: boolean }[] };
  const check = checks.rows[0];
  if (!check || check.flagged || check.same_device || check.known) return null;

  if (referrer.rows.length === 0) return null;
  const window = sql`make_interval(hours => ${REFERRAL_LIMIT.hours})`;
  const held = (await tx.execute(sql`
    select
      (select count(*)::int from referral_bonuses b
        where b.referrer_card_id = ${referrerId} and b.status = 'paid' and b.created_at > now() - ${window}) as paid,
      exists (
        select 1 from card_events j
        join cards o on o.referred_by_card_id = ${referrerId} and o.id <> j.card_id
        join card_events oj on oj.card_id = o.id and oj.kind = 'join' and oj.device_hash = j.device_hash
        where j.card_id = ${card.id} and j.kind = 'join' and j.device_hash is not null
          and oj.id < j.id and oj.created_at > j.created_at - ${window}
      ) as shared_device`)) as unknown as { rows: { paid: number; shared_device: boolean }[] };
  const { paid, shared_device: sharedDevice } = held.rows[0]!;
  const heldReason = Number(paid) >= REFERRAL_LIMIT.bonuses ? "daily_limit" : sharedDevice ? "shared_device" : null;
  await tx.execute(sql`
    insert into referral_bonuses (user_id, business_id, friend_card_id, referrer_card_id, status, held_reason, referrer_bonus, friend_bonus, unit)
    values (${card.userId}, ${card.businessId}, ${card.id}, ${referrerId}, ${heldReason ? "held" : "paid"}, ${heldReason},
      ${Math.max(0, referrerBonus)}, ${Math.max(0, friendBonus)}, ${reward.kind})`);
  if (heldReason) {
    const referrerCard = { id: referrerId, userId: card.userId, businessId: card.businessId, unit: reward.kind };
    await flagHeld(tx, events, referrerCard, heldReason);
    return null;
  }
  return payReferral(
    tx,
    { friendCardId: card.id, referrerCardId: referrerId, businessId: card.businessId },
    { referrerBonus, friendBonus },
    pay,
  );
}

/** Pays both sides of a referral through the engine and marks the friend's card rewarded. */
export async function payReferral(
  tx: Db,
  cards: { friendCardId: number; referrerCardId: number; businessId: number },
  bonuses: { referrerBonus: number; friendBonus: number },
  pay: PayBonus,
): Promise<CardRow | null> {
  await tx.execute(sql`update cards set referral_rewarded_at = now() where id = ${cards.friendCardId}`);
  const friend =
    bonuses.friendBonus > 0
      ? await pay(
          { id: cards.friendCardId, businessId: cards.businessId },
          { kind: "referral", bonus: bonuses.friendBonus },
        )
      : undefined;
  if (bonuses.referrerBonus > 0) {
    await pay(
      { id: cards.referrerCardId, businessId: cards.businessId },
      { kind: "referral", bonus: bonuses.referrerBonus },
    );
  }
  return friend?.after ?? null;
}

/**
 * The fraud alert of held bonuses: the referrer's card is flagged with the list of its friends'
 * bonuses waiting for the owner (names and cards), in its history and the owner's feed.
 */
async function flagHeld(
  tx: Db,
  events: Events,
  referrer: { id: number; userId: number; businessId: number; unit: RewardRow["kind"] },
  why: "daily_limit" | "shared_device",
) {
  const because =
    why === "daily_limit"
      ? `More than ${REFERRAL_LIMIT.bonuses} in ${REFERRAL_LIMIT.hours} hours`
      : `A friend joined on a device another friend used in ${REFERRAL_LIMIT.hours} hours`;
  const result = (await tx.execute(sql`
    with listed as (
      select string_agg(u.name || ' (' || f.serial || ')', ', ' order by b.id) as friends
      from referral_bonuses b join cards f on f.id = b.friend_card_id join customers u on u.id = f.customer_id
      where b.referrer_card_id = ${referrer.id} and b.status = 'held'
    ),
    updated as (
      update cards set flagged_at = now(),
        flag_reason = 'Referral bonuses held for your review: ' || (select friends from listed) || '. ' || ${because}::text || '.'
      where id = ${referrer.id}
      returning id, user_id, business_id, stamps, flag_reason
    ),
    history as (
      insert into card_events (user_id, business_id, card_id, kind, delta, stamps_after, unit, reason, actor)
      select u.user_id, u.business_id, u.id, 'flag', 0, u.stamps, ${referrer.unit}, u.flag_reason, 'system' from updated u
    )
    select flag_reason from updated`)) as unknown as { rows: { flag_reason: string }[] };
  const reason = result.rows[0]?.flag_reason;
  if (!reason) return;
  await events.emit(tx, {
    type: "card.flagged",
    ownerId: referrer.userId,
    businessId: referrer.businessId,
    cardId: referrer.id,
    reason,
  });
}
