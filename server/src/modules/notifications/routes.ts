import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { route } from "../../http/route";
import { secretsOf } from "../loyalty/cards/cards";
import type { NotificationDeps } from "./deps";
import { sendBusinessMessage } from "./send";
import { clearFeed, feedPage, markFeedRead, saveDeviceToken, sentMessages } from "./service";

/** The owner's feed, the messages to card holders, and the devices their pushes reach. */
export function notificationRoutes(app: FastifyInstance, deps: NotificationDeps) {
  route(app, calls.notificationList, async ({ user, query }) => ({
    message: "notifications.list",
    data: await feedPage(deps, user, query),
  }));

  route(app, calls.notificationRead, async ({ user }) => ({
    message: "notifications.read",
    data: { read: await markFeedRead(deps.db, user.id) },
  }));

  route(app, calls.notificationClear, async ({ user }) => {
    await clearFeed(deps.db, user.id);
    // The call's fixed success text.
    return { message: "notifications.cleared" };
  });

  route(app, calls.notificationAdd, ({ user, body }) => sendBusinessMessage(deps, user.id, body));

  route(app, calls.messageList, async ({ user, query }) => ({
    message: "messages.list",
    data: await sentMessages(deps.db, user.id, query),
  }));

  route(app, calls.fcmToken, async ({ user, body, request }) => {
    await saveDeviceToken(deps, user, body, { ip: request.ip, secrets: secretsOf(request.headers) });
    return { message: "notifications.deviceOn", data: { for: body.for } };
  });
}
