import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import { actingOwnerId } from "../../http/auth";
import { route } from "../../http/route";
import { businessCategoryList, countryList, dashboardDetails, type DashboardDeps } from "./service";

export function dashboardRoutes(app: FastifyInstance, deps: DashboardDeps) {
  // Staff see their owner's figures: they work for the same businesses.
  route(app, calls.dashboardDetails, async ({ user }) => ({
    message: "dashboard.details",
    data: await dashboardDetails(deps.db, actingOwnerId(user)),
  }));

  route(app, calls.categoryList, async () => ({
    message: "dashboard.categories",
    data: await businessCategoryList(deps.db, calls.categoryList.list.max),
  }));

  route(app, calls.countryList, async () => ({
    message: "dashboard.countries",
    data: await countryList(deps.db, calls.countryList.list.max),
  }));
}
