import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import type { Limit } from "../../services/rate-limit";
import { route } from "../../http/route";
import { homePage, listReviews, saveContactMessage, sitePage, type SiteDeps } from "./service";

/** The contact form is public: a few messages per visitor, enough for a real one to get through. */
export const contactLimits = {
  contactPerIp: { max: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

export function siteRoutes(app: FastifyInstance, deps: SiteDeps) {
  route(app, calls.homePageList, async ({ query, t }) => ({
    message: "site.home",
    data: await homePage(deps.db, query.slug, t.locale),
  }));

  route(app, calls.pages, async ({ query, t }) => ({
    message: "site.page",
    data: await sitePage(deps.db, query.slug, t.locale),
  }));

  route(app, calls.reviewList, async ({ t }) => ({
    message: "site.reviews",
    data: await listReviews(deps.db, t.locale, calls.reviewList.list.max),
  }));

  route(app, calls.contactUs, async ({ body, request }) => {
    await deps.limiter.hit(`contact:ip:${request.ip}`, contactLimits.contactPerIp);
    await saveContactMessage(deps, body, request.ip);
    return { message: "site.contactSent" };
  });
}
