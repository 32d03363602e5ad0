import type { FastifyInstance } from "fastify";
import { calls } from "../../../../../contract/calls";
import { actingOwnerId } from "../../../http/auth";
import { route } from "../../../http/route";
import type { LoyaltyDeps } from "../shared/deps";
import { addRewardOption, deleteRewardOption, rewardOptionPage } from "./reward-options";
import { removeReward, rewardExpiryPreview, rewardPage, saveReward } from "./rewards";

/** The owner's rewards (the programmes) and a points programme's options. */
export function rewardRoutes(app: FastifyInstance, deps: LoyaltyDeps) {
  route(app, calls.rewardList, async ({ user, query }) => ({
    message: "rewards.list",
    data: await rewardPage(deps.db, user.id, query),
  }));

  route(app, calls.addReward, async ({ user, body }) => {
    const data = await saveReward(deps.db, user.id, body);
    return body.id ? { message: "rewards.updated", data } : { statusCode: 201, message: "rewards.added", data };
  });

  route(app, calls.rewardExpiryPreview, async ({ user, body }) => ({
    message: "rewards.expiryPreview",
    data: await rewardExpiryPreview(deps.db, user.id, body),
  }));

  route(app, calls.removeReward, async ({ user, body }) => {
    await removeReward(deps.db, user.id, body.id);
    return { message: "rewards.removed" };
  });

  route(app, calls.rewardOptionAdd, async ({ user, body }) => ({
    statusCode: 201,
    message: "options.added",
    data: await addRewardOption(deps.db, user.id, body),
  }));

  route(app, calls.rewardOptionList, async ({ user, query }) => ({
    message: "options.list",
    data: await rewardOptionPage(deps.db, actingOwnerId(user), query),
  }));

  route(app, calls.rewardOptionDelete, async ({ user, body }) => {
    await deleteRewardOption(deps.db, user.id, body.id);
    return { message: "options.deleted" };
  });
}
