import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../../contract/calls";
import { referralBonuses } from "../../../db/schema";
import { notFound } from "../../../http/errors";
import { route } from "../../../http/route";
import { applyChange } from "../engine/apply";
import { payReferral } from "../engine/referral";
import { referralBonusEntries } from "./referrals";

/**
 * referral-review (owner only): a held referral bonus approved pays both cards through the engine
 * (the amounts held), or rejected pays nothing. The bonus's row is locked first, so a review made
 * twice (or two at once) decides once: the second answers the bonus as the first left it. Another
 * owner's bonus is a 404.
 */
export function referralReviewRoutes(app: FastifyInstance) {
  route(app, calls.referralReview, async ({ user, body }) => {
    const reviewed = await app.db.transaction(async (tx) => {
      const [held] = await tx
        .select()
        .from(referralBonuses)
        .where(and(eq(referralBonuses.id, body.id), eq(referralBonuses.userId, user.id)))
        .for("update")
        .limit(1);
      if (!held) throw notFound("referrals.reviewNotFound");
      if (held.status !== "held") return false;
      if (body.approve) {
        await payReferral(
          tx,
          { friendCardId: held.friendCardId, referrerCardId: held.referrerCardId, businessId: held.businessId },
          { referrerBonus: held.referrerBonus, friendBonus: held.friendBonus },
          (key, change) => applyChange(tx, app.events, key, change),
        );
      }
      await tx
        .update(referralBonuses)
        .set({ status: body.approve ? "approved" : "rejected", reviewedAt: sql`now()`, reviewedBy: user.id })
        .where(eq(referralBonuses.id, held.id));
      return true;
    });
    const [data] = await referralBonusEntries(app.db, user.id, eq(referralBonuses.id, body.id));
    const message = !reviewed
      ? "referrals.alreadyReviewed"
      : body.approve
        ? "referrals.approved"
        : "referrals.rejected";
    return { message, data };
  });
}
