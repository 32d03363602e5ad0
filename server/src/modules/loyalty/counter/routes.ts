import type { FastifyInstance } from "fastify";
import { calls } from "../../../../../contract/calls";
import { route } from "../../../http/route";
import { programmeWords } from "../../../i18n/programme-words";
import { sentence } from "../../../i18n/sentence";
import type { LoyaltyDeps } from "../shared/deps";
import { addCounterDevice, claimCounterDevice, counterDevicePage, revokeCounterDevice } from "./counter-devices";
import { counterEvents, type OpenScreens } from "./counter-screen";

/**
 * The counter screen's stream, and its device links: the owner names, lists and revokes them on
 * the QR code's page; a tablet claims one.
 */
export function counterRoutes(app: FastifyInstance, deps: LoyaltyDeps) {
  const origin = app.config.publicAppUrl;
  const screens: OpenScreens = new Set();
  // Open streams would hold the server's shutdown: they end first (the screens reconnect).
  app.addHook("preClose", async () => {
    await Promise.all([...screens].map((stop) => stop()));
  });

  route(app, calls.counterEvents, async ({ user, query, request, reply, t }) => ({
    message: "counter.events",
    stream: await counterEvents(deps, screens, { user, request, reply, qrId: query.qr_id, words: programmeWords(t) }),
  }));

  route(app, calls.counterDeviceAdd, async ({ user, body }) => ({
    statusCode: 201,
    message: "devices.created",
    data: await addCounterDevice(deps.db, user.id, body, origin),
  }));

  route(app, calls.counterDeviceList, async ({ user, query }) => ({
    message: "devices.list",
    data: await counterDevicePage(deps.db, user.id, query),
  }));

  route(app, calls.counterDeviceRevoke, async ({ user, body }) => {
    const device = await revokeCounterDevice(deps.db, user.id, body.id);
    return { message: sentence("devices.signedOut", { name: device.name }), data: device };
  });

  // The BFF moves `device_token` into the tablet's httpOnly cookie and strips it from the answer.
  route(app, calls.counterDeviceClaim, async ({ body }) => ({
    message: "devices.linked",
    data: await claimCounterDevice(deps.db, body.token),
  }));
}
