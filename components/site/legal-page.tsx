import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import type { Locale } from "@/contract/locales";
import { pageMetadata } from "@/lib/server/seo";
import { getPage } from "@/lib/server/site-data";

/**
 * The legal pages' routes, the slugs the API knows them by and the key in
 * `site.footer` of the title shown while the page's own (CMS, untranslated) title is missing.
 */
export const LEGAL_PAGES = {
  "/privacy-policy": { slug: "privacy-policy", title: "privacy" },
  "/privacy-policy-1": { slug: "privacy-policy-1", title: "privacy" },
  "/terms-condition": { slug: "terms-condition", title: "terms" },
} as const;
export type LegalPath = keyof typeof LEGAL_PAGES;

export async function legalMetadata(path: LegalPath, locale: Locale): Promise<Metadata> {
  const page = await getPage(LEGAL_PAGES[path].slug, locale);
  const found = page && page !== "missing" ? page : null;
  const t = await getTranslations({ locale, namespace: "site.footer" });
  return pageMetadata({
    path,
    locale,
    title: found?.title ?? t(LEGAL_PAGES[path].title),
    description: found?.description,
  });
}

/**
 * A server-provided page. The API sanitises the HTML (sanitize-html, on save and on serve), so it
 * is inserted as markup; it can hold no script and no event handler attribute.
 */
export async function LegalPage({ path, locale }: { path: LegalPath; locale: Locale }) {
  const page = await getPage(LEGAL_PAGES[path].slug, locale);
  if (page === "missing") notFound();
  const t = await getTranslations({ locale, namespace: "site" });
  const format = await getFormatter({ locale });
  return (
    <article className="legal" aria-labelledby="legal-title">
      <h1 id="legal-title" data-user-content={page ? "" : undefined}>
        {page?.title ?? t(`footer.${LEGAL_PAGES[path].title}`)}
      </h1>
      {page ? (
        <>
          <p className="muted">
            {t.rich("legal.lastUpdated", {
              date: format.dateTime(new Date(page.updated_at), {
                day: "numeric",
                month: "long",
                year: "numeric",
                timeZone: "UTC",
              }),
              time: (chunks) => <time dateTime={page.updated_at}>{chunks}</time>,
            })}
          </p>
          <div className="legal-content" data-user-content="" dangerouslySetInnerHTML={{ __html: page.content }} />
        </>
      ) : (
        <p>{t("legal.unavailable")}</p>
      )}
      {LEGAL_PAGES[path].title === "privacy" && <ReachChannels locale={locale} />}
    </article>
  );
}

/** The channels a business may reach a card holder on, and how to turn each off: ours, beside the operator's text. */
async function ReachChannels({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "reach.privacy" });
  return (
    <section aria-labelledby="reach-channels-title">
      <h2 id="reach-channels-title">{t("title")}</h2>
      <p>{t("intro")}</p>
      <ul>
        <li>{t("pass")}</li>
        <li>{t("push")}</li>
        <li>{t("email")}</li>
        <li>{t("sms")}</li>
      </ul>
      <p>{t("choose")}</p>
    </section>
  );
}
