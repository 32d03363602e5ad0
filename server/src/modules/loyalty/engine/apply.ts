import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { executeNamed } from "../../../db/named-statement";
import { Refusal } from "../../../domain/refusal";
import { notifyCounterSql } from "../../../services/counter-feed";
import type { DomainEvent, Events } from "../../../services/events";
import { tooManyStampsReason } from "./fraud-reason";
import { reasonText, type ReasonPart } from "./history-reason";
import { actorOf } from "./actor";
import { restartsExpiry } from "./earn";
import { levelRank } from "./levels";
import { lockCard, readCard, type CardKey, type LockedCard } from "./lock";
import { meetsReferralTrigger, referralPending, settleReferral } from "./referral";
import { decide, NO_PROGRAMME, type CardRow, type Change, type Decision } from "./rules";
import { stampsRequiredOf } from "../../../../../contract/kinds";

export type Applied = LockedCard & {
  decision: Decision;
  /** The card after the change (as locked when it waits). */
  after: CardRow;
  /** The fraud alert's reason when this change flagged the card (once per card per day). */
  flagged: string | null;
};

/**
 * Every change to a card goes through here, in the caller's transaction: lock the card and read
 * what its rules need (lock.ts), decide (rules.ts), then write it all in one statement: the card,
 * the scan, the history, the flag, the counter screen's notification and the domain events'
 * jobs. A refused change (a 422: no programme, or what the rules said) writes nothing; a wait
 * (not now, or nothing to do) writes nothing either. Undefined when no card matches `key`.
 *
 * A referred friend's change that meets the reward's referral trigger decides the referral here,
 * in the same transaction (referral.ts): every path that earns (a scan, a self-scan, an order)
 * comes through this, so none can forget the bonus, and the card's lock makes it once. The
 * answer's card is the friend's after its bonus.
 */
export async function applyChange(tx: Db, events: Events, key: CardKey, change: Change): Promise<Applied | undefined> {
  const locked = await lockCard(tx, key);
  if (!locked) return undefined;
  const applied = (await decideAndWrite(tx, events, locked, change, null))!;
  if (!referralPending(locked.card) || !meetsReferralTrigger(locked.reward, change, applied.decision)) return applied;
  const after = await settleReferral(tx, events, locked, (k, c) => applyChange(tx, events, k, c));
  return after ? { ...applied, after } : applied;
}

/** Tries of `applyChangeAtOnce` before it leaves a much-changed card to the lock's queue. */
const AT_ONCE_TRIES = 3;

/**
 * The same change without a transaction, for the counter's hot path (staffScan): read the card
 * without a lock, decide, and write only if the row is still the version read (`xmin`: any
 * change of the row makes a new one). When another change got there first, the write changes
 * nothing and it reads and decides again, so each change still decides on the row as the
 * previous one left it. Its write is the same one statement (atomic alone), so this makes two
 * round trips where the transaction makes four (BEGIN, the lock, the write, COMMIT).
 *
 * Answers "transaction" when the change may have to commit with more writes (a referred friend
 * whose referral is still to decide: its bonuses commit with the change) or the card kept changing
 * under it: the caller then runs `applyChange` in a transaction.
 */
export async function applyChangeAtOnce(
  db: Db,
  events: Events,
  key: CardKey,
  change: Change,
): Promise<Applied | undefined | "transaction"> {
  for (let tries = 0; tries < AT_ONCE_TRIES; tries++) {
    const read = await readCard(db, key);
    if (!read) return undefined;
    if (referralPending(read.card)) return "transaction";
    const applied = await decideAndWrite(db, events, read, change, read.version);
    if (applied) return applied;
  }
  return "transaction";
}

/**
 * Decides on the card as read and writes the change; with `version`, only if the row is still
 * that version (null: it was not, nothing was written).
 */
async function decideAndWrite(
  db: Db,
  events: Events,
  read: LockedCard,
  change: Change,
  version: string | null,
): Promise<Applied | null> {
  const decision = decide(read, change);
  if (decision.action === "refuse") throw new Refusal(decision.field ?? "code", decision.message ?? NO_PROGRAMME);
  if (decision.action === "wait") return { ...read, decision, after: read.card, flagged: null };
  await events.ready();
  const written = await write(db, events, read, decision, change, version);
  if (!written) return null;
  const { flagReason } = written;
  const { card, day } = read;
  const after: CardRow = {
    ...card,
    ...pickValues(decision.values),
    lastSelfStampAt: decision.selfStamp ? day.now : card.lastSelfStampAt,
    lastVisitAt: decision.visit ? day.now : card.lastVisitAt,
    earnedAt: restartsExpiry(decision) ? day.now : card.earnedAt,
    flaggedAt: decision.flag ? day.now : card.flaggedAt,
    flagReason,
    updatedAt: day.now,
  };
  return { ...read, decision, after, flagged: decision.flag ? flagReason : null };
}

