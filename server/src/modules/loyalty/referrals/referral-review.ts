import { and, eq, sql } from "drizzle-orm";
import { referralBonuses } from "../../../db/schema";
import { notFound } from "../../../http/errors";
import type { Sentence } from "../../../i18n/sentence";
import type { Body, LoyaltyDeps } from "../shared/deps";
import { applyChange } from "../engine/apply";
import { payReferral } from "../engine/referral";
import { referralBonusEntries } from "./referrals";

/**
 * referral-review (owner only): a held referral bonus approved pays both cards through the engine
 * (the amounts held), or rejected pays nothing. The bonus's row is locked first, so a review made
 * twice (or two at once) decides once: the second answers the bonus as the first left it. Another
 * owner's bonus is a 404.
 */
export async function reviewReferral(
  deps: Pick<LoyaltyDeps, "db" | "events">,
  ownerId: number,
  body: Body<"referralReview">,
) {
  const reviewed = await deps.db.transaction(async (tx) => {
    const [held] = await tx
      .select()
      .from(referralBonuses)
      .where(and(eq(referralBonuses.id, body.id), eq(referralBonuses.userId, ownerId)))
      .for("update")
      .limit(1);
    if (!held) throw notFound("referrals.reviewNotFound");
    if (held.status !== "held") return false;
    if (body.approve) {
      await payReferral(
        tx,
        { friendCardId: held.friendCardId, referrerCardId: held.referrerCardId, businessId: held.businessId },
        { referrerBonus: held.referrerBonus, friendBonus: held.friendBonus },
        (key, change) => applyChange(tx, deps.events, key, change),
      );
    }
    await tx
      .update(referralBonuses)
      .set({ status: body.approve ? "approved" : "rejected", reviewedAt: sql`now()`, reviewedBy: ownerId })
      .where(eq(referralBonuses.id, held.id));
    return true;
  });
  const [data] = await referralBonusEntries(deps.db, ownerId, eq(referralBonuses.id, body.id));
  const message: Sentence = !reviewed
    ? "referrals.alreadyReviewed"
    : body.approve
      ? "referrals.approved"
      : "referrals.rejected";
  return { message, data };
}
