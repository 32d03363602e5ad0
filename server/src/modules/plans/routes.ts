import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { plans } from "../../db/schema";
import { route } from "../../http/route";
import { presentPlan } from "./present";

export function planRoutes(app: FastifyInstance) {
  route(app, calls.subscriptionPlanList, async ({ t }) => {
    const rows = await app.db
      .select()
      .from(plans)
      .where(eq(plans.active, true))
      .orderBy(asc(plans.sortOrder), asc(plans.id))
      .limit(calls.subscriptionPlanList.list.max);
    return { message: "plans.list", data: rows.map((plan) => presentPlan(plan, t.locale)) };
  });
}
