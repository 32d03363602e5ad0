import type { FastifyInstance } from "fastify";
import { endpoints } from "../../../../contract/v1/endpoints";
import type { V1Card } from "../../../../contract/v1/cards";
import { notFound } from "../../http/errors";
import { earnForOrder } from "../integrations/order-earn";
import { redeemOnCard } from "../loyalty/scans/redeem";
import { v1CardById, v1CardBySerial, v1CardsOfContact } from "./card-view";
import { enrolCard } from "./enrol";
import { v1Route } from "./route";
import { verbatim } from "../../i18n/sentence";

export const UNKNOWN_CARD = "Card not found.";

/** The card, or the public API's 404. */
function found(card: V1Card | undefined): V1Card {
  if (!card) throw notFound(verbatim(UNKNOWN_CARD));
  return card;
}

export function v1CardRoutes(app: FastifyInstance) {
  const origin = app.config.publicAppUrl.replace(/\/$/, "");

  v1Route(app, endpoints.enrol, async ({ caller, body }) => {
    const done = await enrolCard(app.db, app.events, caller.ownerId, caller.keyId, {
      businessId: body.business_id,
      name: body.name,
      email: body.email,
      phone: body.phone,
    });
    return {
      data: found(await v1CardById(app.db, origin, caller.ownerId, done.cardId)),
      status: done.created ? 201 : 200,
    };
  });

  v1Route(app, endpoints.getCard, async ({ caller, params }) => ({
    data: found(await v1CardBySerial(app.db, origin, caller.ownerId, params.serial)),
  }));

  v1Route(app, endpoints.lookupCards, async ({ caller, query }) => ({
    data: { data: await v1CardsOfContact(app.db, origin, caller.ownerId, query) },
  }));

  /** As card-redeem redeems (the engine decides what the card affords), the key as actor; {} takes a ready stamp reward. */
  v1Route(app, endpoints.redeem, async ({ caller, params, body }) => {
    const done = await redeemOnCard({ db: app.db, events: app.events }, caller.ownerId, {
      serial: params.serial,
      optionId: body.option_id,
      amount: body.amount,
      actorUserId: caller.ownerId,
      apiKeyId: caller.keyId,
    });
    if (!done) throw notFound(verbatim(UNKNOWN_CARD));
    return { data: found(await v1CardBySerial(app.db, origin, caller.ownerId, params.serial)) };
  });

  /** Through the till's path (integrations/order-earn.ts): one order earns once per business. */
  v1Route(app, endpoints.earn, async ({ caller, params, body }) => {
    const done = await earnForOrder(app.db, app.events, {
      ownerId: caller.ownerId,
      serial: params.serial,
      amount: body.amount,
      stamps: body.stamps,
      orderId: body.order_id,
      source: "api",
      apiKeyId: caller.keyId,
    });
    if (!done) throw notFound(verbatim(UNKNOWN_CARD));
    return {
      data: {
        order_id: body.order_id,
        earned: done.earn.earned,
        unit: done.earn.unit,
        duplicate: done.duplicate,
        card: found(await v1CardBySerial(app.db, origin, caller.ownerId, params.serial)),
      },
    };
  });
}
