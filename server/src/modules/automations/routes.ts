import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { route } from "../../http/route";
import type { AutomationDeps } from "./run";
import { automationLog, listAutomations, saveAutomation } from "./service";

/** The automations of a business, and the log of what they sent. */
export function automationRoutes(app: FastifyInstance, { db }: Pick<AutomationDeps, "db">) {
  route(app, calls.automationList, async ({ user, query }) => ({
    message: "automations.list",
    data: await listAutomations(db, user.id, query.business_id),
  }));

  route(app, calls.automationSave, async ({ user, body }) => {
    const data = await saveAutomation(db, user.id, body);
    return { message: body.enabled ? "automations.on" : "automations.off", data };
  });

  route(app, calls.automationLog, async ({ user, query }) => ({
    message: "automations.log",
    data: await automationLog(db, user.id, query),
  }));
}