type Written = Extract<Decision, { values: unknown }>;

const pickValues = (v: Written["values"]): Written["values"] => ({
  stamps: v.stamps,
  lifetimeStamps: v.lifetimeStamps,
  lifetimeSpend: v.lifetimeSpend,
  rewardsRedeemed: v.rewardsRedeemed,
  rewardId: v.rewardId,
  lastCounterWindow: v.lastCounterWindow,
  stampDay: v.stampDay,
  stampsToday: v.stampsToday,
  selfStampsToday: v.selfStampsToday,
  alertDay: v.alertDay,
  level: v.level,
});

/** The events a change causes, in the order their listeners see them. */
function eventsOf(locked: LockedCard, decision: Written, change: Change): DomainEvent[] {
  const { userId: ownerId, businessId, id: cardId } = locked.card;
  const list: DomainEvent[] = [];
  const level = levelMove(locked, decision);
  if (decision.delta !== 0 || decision.restart || level) {
    list.push({
      type: "card.changed",
      ownerId,
      businessId,
      cardId,
      action: decision.action,
      ...(change.kind === "self-scan" && { qrCodeId: change.qr.id }),
    });
  }
  if (decision.action === "redeem") {
    const rewardTitle = decision.option?.title ?? locked.reward!.title;
    list.push({ type: "reward.redeemed", ownerId, businessId, cardId, rewardTitle });
  }
  if (level) list.push({ type: "card.level_changed", ownerId, businessId, cardId, ...level });
  // The reason is the statement's own (fraud-reason.ts): filled in from the updated row.
  if (decision.flag) list.push({ type: "card.flagged", ownerId, businessId, cardId, reason: "" });
  return list;
}

/** The card's level moved (an earn up, the nightly job up or down): its new level and which way. */
function levelMove(locked: LockedCard, decision: Written) {
  const before = locked.card.level;
  const after = decision.values.level;
  if (before === after || !locked.reward) return null;
  const up = levelRank(locked.reward.levels, after) > levelRank(locked.reward.levels, before);
  return { level: after, previous: before, up };
}

/** Why the engine made the change: an order's source and id, a level review (none: empty). */
function changeParts(change: Change): ReasonPart[] {
  if (change.kind === "earn") return [{ order: { id: change.orderId, source: change.source } }];
  if (change.kind === "refund") return [{ refund: { id: change.orderId, source: change.source } }];
  if (change.kind === "level") return [{ levelReview: true }];
  return [];
}

/**
 * The history's reason: a correction's is the owner's own text (no parts); the engine's is its
 * parts (the change's, then the level and promotion that boosted it) and their English text.
 */
function historyReason(change: Change, boostedBy: readonly ReasonPart[]) {
  const parts = [...changeParts(change), ...boostedBy];
  const own = change.kind === "correction" ? change.reason : null;
  if (parts.length === 0) return { text: own, parts: null };
  return { text: [own, reasonText(parts)].filter((t) => t !== null).join(" · "), parts };
}

/**
 * The one write of a change; answers the card's flag reason as it is after it, or null when
 * `version` is given and the row is no longer that version (nothing written).
 */
