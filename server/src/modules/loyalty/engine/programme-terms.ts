import { and, eq, inArray } from "drizzle-orm";
import { DEFAULT_KIND, kindOf } from "../../../../../contract/kinds";
import type { ProgrammeTerms } from "../../../../../contract/programme";
import type { Db } from "../../../db/client";
import { rewardOptions, rewards } from "../../../db/schema";

type RewardTermsRow = Pick<typeof rewards.$inferSelect, "kind" | "stampsRequired" | "referralBonus">;
type ReferralTerms = Pick<typeof rewards.$inferSelect, "kind" | "referralBonus" | "referralFriendBonus">;

/**
 * A programme's terms as the balance's text reads them (contract/programme.ts): the reward's
 * kind, its stamps, its options (points) and its business's currency. No reward: a stamp card
 * collecting for nothing ("7 stamps").
 */
export function programmeTerms(
  reward: RewardTermsRow | null,
  currency: string | null,
  options: readonly { title: string; points: number }[] = [],
): ProgrammeTerms {
  if (!reward) return { kind: DEFAULT_KIND, stampsRequired: null, currency };
  const kind = kindOf(reward.kind);
  return {
    kind: reward.kind,
    stampsRequired: kind.stampsRequired(reward),
    options: kind.hasOptions ? options : [],
    currency,
  };
}

/**
 * The referrer's bonus in force (stamps, points or cashback's minor units): the reward's own, else
 * its kind's default (0 turns it off).
 */
export const referralBonusOf = (reward: Pick<RewardTermsRow, "kind" | "referralBonus">) =>
  reward.referralBonus ?? kindOf(reward.kind).defaultReferralBonus;

/** The friend's bonus in force: the reward's own, else the referrer's. */
export const referralFriendBonusOf = (reward: ReferralTerms) => reward.referralFriendBonus ?? referralBonusOf(reward);

/** The active options of these rewards, by reward id (points programmes' catalogues), cheapest first. */
export async function optionsByReward(db: Db, rewardIds: readonly number[]) {
  const byReward = new Map<number, { id: number; title: string; points: number }[]>();
  if (rewardIds.length === 0) return byReward;
  const rows = await db
    .select({
      id: rewardOptions.id,
      rewardId: rewardOptions.rewardId,
      title: rewardOptions.title,
      points: rewardOptions.points,
    })
    .from(rewardOptions)
    .where(and(inArray(rewardOptions.rewardId, [...new Set(rewardIds)]), eq(rewardOptions.active, true)))
    .orderBy(rewardOptions.points, rewardOptions.id);
  for (const { rewardId, ...option } of rows) {
    const list = byReward.get(rewardId) ?? [];
    list.push(option);
    byReward.set(rewardId, list);
  }
  return byReward;
}
