import { sanitizePageHtml } from "../../../contract/sanitize";
import type { Db } from "../db/client";
import { homePages, pages, reviews } from "../db/schema";
import { LEGAL_PAGES } from "./legal-pages";
import { HOME_PAGE, REVIEWS } from "./site-content";

/**
 * Idempotent: adds the home page, legal pages and reviews that are missing and never overwrites
 * what the operator has edited since.
 */
export async function seedSite(db: Db) {
  await db.insert(homePages).values(HOME_PAGE).onConflictDoNothing({ target: homePages.slug });
  await db
    .insert(pages)
    .values(LEGAL_PAGES.map((page) => ({ ...page, content: sanitizePageHtml(page.content.trim()) })))
    .onConflictDoNothing({ target: pages.slug });
  await db
    .insert(reviews)
    .values(REVIEWS)
    .onConflictDoNothing({ target: [reviews.name, reviews.text] });
}
