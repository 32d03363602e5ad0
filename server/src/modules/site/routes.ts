import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import type { Limit } from "../../services/rate-limit";
import { contactMessages, homePages, pages, reviews } from "../../db/schema";
import { notFound } from "../../http/errors";
import { route } from "../../http/route";
import { sanitizePageHtml } from "../../../../contract/sanitize";
import { contactMail, type ContactMailJob } from "./contact-mail";

/** The contact form is public: a few messages per visitor, enough for a real one to get through. */
export const contactLimits = {
  contactPerIp: { max: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/** What the site routes use that the composition root (app.ts) creates. */
export type SiteDeps = { contactMailJob: ContactMailJob };

export function siteRoutes(app: FastifyInstance, { contactMailJob }: SiteDeps) {
  route(app, calls.homePageList, async ({ query }) => {
    const [home] = await app.db.select().from(homePages).where(eq(homePages.slug, query.slug)).limit(1);
    if (!home) throw notFound("site.homeNotFound");
    return {
      message: "site.home",
      data: {
        id: home.id,
        slug: home.slug,
        logo: home.logo,
        facebook: home.facebook,
        twitter: home.twitter,
        instagram: home.instagram,
        hero_title: home.heroTitle,
        hero_text: home.heroText,
        about_title: home.aboutTitle,
        about_text: home.aboutText,
        about_points: home.aboutPoints,
        how_title: home.howTitle,
        how_steps: home.howSteps,
        pricing_title: home.pricingTitle,
        pricing_text: home.pricingText,
        contact_title: home.contactTitle,
        contact_text: home.contactText,
        updated_at: home.updatedAt.toISOString(),
      },
    };
  });

  route(app, calls.pages, async ({ query }) => {
    const [page] = await app.db.select().from(pages).where(eq(pages.slug, query.slug)).limit(1);
    if (!page) throw notFound("site.pageNotFound");
    return {
      message: "site.page",
      data: {
        slug: page.slug,
        title: page.title,
        description: page.description,
        // Sanitised on save too; this pass covers content edited straight in the database.
        content: sanitizePageHtml(page.content),
        updated_at: page.updatedAt.toISOString(),
      },
    };
  });

  route(app, calls.reviewList, async () => {
    const rows = await app.db
      .select({
        id: reviews.id,
        name: reviews.name,
        business: reviews.business,
        rating: reviews.rating,
        text: reviews.text,
      })
      .from(reviews)
      .where(and(eq(reviews.active, true)))
      .orderBy(asc(reviews.sortOrder), asc(reviews.id))
      .limit(calls.reviewList.list.max);
    return { message: "site.reviews", data: rows };
  });

  route(app, calls.contactUs, async ({ body, request }) => {
    await app.limiter.hit(`contact:ip:${request.ip}`, contactLimits.contactPerIp);
    // The message and its mail job commit together; the mail goes out (with retries) from a worker.
    await app.db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(contactMessages)
        .values({
          email: body.email,
          name: body.name,
          phoneNumber: body.phone_number,
          companyName: body.company_name,
          message: body.message,
          ip: request.ip,
        })
        .returning({ id: contactMessages.id });
      await contactMailJob.enqueue(tx, contactMail(body, saved!.id, app.config));
    });
    return { message: "site.contactSent" };
  });
}
