import { useLocale, useTranslations } from "next-intl";
import type { HomePageData } from "@/contract/site";
import { isLocale } from "@/contract/locales";
import { localizedPath } from "@/lib/i18n/paths";
import { APP_NAME } from "@/lib/site";

/** `label`: the key of the link's text in `site.nav`. */
const SECTION_LINKS = [
  { id: "home", label: "home" },
  { id: "about-us", label: "aboutUs" },
  { id: "how-it-work", label: "howItWorkFooter" },
  { id: "contact-us", label: "contactUs" },
] as const;

const SOCIAL = [
  { key: "facebook", label: "Facebook" },
  { key: "twitter", label: "Twitter" },
  { key: "instagram", label: "Instagram" },
] as const;

/**
 * The public site's footer; plain links (no next/link) keep the client router's link code off the public
 * pages, which are static documents anyway. The social links come from the home data and are left
 * out when unset.
 */
export function Footer({ home, year }: { home: HomePageData | null; year: number }) {
  const t = useTranslations("site");
  const current = useLocale();
  const locale = isLocale(current) ? current : "en";
  const social = SOCIAL.filter(({ key }) => home?.[key]);
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <nav aria-label={t("nav.footer")}>
          <ul className="footer-links">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <a href={`${localizedPath(locale, "/")}#${link.id}`}>{t(`nav.${link.label}`)}</a>
              </li>
            ))}
            <li>
              <a href="/register">{t("footer.becomeMember")}</a>
            </li>
            <li>
              <a href={localizedPath(locale, "/privacy-policy")}>{t("footer.privacy")}</a>
            </li>
            <li>
              <a href={localizedPath(locale, "/terms-condition")}>{t("footer.terms")}</a>
            </li>
          </ul>
        </nav>
        {social.length > 0 && (
          <ul className="footer-social" aria-label={t("footer.social")}>
            {social.map(({ key, label }) => (
              <li key={key}>
                <a href={home![key]} rel="noopener noreferrer" target="_blank">
                  {label}
                  <span className="visually-hidden"> {t("footer.newTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="footer-copy">{t("footer.rights", { year: String(year), app: APP_NAME })}</p>
      </div>
    </footer>
  );
}
