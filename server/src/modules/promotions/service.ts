import { and, asc, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { hundredthsText } from "../../../../contract/money";
import {
  MAX_PROMOTIONS_PER_OWNER,
  type Promotion,
  type promotionAddBody,
  type PromotionToday,
} from "../../../../contract/promotions";
import type { Db } from "../../db/client";
import { businesses, promotions, rewards, users } from "../../db/schema";
import { sentence } from "../../i18n/sentence";
import { invalid, notFound } from "../../http/errors";
import { serverKind } from "../../kinds";
import { runsOn, type LocalMoment, type PromotionRule } from "../loyalty/engine/boost";

const columns = {
  id: promotions.id,
  reward_id: promotions.rewardId,
  reward_title: rewards.title,
  multiplier: promotions.multiplier,
  bonus: promotions.bonus,
  weekdays: promotions.weekdays,
  start_time: promotions.startTime,
  end_time: promotions.endTime,
  starts_on: promotions.startsOn,
  ends_on: promotions.endsOn,
  createdAt: promotions.createdAt,
};

type Row = { multiplier: string | null; createdAt: Date } & Omit<Promotion, "multiplier" | "created_at">;

/** "2.00" as the contract's shortest decimal, "2". */
const multiplierText = (stored: string | null) =>
  stored === null ? null : hundredthsText(Math.round(Number(stored) * 100));

const toPromotion = ({ createdAt, multiplier, ...row }: Row): Promotion => ({
  ...row,
  multiplier: multiplierText(multiplier),
  created_at: createdAt.toISOString(),
});

const select = (db: Db) => db.select(columns).from(promotions).innerJoin(rewards, eq(rewards.id, promotions.rewardId));

/** The owner's happy hours, optionally of one reward (of theirs: else 404), in the order added. */
export async function listPromotions(db: Db, ownerId: number, rewardId?: number) {
  if (rewardId) await ownReward(db, ownerId, rewardId);
  const rows = await select(db)
    .where(and(eq(promotions.userId, ownerId), rewardId ? eq(promotions.rewardId, rewardId) : undefined))
    .orderBy(asc(promotions.id));
  return { items: rows.map(toPromotion) };
}

/** An active reward of the owner (its kind and business), or 404. */
async function ownReward(db: Db, ownerId: number, id: number) {
  const [reward] = await db
    .select({ id: rewards.id, kind: rewards.kind, businessId: rewards.businessId })
    .from(rewards)
    .where(and(eq(rewards.id, id), eq(rewards.userId, ownerId), eq(rewards.active, true)))
    .limit(1);
  if (!reward) throw notFound("rewards.notFound");
  return reward;
}

/** Adds a happy hour to one of the owner's rewards; a kind that does not multiply refuses a multiplier. */
export async function addPromotion(
  db: Db,
  ownerId: number,
  body: z.output<typeof promotionAddBody>,
): Promise<Promotion> {
  const reward = await ownReward(db, ownerId, body.reward_id);
  if (!serverKind(reward.kind).boosted) throw invalid("reward_id", "promotions.notForProgramme");
  if (body.multiplier !== undefined && !serverKind(reward.kind).multiplies) {
    throw invalid("multiplier", "promotions.noMultiplier");
  }
  const row = await db.transaction(async (tx) => {
    // The owner's row is the lock two adds queue on, so the cap holds under concurrent calls.
    await tx.execute(sql`select id from ${users} where id = ${ownerId} for update`);
    const [{ n }] = (await tx.select({ n: count() }).from(promotions).where(eq(promotions.userId, ownerId))) as [
      { n: number },
    ];
    if (n >= MAX_PROMOTIONS_PER_OWNER) {
      throw invalid("reward_id", sentence("promotions.tooMany", { max: MAX_PROMOTIONS_PER_OWNER }));
    }
    const [inserted] = await tx
      .insert(promotions)
      .values({
        userId: ownerId,
        businessId: reward.businessId,
        rewardId: reward.id,
        multiplier: body.multiplier === undefined ? null : hundredthsText(body.multiplier),
        bonus: body.bonus ?? null,
        weekdays: body.weekdays,
        startTime: body.start_time,
        endTime: body.end_time,
        startsOn: body.starts_on ?? null,
        endsOn: body.ends_on ?? null,
      })
      .returning({ id: promotions.id });
    return inserted;
  });
  const [saved] = await select(db).where(eq(promotions.id, row!.id));
  return toPromotion(saved!);
}

export async function deletePromotion(db: Db, ownerId: number, id: number) {
  const gone = await db
    .delete(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.userId, ownerId)))
    .returning({ id: promotions.id });
  if (gone.length === 0) throw notFound("promotions.notFound");
}

/** The happy hours that run on the moment's day, earliest first, as the card page shows them. */
export const promotionsToday = (rules: readonly PromotionRule[], at: LocalMoment): PromotionToday[] =>
  rules
    .filter((p) => runsOn(p, at))
    .sort((a, b) => a.startTime.localeCompare(b.startTime))
    .map((p) => ({
      multiplier: multiplierText(p.multiplier),
      bonus: p.bonus,
      start_time: p.startTime,
      end_time: p.endTime,
    }));

/** A reward's happy hours today in its business's time zone (the card page's "what runs today"). */
export async function todaysPromotions(db: Db, rewardId: number): Promise<PromotionToday[]> {
  const rows = (await db.execute(sql`
    select p.id, p.reward_id as "rewardId", p.multiplier::text as multiplier, p.bonus, p.weekdays,
      p.start_time as "startTime", p.end_time as "endTime", p.starts_on::text as "startsOn", p.ends_on::text as "endsOn",
      to_char(now() at time zone b.time_zone, 'YYYY-MM-DD') as date,
      extract(dow from now() at time zone b.time_zone)::int as weekday
    from ${promotions} p join ${businesses} b on b.id = p.business_id
    where p.reward_id = ${rewardId}`)) as unknown as { rows: (PromotionRule & { date: string; weekday: number })[] };
  const [first] = rows.rows;
  return first ? promotionsToday(rows.rows, { date: first.date, weekday: first.weekday, time: "" }) : [];
}
