import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { actingOwnerId } from "../../http/auth";
import { route } from "../../http/route";
import { deleteCategoryRule, listCategoryRules, saveCategoryRule } from "./service";

export function categoryRuleRoutes(app: FastifyInstance) {
  route(app, calls.categoryRuleList, async ({ user, query }) => ({
    message: "categoryRules.list",
    data: await listCategoryRules(app.db, actingOwnerId(user), query),
  }));

  route(app, calls.categoryRuleSave, async ({ user, body }) => {
    const { rule, created } = await saveCategoryRule(app.db, user.id, body);
    return { ...(created && { statusCode: 201 }), message: "categoryRules.saved", data: rule };
  });

  route(app, calls.categoryRuleDelete, async ({ user, body }) => {
    await deleteCategoryRule(app.db, user.id, body.id);
    return { message: "categoryRules.deleted" };
  });
}
