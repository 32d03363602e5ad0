import type { FastifyInstance } from "fastify";
import { calls } from "../../../../../contract/calls";
import { route } from "../../../http/route";
import type { LoyaltyDeps } from "../shared/deps";
import { reviewReferral } from "./referral-review";

/** A held referral bonus reviewed by the owner. */
export function referralRoutes(app: FastifyInstance, deps: LoyaltyDeps) {
  route(app, calls.referralReview, async ({ user, body }) => reviewReferral(deps, user.id, body));
}
