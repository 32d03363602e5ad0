import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { route } from "../../http/route";
import { sentence } from "../../i18n/sentence";
import {
  addOffer,
  counterVouchers,
  issueManualVoucher,
  listOffers,
  redeemVoucherCode,
  retireOffer,
  sendOffer,
  type OffersDeps,
} from "./service";

export function offerRoutes(app: FastifyInstance, deps: OffersDeps) {
  route(app, calls.offerAdd, async ({ user, body }) => ({
    statusCode: 201,
    message: "offers.added",
    data: await addOffer(deps.db, user.id, body),
  }));

  route(app, calls.offerList, async ({ user, query }) => ({
    message: "offers.list",
    data: await listOffers(deps.db, user.id, query),
  }));

  route(app, calls.offerDelete, async ({ user, body }) => {
    await retireOffer(deps.db, user.id, body.id);
    return { message: "offers.retiredDone" };
  });

  route(app, calls.offerSend, async ({ user, body }) => ({
    message: "offers.sent",
    data: await sendOffer(deps, user.id, body),
  }));

  route(app, calls.voucherIssue, async ({ user, body }) => ({
    statusCode: 201,
    message: "vouchers.issued",
    data: await issueManualVoucher(deps, user, body),
  }));

  route(app, calls.cardVouchers, async ({ user, query }) => ({
    message: "vouchers.list",
    data: await counterVouchers(deps.db, user, query.serial),
  }));

  route(app, calls.voucherRedeem, async ({ user, body }) => {
    const data = await redeemVoucherCode(deps, user, body);
    return { message: sentence("vouchers.redeemed", { title: data.title }), data };
  });
}
