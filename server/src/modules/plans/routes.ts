import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { route } from "../../http/route";
import { presentPlan } from "./present";
import { listActivePlans } from "./queries";

export function planRoutes(app: FastifyInstance) {
  route(app, calls.subscriptionPlanList, async ({ t }) => {
    const rows = await listActivePlans(app.db, calls.subscriptionPlanList.list.max);
    return { message: "plans.list", data: rows.map((plan) => presentPlan(plan, t.locale)) };
  });
}
