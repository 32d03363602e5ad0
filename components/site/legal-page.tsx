import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { pageMetadata } from "@/lib/seo";
import { getPage } from "@/lib/site-data";

/** The legal pages' routes and the slugs the API knows them by (spec.md §2). */
export const LEGAL_PAGES = {
  "/privacy-policy": { slug: "privacy-policy", title: "Privacy Policy" },
  "/privacy-policy-1": { slug: "privacy-policy-1", title: "Privacy Policy" },
  "/terms-condition": { slug: "terms-condition", title: "Terms & Conditions" },
} as const;
export type LegalPath = keyof typeof LEGAL_PAGES;

export async function legalMetadata(path: LegalPath): Promise<Metadata> {
  const page = await getPage(LEGAL_PAGES[path].slug);
  const found = page && page !== "missing" ? page : null;
  return pageMetadata({ path, title: found?.title ?? LEGAL_PAGES[path].title, description: found?.description });
}

/**
 * A server-provided page. The API sanitises the HTML (sanitize-html, on save and on serve), so it
 * is inserted as markup; it can hold no script and no event handler attribute.
 */
export async function LegalPage({ path }: { path: LegalPath }) {
  const page = await getPage(LEGAL_PAGES[path].slug);
  if (page === "missing") notFound();
  return (
    <article className="legal" aria-labelledby="legal-title">
      <h1 id="legal-title">{page?.title ?? LEGAL_PAGES[path].title}</h1>
      {page ? (
        <>
          <p className="muted">
            Last updated{" "}
            <time dateTime={page.updated_at}>
              {new Date(page.updated_at).toLocaleDateString("en-GB", {
                day: "numeric",
                month: "long",
                year: "numeric",
                timeZone: "UTC",
              })}
            </time>
          </p>
          <div className="legal-content" dangerouslySetInnerHTML={{ __html: page.content }} />
        </>
      ) : (
        <p>This page could not be loaded just now. Please reload the page in a moment.</p>
      )}
    </article>
  );
}
