import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { findActivePlan } from "../../../db/active-plan";
import { channelSends } from "../../../db/schema";

/** The start of this calendar month (UTC): the allowance counts the segments sent since. */
export const monthStart = sql`date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`;

/** Sends that count toward the allowance: claimed or sent, and those whose outcome is unknown (they may have gone). */
const COUNTED = ["claimed", "sent", "unknown"] as const;

/** The owner's SMS allowance this month: the plan's segments, those used, and the price of one. */
export async function smsAllowance(db: Db, ownerId: number) {
  const active = await findActivePlan(db, ownerId);
  const [used] = await db
    .select({ n: sql<number>`coalesce(sum(${channelSends.segments}), 0)::int` })
    .from(channelSends)
    .where(
      and(
        eq(channelSends.userId, ownerId),
        eq(channelSends.channel, "sms"),
        inArray(channelSends.status, [...COUNTED]),
        gte(channelSends.createdAt, monthStart),
      ),
    );
  return {
    allowance: active?.plan.smsAllowance ?? 0,
    used: Number(used?.n ?? 0),
    pricePerSegment: active?.plan.smsPricePerSegment ?? "0",
    currency: active?.plan.currency ?? "USD",
  };
}

/**
 * Holds the owner's allowance until `tx` ends: two sends of one owner count and claim one after
 * the other, so together they never pass it.
 */
export const lockAllowance = (tx: Db, ownerId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-allowance:${ownerId}`}))`);
