import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { invalid } from "../../http/errors";
import { route } from "../../http/route";
import { addApiKey, listApiKeys, liveKeyCount, MAX_LIVE_KEYS, revokeApiKey } from "./service";
import { sentence } from "../../i18n/sentence";

export function apiKeyRoutes(app: FastifyInstance) {
  route(app, calls.apiKeyAdd, async ({ body, user }) => {
    if ((await liveKeyCount(app.db, user.id)) >= MAX_LIVE_KEYS) {
      throw invalid("name", sentence("apiKeys.tooMany", { max: MAX_LIVE_KEYS }));
    }
    const key = await addApiKey(app.db, user.id, { ...body, test: app.payments.name === "sandbox" });
    return { message: "apiKeys.created", data: key, statusCode: 201 };
  });

  route(app, calls.apiKeyList, async ({ user }) => ({
    message: "apiKeys.list",
    data: await listApiKeys(app.db, user.id, calls.apiKeyList.list.max),
  }));

  route(app, calls.apiKeyRevoke, async ({ body, user }) => ({
    message: "apiKeys.revoked",
    data: await revokeApiKey(app.db, user.id, body.id),
  }));
}
