import type { FastifyInstance } from "fastify";
import { calls } from "../../../../../contract/calls";
import { route } from "../../../http/route";
import type { LoyaltyDeps } from "../shared/deps";
import {
  addQrCode,
  counterCode,
  deleteQrCode,
  qrCodePage,
  qrCodePrint,
  qrDetail,
  regenerateQrCode,
  setQrMode,
} from "./qr-codes";

/** The owner's QR codes, a code's public page, and the counter screen's code. */
export function qrRoutes(app: FastifyInstance, deps: LoyaltyDeps) {
  const origin = app.config.publicAppUrl;

  route(app, calls.listQrcode, async ({ user, query }) => ({
    message: "qr.list",
    data: await qrCodePage(deps.db, origin, user.id, query),
  }));

  route(app, calls.singleQrCode, async ({ user, query }) => ({
    message: "qr.show",
    data: await qrCodePrint(deps.db, origin, user.id, query.id),
  }));

  route(app, calls.generateQr, async ({ user, body }) => ({
    statusCode: 201,
    message: "qr.added",
    data: await addQrCode(deps.db, origin, user.id, body),
  }));

  route(app, calls.deleteQr, async ({ user, body }) => {
    await deleteQrCode(deps.db, user.id, body.id);
    return { message: "qr.deleted" };
  });

  route(app, calls.qrDetail, async ({ query }) => ({
    message: "qr.detail",
    data: await qrDetail(deps.db, query.qr_token, query.code),
  }));

  route(app, calls.qrRegenerate, async ({ user, body }) => ({
    message: "qr.regenerated",
    data: await regenerateQrCode(deps.db, origin, user.id, body.qr_id),
  }));

  route(app, calls.qrModeUpdate, async ({ user, body }) => ({
    message: body.mode === "rotating" ? "qr.rotating" : "qr.static",
    data: await setQrMode(deps.db, origin, user.id, body),
  }));

  route(app, calls.counterCode, async ({ user, query, request }) => ({
    message: "qr.counterCode",
    data: await counterCode(deps.db, origin, user, request, query.qr_id),
  }));
}
