import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { route } from "../../http/route";
import { addApiKey, listApiKeys, revokeApiKey } from "./service";

export function apiKeyRoutes(app: FastifyInstance) {
  route(app, calls.apiKeyAdd, async ({ body, user }) => {
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
