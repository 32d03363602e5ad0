import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { route } from "../../http/route";
import { cardPreferences, saveCardPreferences, unsubscribeCard, type ReachDeps } from "./preferences";
import { reachSettingsOf, saveReachSettings } from "./settings";

/** A card holder's message choices, reached by the token in their mails (no sign-in). */
export function reachRoutes(app: FastifyInstance, deps: ReachDeps) {
  route(app, calls.cardPreferences, async ({ query }) => ({
    message: "reach.preferences",
    data: await cardPreferences(deps, query.token),
  }));

  route(app, calls.cardPreferencesSave, async ({ body }) => ({
    message: "reach.saved",
    data: await saveCardPreferences(deps, body),
  }));

  route(app, calls.cardUnsubscribe, async ({ params }) => {
    await unsubscribeCard(deps, params.token);
    return { message: "reach.unsubscribed", data: null };
  });

  route(app, calls.reachSettingsGet, async ({ user, query }) => ({
    message: "reach.settings",
    data: await reachSettingsOf(deps.db, user.id, query.business_id),
  }));

  route(app, calls.reachSettingsSave, async ({ user, body }) => ({
    message: "reach.settingsSaved",
    data: await saveReachSettings(deps.db, user.id, body),
  }));
}
