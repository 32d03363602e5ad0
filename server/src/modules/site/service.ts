import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Locale } from "../../../../contract/locales";
import type { HomePageData, HomePageTexts, PageData, contactUsBody } from "../../../../contract/site";
import { sanitizePageHtml } from "../../../../contract/sanitize";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { contactMessages, homePages, pages, reviews } from "../../db/schema";
import { notFound } from "../../http/errors";
import { localizeContent } from "../../i18n/localized-content";
import type { RateLimiter } from "../../services/rate-limit";
import { contactMail, type ContactMailJob } from "./contact-mail";

/** What the site module uses that the composition root (app.ts) creates. */
export type SiteDeps = {
  db: Db;
  limiter: RateLimiter;
  config: Pick<Config, "appName" | "contactEmail">;
  contactMailJob: ContactMailJob;
};

// The site's texts in the request's language (Accept-Language): the operator's translation where
// one was written, English where none.

export async function homePage(db: Db, slug: string, locale: Locale): Promise<HomePageData> {
  const [home] = await db.select().from(homePages).where(eq(homePages.slug, slug)).limit(1);
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
    id: home.id,
    slug: home.slug,
    logo: home.logo,
    facebook: home.facebook,
    twitter: home.twitter,
    instagram: home.instagram,
    ...localizeContent(english, home.translations, locale),
    updated_at: home.updatedAt.toISOString(),
  };
}

export async function sitePage(db: Db, slug: string, locale: Locale): Promise<PageData> {
  const [page] = await db.select().from(pages).where(eq(pages.slug, slug)).limit(1);
  if (!page) throw notFound("site.pageNotFound");
  const texts = localizeContent(
    { title: page.title, description: page.description, content: page.content },
    page.translations,
    locale,
  );
  return {
    slug: page.slug,
    ...texts,
    // Sanitised on save too; this pass covers content edited straight in the database.
    content: sanitizePageHtml(texts.content),
    updated_at: page.updatedAt.toISOString(),
  };
}

export async function listReviews(db: Db, locale: Locale, max: number) {
  const rows = await db
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
    .limit(max);
  return rows.map(({ translations, ...review }) => ({
    ...review,
    ...localizeContent({ business: review.business, text: review.text }, translations, locale),
  }));
}

/** Stores a contact message; the operator's copy goes out (with retries) from a worker. */
export async function saveContactMessage(deps: SiteDeps, body: z.output<typeof contactUsBody>, ip: string) {
  // The message and its mail job commit together.
  await deps.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(contactMessages)
      .values({
        email: body.email,
        name: body.name,
        phoneNumber: body.phone_number,
        companyName: body.company_name,
        message: body.message,
        ip,
      })
      .returning({ id: contactMessages.id });
    await deps.contactMailJob.enqueue(tx, contactMail(body, saved!.id, deps.config));
  });
}