async function write(
  tx: Db,
  events: Events,
  locked: LockedCard,
  decision: Written,
  change: Change,
  version: string | null,
): Promise<{ flagReason: string | null } | null> {
  const { card, reward, day } = locked;
  const v = decision.values;
  // Who made the change (and the QR code a customer scanned).
  const actor = actorOf(change, card.userId);
  const qr = change.kind === "self-scan" ? change.qr : null;
  const qrId = qr?.id ?? null;
  // The fraud alert's reason, built only for the change that flags (a stamp builds no SQL it won't send).
  const flagReason = decision.flag
    ? tooManyStampsReason(
        locked.fraudThreshold,
        { id: card.id, businessId: card.businessId, today: day.today },
        change.kind === "correction" && decision.delta > 0
          ? { actorUserId: change.actorUserId, added: decision.delta }
          : undefined,
      )
    : sql`flag_reason`;
  const now = sql`now()`;
  // The history's rows, in order: a restart for a successor of another kind, the change, a flag.
  const amount = decision.amount;
  const reason = historyReason(change, decision.boostedBy);
  const row = (
    kind: string,
    delta: number,
    after: number,
    text: SQL | string | null,
    main = false,
    parts: readonly ReasonPart[] | null = main ? reason.parts : null,
  ) =>
    sql`select ${kind}::text as kind, ${delta}::int as delta, ${after}::int as after, ${text}::text as reason,
      ${parts ? JSON.stringify(parts) : null}::jsonb as reason_parts,
      ${main ? amount : null}::bigint as amount, ${main ? (decision.option?.id ?? null) : null}::int as option_id,
      ${main ? decision.promotionExtra : 0}::int as promotion_extra`;
  const restartRow = (title: string) => {
    const parts: ReasonPart[] = [{ newProgramme: { title } }];
    return row("adjust", 0, 0, reasonText(parts), false, parts);
  };
  const history = [
    ...(decision.restart ? [restartRow(decision.restart.title)] : []),
    row(decision.action, decision.delta, v.stamps, reason.text, true),
    ...(decision.flag ? [sql`${row("flag", 0, v.stamps, sql`u.flag_reason`)} from updated u`] : []),
  ];
  const list = eventsOf(locked, decision, change);
  const jobs =
    list.length > 0
      ? events.emitSql(
          list.map((e) => e.type),
          sql.join(
            list.map(
              (e) =>
                sql`select ${e.type}::text as type, ${JSON.stringify(e)}::jsonb${
                  e.type === "card.flagged" ? sql` || jsonb_build_object('reason', u.flag_reason)` : sql``
                } as event from updated u`,
            ),
            sql` union all `,
          ),
        )
      : null;
  // A visit is a scan (the scan log and the dashboard's figures); a correction is history only.
  const scan = decision.visit
    ? sql`, scan as (
        insert into scans (user_id, business_id, card_id, kind, stamps_after, amount, qr_code_id, address_id, reward_id,
          actor, staff_user_id, api_key_id, pos_connection_id)
        select u.user_id, u.business_id, u.id, ${decision.action}, ${v.stamps}, ${amount}::bigint, ${qrId}, ${qr?.addressId ?? null},
          ${reward?.id ?? v.rewardId}, ${actor.kind}, ${actor.userId}::int, ${actor.apiKeyId}::int, ${actor.connectionId}::int
        from updated u
      )`
    : sql``;
  // A visit through a QR code (a stamp, visit points, a cashback visit) shows on its counter
  // screens once this commits.
  const notify =
    qr && decision.action === "stamp"
      ? sql`, ${notifyCounterSql({ qr_id: qr.id, action: "stamp", stamps: v.stamps, stamps_required: stampsRequiredOf(reward) })} as notified`
      : sql``;
  const result = await executeNamed<{ flag_reason: string | null; queued?: string[] }>(
    tx,
    sql`
    with updated as (
      update cards set
        stamps = ${v.stamps},
        lifetime_stamps = ${v.lifetimeStamps},
        lifetime_spend = ${v.lifetimeSpend},
        rewards_redeemed = ${v.rewardsRedeemed},
        reward_id = ${v.rewardId},
        last_counter_window = ${v.lastCounterWindow},
        stamp_day = ${v.stampDay}::date,
        stamps_today = ${v.stampsToday},
        self_stamps_today = ${v.selfStampsToday},
        alert_day = ${v.alertDay}::date,
        level = ${v.level},
        last_self_stamp_at = ${decision.selfStamp ? now : sql`last_self_stamp_at`},
        last_visit_at = ${decision.visit ? now : sql`last_visit_at`},
        earned_at = ${restartsExpiry(decision) ? now : sql`earned_at`},
        flagged_at = ${decision.flag ? now : sql`flagged_at`},
        flag_reason = ${flagReason},
        updated_at = now()
      where id = ${card.id}${version === null ? sql`` : sql` and xmin = ${version}::xid`}
      returning id, user_id, business_id, flag_reason
    )${scan},
    history as (
      insert into card_events (user_id, business_id, card_id, kind, delta, stamps_after, unit, amount, reward_option_id, reason, reason_parts,
        qr_code_id, actor, actor_user_id, api_key_id, pos_connection_id, promotion_extra)
      select u.user_id, u.business_id, u.id, h.kind, h.delta, h.after, ${decision.unit}, h.amount, h.option_id, h.reason, h.reason_parts, ${qrId},
        ${actor.kind}, ${actor.userId}::int, ${actor.apiKeyId}::int, ${actor.connectionId}::int, h.promotion_extra
      from updated u cross join (${sql.join(history, sql` union all `)}) h
    )${jobs ? sql`, jobs as (${jobs})` : sql``}
    select u.flag_reason${notify}${jobs ? sql`, array(select name from jobs) as queued` : sql``} from updated u`,
  );
  const [written] = result.rows;
  if (!written) return null;
  events.written(written.queued ?? []);
  return { flagReason: written.flag_reason };
}
