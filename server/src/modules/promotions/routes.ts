import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { route } from "../../http/route";
import { addPromotion, deletePromotion, listPromotions } from "./service";

export function promotionRoutes(app: FastifyInstance) {
  route(app, calls.promotionList, async ({ user, query }) => ({
    message: "promotions.list",
    data: await listPromotions(app.db, user.id, query.reward_id),
  }));

  route(app, calls.promotionAdd, async ({ user, body }) => ({
    statusCode: 201,
    message: "promotions.added",
    data: await addPromotion(app.db, user.id, body),
  }));

  route(app, calls.promotionDelete, async ({ user, body }) => {
    await deletePromotion(app.db, user.id, body.id);
    return { message: "promotions.deleted" };
  });
}
