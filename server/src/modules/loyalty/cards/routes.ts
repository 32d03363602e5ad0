import type { FastifyInstance } from "fastify";
import { calls } from "../../../../../contract/calls";
import { programmeWords } from "../../../i18n/programme-words";
import { route } from "../../../http/route";
import type { LoyaltyDeps } from "../shared/deps";
import { adjustCard, cardHistory, saveStaffSettings, staffSettings, topUpCard } from "./card-history";

/** A card as the dashboard sees it: its history, corrections, and whether staff may correct. */
export function cardRoutes(app: FastifyInstance, deps: LoyaltyDeps) {
  route(app, calls.cardAdjust, async ({ user, body, t }) => {
    const { message, summary } = await adjustCard(deps, user, body, programmeWords(t));
    return { message, data: summary };
  });

  route(app, calls.cardTopup, async ({ user, body, t }) => {
    const { message, summary } = await topUpCard(deps, user, body, programmeWords(t));
    return { message, data: summary };
  });

  route(app, calls.cardHistory, async ({ user, query, t }) => ({
    message: "cards.history",
    data: await cardHistory(deps.db, user, query, t),
  }));

  route(app, calls.staffSettings, async ({ user }) => ({
    message: "staffSettings.show",
    data: await staffSettings(deps.db, user.id),
  }));

  route(app, calls.staffSettingsUpdate, async ({ user, body }) => ({
    message: "staffSettings.saved",
    data: await saveStaffSettings(deps.db, user.id, body.staff_may_adjust),
  }));
}
