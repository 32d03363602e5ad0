import type { FastifyInstance } from "fastify";
import { endpoints } from "../../../../contract/v1/endpoints";
import { notFound } from "../../http/errors";
import { verbatim } from "../../i18n/sentence";
import { redeemVoucher } from "../loyalty/engine/voucher";
import { unusedVouchersOfSerial } from "../offers/queries";
import { UNKNOWN_CARD } from "./cards";
import { v1Route } from "./route";

export function v1VoucherRoutes(app: FastifyInstance) {
  v1Route(app, endpoints.cardVouchers, async ({ caller, params }) => {
    const list = await unusedVouchersOfSerial(app.db, caller.ownerId, params.serial);
    if (!list) throw notFound(verbatim(UNKNOWN_CARD));
    return { data: { data: list } };
  });

  /** As voucher-redeem redeems: once, the voucher row locked; the key's owner as actor. */
  v1Route(app, endpoints.redeemVoucher, async ({ caller, params, body }) => {
    const done = await app.db.transaction((tx) =>
      redeemVoucher(tx, app.events, {
        code: params.code,
        ownerId: caller.ownerId,
        actorUserId: caller.ownerId,
        amount: body.amount,
      }),
    );
    if (!done) throw notFound("vouchers.notFound");
    return {
      data: {
        code: done.code,
        title: done.title,
        kind: done.kind,
        serial: done.serial,
        expires_at: done.expiresAt.toISOString(),
        redeemed_at: done.redeemedAt.toISOString(),
        cost: done.cost,
      },
    };
  });
}
