import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import type { Db } from "../../db/client";
import { route } from "../../http/route";
import { analyticsCohorts } from "./cohorts";
import { analyticsLift, updateControlGroup } from "./lift";
import { analyticsRfm } from "./rfm";
import { analyticsStaff, updateStaffAlert } from "./staff";
import { analyticsSummary } from "./summary";

/** Insights: the owner's figures of a business. */
export function insightRoutes(app: FastifyInstance, deps: { db: Db }) {
  route(app, calls.analyticsSummary, async ({ user, query }) => ({
    message: "insights.summary",
    data: await analyticsSummary(deps.db, user.id, query),
  }));

  route(app, calls.controlGroupUpdate, async ({ user, body }) => ({
    message: "insights.controlGroup",
    data: await updateControlGroup(deps.db, user.id, body),
  }));

  route(app, calls.analyticsLift, async ({ user, query }) => ({
    message: "insights.lift",
    data: await analyticsLift(deps.db, user.id, query),
  }));

  route(app, calls.analyticsCohorts, async ({ user, query }) => ({
    message: "insights.cohorts",
    data: await analyticsCohorts(deps.db, user.id, query),
  }));

  route(app, calls.analyticsRfm, async ({ user, query }) => ({
    message: "insights.rfm",
    data: await analyticsRfm(deps.db, user.id, query),
  }));

  route(app, calls.analyticsStaff, async ({ user, query }) => ({
    message: "insights.staff",
    data: await analyticsStaff(deps.db, user.id, query),
  }));

  route(app, calls.staffAlertUpdate, async ({ user, body }) => ({
    message: "insights.staffAlert",
    data: await updateStaffAlert(deps.db, user.id, body),
  }));
}
