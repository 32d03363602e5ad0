import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { calls } from "../../../../contract/calls";
import type { Limit } from "../../services/rate-limit";
import { contactMessages, homePages, pages, reviews } from "../../db/schema";
import { notFound } from "../../http/errors";
import { route } from "../../http/route";
import { sanitizePageHtml } from "../../../../contract/sanitize";
import { contactMail, type ContactMailJob } from "./contact-mail";
import type { HomePageTexts } from "../../../../contract/site";
import { localizeContent } from "../../i18n/localized-content";

/** The contact form is public: a few messages per visitor, enough for a real one to get through. */
export const contactLimits = {
  contactPerIp: { max: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/** What the site routes use that the composition root (app.ts) creates. */
export type SiteDeps = { contactMailJob: ContactMailJob };

export function siteRoutes(app: FastifyInstance, { contactMailJob }: SiteDeps) {
  // The site's texts in the request's language (Accept-Language): the operator's translation where
  // one was written, English where none.
  route(app, calls.homePageList, async ({ query, t }) => {
    const [home] = await app.db.select().from(homePages).where(eq(homePages.slug, query.slug)).limit(1);
    if (!home) throw notFound("site.homeNotFound");
    const english: HomePageTexts = {
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
    };
    return {
      message: "site.home",
      data: {
        id: home.id,
        slug: home.slug,
        logo: home.logo,
        facebook: home.facebook,
        twitter: home.twitter,
        instagram: home.instagram,
        ...localizeContent(english, home.translations, t.locale),
        updated_at: home.updatedAt.toISOString(),
      },
    };
  });

  route(app, calls.pages, async ({ query, t }) => {
    const [page] = await app.db.select().from(pages).where(eq(pages.slug, query.slug)).limit(1);
    if (!page) throw notFound("site.pageNotFound");
    const texts = localizeContent(
      { title: page.title, description: page.description, content: page.content },
      page.translations,
      t.locale,
    );
    return {
      message: "site.page",
      data: {
        slug: page.slug,
        ...texts,
        // Sanitised on save too; this pass covers content edited straight in the database.
        content: sanitizePageHtml(texts.content),
        updated_at: page.updatedAt.toISOString(),
      },
    };
  });

  route(app, calls.reviewList, async ({ t }) => {
    const rows = await app.db
      .select({
        id: reviews.id,
        name: reviews.name,
        business: reviews.business,
        rating: reviews.rating,
        text: reviews.text,
        translations: reviews.translations,
      })
      .from(reviews)
      .where(and(eq(reviews.active, true)))
      .orderBy(asc(reviews.sortOrder), asc(reviews.id))
      .limit(calls.reviewList.list.max);
    const data = rows.map(({ translations, ...review }) => ({
      ...review,
      ...localizeContent({ business: review.business, text: review.text }, translations, t.locale),
    }));
    return { message: "site.reviews", data };
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
