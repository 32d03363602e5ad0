import { and, eq, sql } from "drizzle-orm";
import { sanitizePageHtml } from "../../../contract/sanitize";
import type { Db } from "../db/client";
import { homePages, pages, reviews } from "../db/schema";
import { LEGAL_PAGES } from "./legal-pages";
import { HOME_PAGE, REVIEWS } from "./site-content";
import { HOME_PAGE_TRANSLATIONS, REVIEW_TRANSLATIONS } from "./site-translations";

/** A row the operator has not translated yet (the column's default). */
const untranslated = (column: typeof homePages.translations | typeof reviews.translations) =>
  sql`${column} = '{}'::jsonb`;

/**
 * Idempotent: adds the home page, legal pages and reviews that are missing and never overwrites
 * what the operator has edited since. Rows seeded before the site spoke every language get the
 * seeded translations too, as long as they have none and their English is still the seed's.
 */
export async function seedSite(db: Db) {
  await db
    .insert(homePages)
    .values({ ...HOME_PAGE, translations: HOME_PAGE_TRANSLATIONS })
    .onConflictDoNothing({ target: homePages.slug });
  await db
    .update(homePages)
    .set({ translations: HOME_PAGE_TRANSLATIONS })
    .where(
      and(
        eq(homePages.slug, HOME_PAGE.slug),
        eq(homePages.heroTitle, HOME_PAGE.heroTitle),
        eq(homePages.heroText, HOME_PAGE.heroText),
        untranslated(homePages.translations),
      ),
    );
  await db
    .insert(pages)
    .values(LEGAL_PAGES.map((page) => ({ ...page, content: sanitizePageHtml(page.content.trim()) })))
    .onConflictDoNothing({ target: pages.slug });
  await db
    .insert(reviews)
    .values(REVIEWS.map((review) => ({ ...review, translations: REVIEW_TRANSLATIONS[review.name] ?? {} })))
    .onConflictDoUpdate({
      target: [reviews.name, reviews.text],
      set: { translations: sql`excluded.translations` },
      setWhere: untranslated(reviews.translations),
    });
}
