import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { route } from "../../http/route";
import { logoLimit } from "../businesses/service";
import { getCardDesign, updateCardDesign } from "./service";

/** The card design of a business: owner-only (staff get 403 from `route`). */
export function cardDesignRoutes(app: FastifyInstance) {
  route(app, calls.cardDesignGet, async ({ user, query }) => ({
    message: "cardDesign.show",
    data: await getCardDesign(app.db, user.id, query.business_id, app.config.publicAppUrl),
  }));

  route(app, calls.cardDesignUpdate, async ({ user, body }) => {
    // A strip is decoded and re-encoded four times over: counted with the logos.
    if (body.strip) await app.limiter.hit(`logo:owner:${user.id}`, logoLimit);
    const data = await updateCardDesign(app.db, user.id, body, app.config.publicAppUrl, (tx, businessId) =>
      app.events.emit(tx, { type: "card.designed", ownerId: user.id, businessId }),
    );
    return { message: "cardDesign.saved", data };
  });
}
