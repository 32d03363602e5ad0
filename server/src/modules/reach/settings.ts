import { and, eq, sql } from "drizzle-orm";
import type { calls } from "../../../../contract/calls";
import type { ReachSettings } from "../../../../contract/reach-settings";
import type { Db } from "../../db/client";
import { businesses } from "../../db/schema";
import type { Context } from "../../http/route";
import { notFound } from "../../http/errors";
import { BUSINESS_NOT_FOUND, ownBusiness } from "../businesses/owned";

const toSettings = (row: typeof businesses.$inferSelect): ReachSettings => ({
  business_id: row.id,
  weekly_cap: row.messageWeeklyCap,
  mail_reward_ready: row.mailRewardReady,
  mail_expiry: row.mailExpiry,
  mail_vouchers: row.mailVouchers,
});

/** A business's mail switches and weekly cap as saved (the columns' defaults until first saved). */
export async function reachSettingsOf(db: Db, ownerId: number, businessId: number): Promise<ReachSettings> {
  const [row] = await db
    .select()
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.userId, ownerId)))
    .limit(1);
  if (!row) throw notFound(BUSINESS_NOT_FOUND);
  return toSettings(row);
}

/** Saves a business's mail switches and weekly cap (a field left out keeps its value); answers all of them. */
export async function saveReachSettings(
  db: Db,
  ownerId: number,
  body: Context<typeof calls.reachSettingsSave>["body"],
): Promise<ReachSettings> {
  const business = await ownBusiness(db, ownerId, body.business_id);
  const [row] = await db
    .update(businesses)
    .set({
      ...(body.weekly_cap !== undefined && { messageWeeklyCap: body.weekly_cap }),
      ...(body.mail_reward_ready !== undefined && { mailRewardReady: body.mail_reward_ready }),
      ...(body.mail_expiry !== undefined && { mailExpiry: body.mail_expiry }),
      ...(body.mail_vouchers !== undefined && { mailVouchers: body.mail_vouchers }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(businesses.id, business.id), eq(businesses.userId, ownerId)))
    .returning();
  return toSettings(row!);
}
