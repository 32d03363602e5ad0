import { serverKind } from "../../kinds";
import { DEFAULT_KIND } from "../../../../contract/kinds";
import { eq, sql, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { endpoints } from "../../../../contract/v1/endpoints";
import { cards, customers } from "../../db/schema";
import { HttpError, notFound } from "../../http/errors";
import { earnForOrder } from "../integrations/order-earn";
import { applyChange } from "../loyalty/engine/apply";
import { ownerOption } from "../loyalty/scans/redeem";
import { lockCard } from "../loyalty/engine/lock";
import { rewardReady } from "../loyalty/rewards/reward-ready";
import { v1Card, v1Cards } from "./card-view";
import { enrolCard } from "./enrol";
import { v1Route } from "./route";
import { verbatim } from "../../i18n/sentence";

export const UNKNOWN_CARD = "Card not found.";
export const NOT_READY = "This card's reward is not ready yet.";

export function v1CardRoutes(app: FastifyInstance) {
  const origin = app.config.publicAppUrl.replace(/\/$/, "");
  const cardOf = async (ownerId: number, where: SQL) => {
    const card = await v1Card(app.db, origin, ownerId, where);
    if (!card) throw notFound(verbatim(UNKNOWN_CARD));
    return card;
  };

  v1Route(app, endpoints.enrol, async ({ caller, body }) => {
    const done = await enrolCard(app.db, app.events, caller.ownerId, caller.keyId, {
      businessId: body.business_id,
      name: body.name,
      email: body.email,
      phone: body.phone,
    });
    return { data: await cardOf(caller.ownerId, eq(cards.id, done.cardId)), status: done.created ? 201 : 200 };
  });

  v1Route(app, endpoints.getCard, async ({ caller, params }) => ({
    data: await cardOf(caller.ownerId, eq(cards.serial, params.serial)),
  }));

  v1Route(app, endpoints.lookupCards, async ({ caller, query }) => {
    const match = query.email
      ? sql`lower(${customers.email}) = lower(${query.email})`
      : sql`regexp_replace(coalesce(${customers.phone}, ''), '[^0-9]', '', 'g') = ${query.phone!.replace(/\D/g, "")}`;
    return { data: { data: await v1Cards(app.db, origin, caller.ownerId, match) } };
  });

  v1Route(app, endpoints.redeem, async ({ caller, params, body }) => {
    const key = { serial: params.serial, ownerId: caller.ownerId };
    const cardId = await app.db.transaction(async (tx) => {
      // Locked first: a stamp card's readiness is judged on the balance the change will spend.
      const locked = await lockCard(tx, key);
      if (!locked) throw notFound(verbatim(UNKNOWN_CARD));
      const stampCard = serverKind(locked.reward?.kind ?? DEFAULT_KIND).redeemsByScan;
      if (stampCard && (body.option_id !== undefined || body.amount !== undefined)) {
        throw new HttpError(422, verbatim("A stamp card redeems its reward: send {}."), {
          _: [verbatim("A stamp card redeems its reward: send {}.")],
        });
      }
      if (stampCard && !rewardReady(locked.card.stamps, locked.reward?.stampsRequired)) {
        throw new HttpError(422, verbatim(NOT_READY), { _: [verbatim(NOT_READY)] });
      }
      const option = body.option_id === undefined ? undefined : await ownerOption(tx, caller.ownerId, body.option_id);
      // A ready stamp reward is spent as the counter spends it; points and cashback as card-redeem.
      const done = await applyChange(
        tx,
        app.events,
        key,
        stampCard
          ? { kind: "staff-scan", staffUserId: caller.ownerId, apiKeyId: caller.keyId }
          : { kind: "redeem", actorUserId: caller.ownerId, option, amount: body.amount, apiKeyId: caller.keyId },
      );
      if (!done || done.decision.action !== "redeem")
        throw new HttpError(422, verbatim(NOT_READY), { _: [verbatim(NOT_READY)] });
      return locked.card.id;
    });
    return { data: await cardOf(caller.ownerId, eq(cards.id, cardId)) };
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
        card: await cardOf(caller.ownerId, eq(cards.serial, params.serial)),
      },
    };
  });
}
